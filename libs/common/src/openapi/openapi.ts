import { Controller, Get, INestApplication, Injectable, Type } from '@nestjs/common';
import { ApiExcludeController, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { Public } from '../auth/auth.decorators';
import { RawResponse } from '../http/response.decorators';
import type { ServiceDescriptor } from '../service';

@Injectable()
export class OpenApiDocument {
  document: OpenAPIObject | null = null;
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
  return SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}` });
}
