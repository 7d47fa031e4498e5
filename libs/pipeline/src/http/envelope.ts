import type { FastifyReply, FastifyRequest, onSendHookHandler, preSerializationHookHandler } from 'fastify';
import type { RouteDeclaration } from '../auth/route-audit';
import { negotiateLanguage, SUCCESS_MESSAGES, SuccessMessageKey } from '../errors/i18n';
import { SerializedJson } from './serialized-json';

export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data?: T;
}

const BY_METHOD: Record<string, SuccessMessageKey> = { GET: 'ok', HEAD: 'ok', POST: 'created', PUT: 'updated', PATCH: 'updated', DELETE: 'deleted' };

function messageKey(route: RouteDeclaration['response'], method: string, status: number): SuccessMessageKey {
  if (route.message) return route.message;
  if (method === 'POST') return status === 201 ? 'created' : status === 202 ? 'accepted' : 'ok';
  return BY_METHOD[method] ?? 'ok';
}

export interface EnvelopeHooks {
  preSerialization: preSerializationHookHandler;
  onSend: onSendHookHandler;
}

/**
 * The hooks that wrap one route's successful results in `{ success: true, message, data }`,
 * attached to the route itself when it is registered, so a request pays no lookup: Nest
 * interceptors cost an AsyncResource and an RxJS pipeline per request. Raw routes (metrics,
 * OpenAPI, JWKS, internal feeds, file bytes) get none; errors are already enveloped by the
 * exception filter. `data` already serialized (SerializedJson) is embedded as it is.
 */
export function envelopeHooks(route: RouteDeclaration['response']): EnvelopeHooks | null {
  if (route.raw) return null;
  const messageOf = (request: FastifyRequest, reply: FastifyReply) =>
    SUCCESS_MESSAGES[messageKey(route, request.method, reply.statusCode)][negotiateLanguage(request.headers['accept-language'])];
  return {
    preSerialization: (request, reply, payload, done) => {
      if (reply.statusCode >= 400) return done(null, payload);
      const message = messageOf(request, reply);
      if (payload instanceof SerializedJson) {
        void reply.serializer(() => `{"success":true,"message":${JSON.stringify(message)},"data":${payload.json}}`);
        return done(null, payload);
      }
      done(null, { success: true, message, data: payload } satisfies SuccessEnvelope<unknown>);
    },
    // A handler that returns nothing sends no payload to serialize: the envelope is still due.
    onSend: (request, reply, payload, done) => {
      if (payload !== undefined && payload !== '' && payload !== null) return done(null, payload);
      if (reply.statusCode >= 400 || reply.statusCode === 204 || reply.statusCode === 304) return done(null, payload);
      void reply.header('content-type', 'application/json; charset=utf-8');
      done(null, JSON.stringify({ success: true, message: messageOf(request, reply) } satisfies SuccessEnvelope<unknown>));
    },
  };
}
