import { ArgumentsHost, Catch, ExceptionFilter, HttpException, NotFoundException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, ErrorCode, ErrorDefinition, HTTP_ERROR_MESSAGES, Language } from '@platform/contracts/errors/error-codes';
import { interpolate, negotiateLanguage } from './i18n';
import { translateFieldErrors } from './validation-messages';
import { findAllowedMethods } from '../http/allowed-methods';
import { FieldErrors, PlatformException } from './platform.exception';
import { InjectPlatformLogger, PlatformLogger } from '../logging/platform-logger';

export interface ErrorEnvelope {
  success: false;
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
  details?: Record<string, unknown>;
  statusCode: number;
  timestamp: string;
}

interface FrameworkError {
  statusCode?: number;
  status?: number;
  code?: string;
  message?: string;
}

/**
 * Maps every error (domain, framework, body parser, unknown route, anything thrown) to the
 * error envelope. 5xx bodies are generic; their details go only to the log, with the request id.
 */
@Catch()
export class PlatformExceptionFilter implements ExceptionFilter {
  constructor(@InjectPlatformLogger() private readonly logger: Pick<PlatformLogger, 'error'>) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const language = negotiateLanguage(request?.headers?.['accept-language']);
    const normalized = this.normalize(exception, request);

    if (normalized.status >= 500 && normalized.code === 'INTERNAL_ERROR') {
      this.logger.error({ reqId: request?.id, method: request?.method, url: request?.url, err: exception }, 'unhandled error');
    }

    const body = buildErrorEnvelope(normalized, language);
    if (reply.sent) return;
    if (normalized.options.headers) void reply.headers(normalized.options.headers);
    if (body.statusCode === 401) void reply.header('www-authenticate', wwwAuthenticate(normalized));
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private normalize(exception: unknown, request: FastifyRequest | undefined): PlatformException {
    if (exception instanceof PlatformException) return exception;
    if (exception instanceof ThrottlerException) return new PlatformException('RATE_LIMIT_EXCEEDED', { params: { retryAfter: 1 } });
    if (exception instanceof NotFoundException && request?.is404) return methodNotAllowed(request) ?? httpError(404);
    if (exception instanceof HttpException) {
      // Our code throws PlatformException; a framework 400 is always about the request body
      // (Nest re-wraps Fastify's content-parser errors, keeping only their message).
      if (exception.getStatus() === 400) return PlatformException.validation({ body: [bodyParseMessage(exception.message)] });
      return httpError(exception.getStatus());
    }

    const framework = exception as FrameworkError | null;
    const status = framework?.statusCode ?? framework?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (framework?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType(request?.headers['content-type']);
      if (status === 400) return PlatformException.validation({ body: [bodyParseMessage(framework?.message ?? '')] });
      return httpError(status);
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.error({ err: exception }, 'database unavailable');
      return new PlatformException('UPSTREAM_UNAVAILABLE', { headers: { 'retry-after': '1' } });
    }
    return new PlatformException('INTERNAL_ERROR');
  }
}

/** Network errors of a connection, and PostgreSQL's classes 08 (connection) and 57P (shutting down, starting) and 53300 (too many connections). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '53300']);

/**
 * The database is away, not the request wrong: a retry may succeed, so 503 UPSTREAM_UNAVAILABLE
 * with Retry-After, not a 500. pg's pool reports a lost or refused connection, and a connect
 * timeout, by message.
 */
export function isDatabaseUnavailable(exception: unknown): boolean {
  const error = exception as { code?: unknown; message?: unknown; driverError?: unknown } | null;
  if (!error || typeof error !== 'object') return false;
  const code = typeof error.code === 'string' ? error.code : '';
  if (UNREACHABLE.has(code) || code.startsWith('08') || code.startsWith('57P')) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  if (/^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message)) return true;
  return error.driverError !== undefined && error.driverError !== exception && isDatabaseUnavailable(error.driverError);
}

/**
 * The envelope of an error Fastify answers while routing, before any hook, guard or filter runs
 * (a malformed percent-encoding in the path, a path parameter longer than the router takes):
 * HTTP_ERROR with Fastify's status.
 */
export function routingErrorEnvelope(status: number | undefined, acceptLanguage: string | string[] | undefined): ErrorEnvelope {
  return buildErrorEnvelope(httpError(status !== undefined && status >= 400 ? status : 500), negotiateLanguage(acceptLanguage));
}

/** What the body parsers read; a body of any other type is 415 UNSUPPORTED_MEDIA_TYPE. */
export const READ_CONTENT_TYPES = 'application/json';

/** 415 naming the content type the request was sent with and the one expected. */
export function unsupportedMediaType(received: string | undefined, expected: string = READ_CONTENT_TYPES): PlatformException {
  const contentType = received?.trim() ? received.trim().slice(0, 100) : 'no Content-Type';
  return new PlatformException('UNSUPPORTED_MEDIA_TYPE', { params: { received: contentType, expected }, details: { received: received ?? null, expected } });
}

/**
 * A request the router found no route for, on a path that exists under other methods (never an
 * internal path, which answers as if it did not exist): 405 METHOD_NOT_ALLOWED with `Allow`.
 */
function methodNotAllowed(request: FastifyRequest): PlatformException | undefined {
  if (request.url.startsWith('/internal/')) return undefined;
  const allowed = findAllowedMethods(request.server)?.methodsFor(request.url) ?? [];
  if (allowed.length === 0 || allowed.includes(request.method)) return undefined;
  const list = allowed.join(', ');
  return new PlatformException('METHOD_NOT_ALLOWED', { params: { method: request.method, allowed: list }, details: { allowed }, headers: { allow: list } });
}

/**
 * RFC 6750 §3: every 401 says how to authenticate; `error="invalid_token"` when a token was sent
 * and refused (bad, revoked or expired).
 */
function wwwAuthenticate(exception: PlatformException): string {
  return exception.code === 'AUTH_TOKEN_INVALID' || exception.code === 'AUTH_TOKEN_EXPIRED'
    ? 'Bearer realm="platform", error="invalid_token"'
    : 'Bearer realm="platform"';
}

function httpError(status: number): PlatformException {
  if (status >= 500) return new PlatformException('INTERNAL_ERROR');
  return new PlatformException('HTTP_ERROR', { status });
}

function bodyParseMessage(message: string): string {
  if (/cannot be empty/i.test(message)) return 'body must not be empty when content-type is application/json';
  if (/JSON|Unexpected token|Unexpected end/i.test(message)) return 'body must be valid JSON';
  return 'body could not be read';
}

export function buildErrorEnvelope(exception: PlatformException, language: Language): ErrorEnvelope {
  const { code, options } = exception;
  const status = exception.status;
  const definition: ErrorDefinition = ERROR_CODES[code];
  const template =
    code === 'HTTP_ERROR'
      ? (HTTP_ERROR_MESSAGES[status] ?? ERROR_CODES.HTTP_ERROR.message)[language]
      : ((options.reason && definition.reasons?.[options.reason]) || definition.message)[language];
  const envelope: ErrorEnvelope = {
    success: false,
    message: interpolate(template, options.params, language),
    code,
    statusCode: status,
    timestamp: new Date().toISOString(),
  };
  if (code === 'VALIDATION_FAILED') envelope.errors = translateFieldErrors(options.errors ?? {}, language);
  if (options.details) envelope.details = options.details;
  return envelope;
}
