import { Controller, Get, INestApplication, Injectable, Type } from '@nestjs/common';
import { ApiExcludeController, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { Public } from '../auth/auth.decorators';
import { RawResponse } from '../http/response.decorators';
import type { ServiceDescriptor } from '../service';
import { ERROR_ENVELOPE, ERROR_ENVELOPE_SCHEMA } from './api-responses';

/**
 * The service's OpenAPI document, built on its first request rather than at start: building it
 * walks every controller and DTO, which took several megabytes of short-lived memory in each
 * process's start-up peak for a document most processes never serve.
 */
@Injectable()
export class OpenApiDocument {
  private builder: (() => OpenAPIObject) | null = null;
  private built: OpenAPIObject | null = null;

  /** Called once the app is assembled; the document is built from it when first asked for. */
  source(build: () => OpenAPIObject): void {
    this.builder = build;
    this.built = null;
  }

  get document(): OpenAPIObject | null {
    if (!this.built && this.builder) this.built = this.builder();
    return this.built;
  }
}

export function createOpenApiController(): Type {
  @ApiExcludeController()
  @Public()
  @SkipThrottle()
  @RawResponse()
  @Controller()
  class OpenApiController {
    constructor(private readonly holder: OpenApiDocument) {}

    @Get('openapi.json')
    document() {
      return this.holder.document;
    }
  }
  return OpenApiController;
}

/** Builds the service's OpenAPI 3 document with the suite's security schemes and envelopes. */
export function buildOpenApiDocument(app: INestApplication, service: ServiceDescriptor): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(service.title)
    .setDescription(
      `${service.description}\n\nEvery response is an envelope: \`{ success, message, data }\` on success, ` +
        '`{ success: false, message, code, errors?, statusCode, timestamp }` on error. Clients use `code` for logic. ' +
        'Authenticated routes need `Authorization: Bearer <token>`, `X-Platform-Api-Key` and `X-Platform-Client-Id: platform-developer`.',
    )
    .setVersion('1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Platform-Api-Key' }, 'apiKey')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Platform-Client-Id', description: 'Always `platform-developer`' }, 'clientId')
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}` });
  document.components = { ...document.components, schemas: { ...document.components?.schemas, [ERROR_ENVELOPE_SCHEMA]: ERROR_ENVELOPE } };
  return document;
}
