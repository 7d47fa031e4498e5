import { Controller, Get, INestApplication, Injectable, Type } from '@nestjs/common';
import { ApiExcludeController, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { DiscoveryService } from '@nestjs/core';
import { AUTH_DECLARATION_KEY, AuthDeclaration, IS_PUBLIC_KEY, Public } from '../auth/auth.decorators';
import { Environment } from '../config/environment';
import { RawResponse } from '../http/response.decorators';
import type { ServiceDescriptor } from '@platform/contracts/service';
import { withEventWebhooks } from '@platform/contracts/events/event-catalogue';
import { declaredErrorCodes, tagDescriptions } from './api-responses';
import { applyDocumentConventions, OperationFacts } from './conventions';

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

/** What the handler behind an operation declares: public or not, its scopes, its error codes. */
function operationFacts(controller: Function, methodKey: string): OperationFacts | undefined {
  const handler = (controller.prototype as Record<string, unknown>)[methodKey];
  if (typeof handler !== 'function') return undefined;
  const read = <T>(key: string): T | undefined =>
    (Reflect.getMetadata(key, handler) as T | undefined) ?? (Reflect.getMetadata(key, controller) as T | undefined);
  const isPublic = !!read<boolean>(IS_PUBLIC_KEY);
  const declaration = read<AuthDeclaration>(AUTH_DECLARATION_KEY);
  return {
    isPublic: isPublic || !declaration,
    scopes: isPublic ? [] : (declaration?.scopes ?? []),
    declared: declaredErrorCodes(handler),
    sessions: isPublic ? undefined : declaration?.sessions,
    organizationPages: !isPublic && !!declaration?.organization,
  };
}

/** Builds the service's OpenAPI 3 document with the suite's security schemes and envelopes. */
export function buildOpenApiDocument(app: INestApplication, service: ServiceDescriptor): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(service.title)
    .setDescription(
      `${service.description}\n\nEvery response is an envelope: \`{ success, message, data }\` on success, ` +
        '`{ success: false, message, code, errors?, details?, statusCode, timestamp }` on error (the `ErrorEnvelope` schema). Clients use `code` for logic; ' +
        'each error response lists the codes it can carry. ' +
        'Authenticated routes need all three headers together: `Authorization: Bearer <token>`, `X-Platform-Api-Key` and `X-Platform-Client-Id: platform-developer`. ' +
        'Every response carries `X-Request-Id`.',
    )
    .setVersion('1.0')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from `POST /api/v1/authorize/token` (15 minutes).' },
      'bearer',
    )
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Platform-Api-Key', description: 'The API key the token was minted for.' }, 'apiKey')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Platform-Client-Id', description: 'Always `platform-developer`.' }, 'clientId')
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-Platform-Session',
        description:
          'People signed in to the dashboard: the gateway checks the session cookie with auth and adds this short-lived token; it removes any a client sends.',
      },
      'platformSession',
    )
    .build();
  const controllers = new Map<string, Function>();
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    if (wrapper.metatype) controllers.set(wrapper.metatype.name, wrapper.metatype);
  }
  const facts = new Map<string, OperationFacts>();
  const operationIdFactory = (controllerKey: string, methodKey: string) => {
    const operationId = `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;
    const controller = controllers.get(controllerKey);
    const found = controller && operationFacts(controller, methodKey);
    if (found) facts.set(operationId, found);
    return operationId;
  };
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory });
  const base = app.get(Environment).PUBLIC_BASE_URL?.replace(/\/+$/, '');
  const documented = applyDocumentConventions(document, {
    facts,
    tagDescriptions: tagDescriptions(),
    servers: base
      ? [{ url: base, description: 'This deployment' }]
      : [{ url: '/', description: 'The host serving this document (every path starts with /api/v1)' }],
    license: { name: 'Proprietary: use under the Platform API terms of service', url: `${base ?? ''}/api/v1/docs` },
    contact: { name: 'Platform API support', url: `${base ?? ''}/api/v1/docs` },
  });
  // the session scheme only where a route takes sessions (an unused scheme is a lint warning)
  if (![...facts.values()].some((fact) => fact.sessions)) delete documented.components?.securitySchemes?.platformSession;
  return withEventWebhooks(documented, service.name);
}
