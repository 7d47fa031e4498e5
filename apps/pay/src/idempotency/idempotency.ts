import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import { headerValue, PlatformException, PlatformRequest } from '@platform/pipeline';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Sent on a response that replays an earlier one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key is kept; a key used again after that is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** The OpenAPI description of the replay header, for the 201 responses of idempotent routes. */
export const REPLAYED_RESPONSE_HEADERS = {
  [REPLAYED_HEADER]: {
    description: 'Present, `true`, when this response replays an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_HEADER_DESCRIPTION =
  'Required. A unique key per operation (a UUID is a good choice), 1–255 visible ASCII characters, kept 24 hours. ' +
  'The same key with the same body replays the first response (header `Idempotent-Replayed: true`), even while the first is still ' +
  'running; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. A request refused before any money moves (validation, ' +
  'insufficient balance, unknown wallet) does not use up its key.';

/** JSON with object keys sorted at every level, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key is bound to: the kind of operation, its target and its body. */
export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** Checks an Idempotency-Key header value: IDEMPOTENCY_KEY_REQUIRED when missing or blank, VALIDATION_FAILED when malformed. */
export function parseIdempotencyKey(value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new PlatformException('IDEMPOTENCY_KEY_REQUIRED');
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw PlatformException.validation({ [IDEMPOTENCY_HEADER]: [`${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters`] });
  }
  return value;
}

/** The request's Idempotency-Key: 400 IDEMPOTENCY_KEY_REQUIRED when missing. */
export const IdempotencyKeyHeader = createParamDecorator((_: unknown, context: ExecutionContext): string =>
  parseIdempotencyKey(headerValue(context.switchToHttp().getRequest<PlatformRequest>(), 'idempotency-key')),
);

/**
 * Documents an idempotent creation: the required Idempotency-Key header and, on its 201, the
 * replay header (the 201's body is declared with ApiEnvelope; the two entries merge).
 */
export function ApiIdempotencyKey() {
  return applyDecorators(
    ApiHeader({
      name: IDEMPOTENCY_HEADER,
      required: true,
      description: IDEMPOTENCY_HEADER_DESCRIPTION,
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source, example: '5f0c8a4e-1f7b-4c2e-9a57-2b1d0f3e6c11' },
    }),
    ApiResponse({ status: 201, headers: REPLAYED_RESPONSE_HEADERS }),
  );
}
