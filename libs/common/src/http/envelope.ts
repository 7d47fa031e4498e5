import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDeclaration } from '../auth/route-audit';
import { negotiateLanguage, SUCCESS_MESSAGES, SuccessMessageKey } from '../errors/i18n';
import { SerializedJson } from './serialized-json';

export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data?: T;
}

const BY_METHOD: Record<string, SuccessMessageKey> = { GET: 'ok', HEAD: 'ok', POST: 'created', PUT: 'updated', PATCH: 'updated', DELETE: 'deleted' };

function messageKey(route: RouteDeclaration['response'] | undefined, method: string, status: number): SuccessMessageKey {
  if (route?.message) return route.message;
  if (method === 'POST') return status === 201 ? 'created' : status === 202 ? 'accepted' : 'ok';
  return BY_METHOD[method] ?? 'ok';
}

/**
 * Wraps every successful result in `{ success: true, message, data }` from Fastify's
 * serialization hooks. Nest interceptors cost an AsyncResource and an RxJS pipeline per
 * request; this is a map lookup. Raw routes (metrics, OpenAPI, JWKS, internal feeds, file
 * bytes) and errors (already enveloped by the exception filter) pass untouched.
 */
export function installEnvelope(fastify: FastifyInstance, routes: RouteDeclaration[]): void {
  const table = new Map(routes.map((route) => [`${route.method} ${route.path}`, route.response]));
  const routeOf = (request: FastifyRequest) => table.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`);
  const envelope = (request: FastifyRequest, reply: FastifyReply, data: unknown): SuccessEnvelope<unknown> => {
    const message = SUCCESS_MESSAGES[messageKey(routeOf(request), request.method, reply.statusCode)][negotiateLanguage(request.headers['accept-language'])];
    return data === undefined ? { success: true, message } : { success: true, message, data };
  };

  fastify.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 || routeOf(request)?.raw !== false) return done(null, payload);
    if (payload instanceof SerializedJson) {
      const { message } = envelope(request, reply, undefined);
      void reply.serializer(() => `{"success":true,"message":${JSON.stringify(message)},"data":${payload.json}}`);
      return done(null, payload);
    }
    done(null, envelope(request, reply, payload));
  });

  // A handler that returns nothing sends no payload to serialize: the envelope is still due.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (payload !== undefined && payload !== '' && payload !== null) return done(null, payload);
    if (reply.statusCode >= 400 || reply.statusCode === 204 || reply.statusCode === 304 || routeOf(request)?.raw !== false) return done(null, payload);
    void reply.header('content-type', 'application/json; charset=utf-8');
    done(null, JSON.stringify(envelope(request, reply, undefined)));
  });
}
