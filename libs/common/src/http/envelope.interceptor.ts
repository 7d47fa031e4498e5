import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { SUCCESS_MESSAGES, SuccessMessageKey, negotiateLanguage } from '../errors/i18n';
import { RAW_RESPONSE_KEY, SUCCESS_MESSAGE_KEY } from './response.decorators';

export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data?: T;
}

const DEFAULT_BY_METHOD: Record<string, SuccessMessageKey> = {
  GET: 'ok',
  HEAD: 'ok',
  POST: 'created',
  PUT: 'updated',
  PATCH: 'updated',
  DELETE: 'deleted',
};

/** Wraps every handler result in `{ success: true, message, data }` unless the route is raw. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const handler = context.getHandler();
    const controller = context.getClass();
    if (this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE_KEY, [handler, controller])) return next.handle();

    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const declared = this.reflector.get<SuccessMessageKey | undefined>(SUCCESS_MESSAGE_KEY, handler);
    return next.handle().pipe(
      map((data: unknown) => {
        const key = declared ?? (reply.statusCode === 200 && request.method === 'POST' ? 'ok' : DEFAULT_BY_METHOD[request.method] ?? 'ok');
        const message = SUCCESS_MESSAGES[key][negotiateLanguage(request.headers['accept-language'])];
        const envelope: SuccessEnvelope<unknown> = { success: true, message };
        if (data !== undefined) envelope.data = data;
        return envelope;
      }),
    );
  }
}
