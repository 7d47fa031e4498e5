import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, ApiTags, DECORATORS, getSchemaPath } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ERROR_CODES, ErrorCode } from '@platform/contracts/errors/error-codes';
import { COUNTED_TOTAL_TTL_MS, EXACT_TOTAL_UP_TO } from '../http/pagination';

/** The name of the one error envelope schema in every document's `components.schemas`. */
export const ERROR_ENVELOPE_SCHEMA = 'ErrorEnvelope';

/** `{ success: false, message, code, errors?, details?, statusCode, timestamp }`, as the exception filter writes it. */
export const ERROR_ENVELOPE: SchemaObject = {
  type: 'object',
  required: ['success', 'message', 'code', 'statusCode', 'timestamp'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string', description: 'Human-readable, in the language of `Accept-Language` (en, fr).' },
    code: {
      type: 'string',
      enum: Object.keys(ERROR_CODES),
      description: 'The machine-readable error code, one of the registry’s: branch on this, not on `message`.',
    },
    errors: {
      type: 'object',
      description: 'VALIDATION_FAILED only: the messages of each invalid field, by its path (`lines.0.amount`).',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
    details: { type: 'object', additionalProperties: true, description: 'Facts about this error a client can act on (e.g. the available amount), by code.' },
    statusCode: { type: 'integer', minimum: 400, maximum: 599 },
    timestamp: { type: 'string', format: 'date-time' },
  },
};

const ERROR_CODES_KEY = 'platform:openapi-error-codes';

/** The error codes a handler declared with @ApiErrors, by status. */
export function declaredErrorCodes(handler: Function): Map<number, ErrorCode[]> {
  return (Reflect.getMetadata(ERROR_CODES_KEY, handler) as Map<number, ErrorCode[]> | undefined) ?? new Map();
}

/** The description of an error response listing its codes. */
export function errorResponseDescription(codes: readonly ErrorCode[]): string {
  return codes.map((code) => `\`${code}\`: ${ERROR_CODES[code].message.en.replace(/\{(\w+)\}/g, '<$1>')}`).join('\n\n');
}

/**
 * Declares the error codes a route can answer beyond those every route of its kind answers
 * (the document adds those: VALIDATION_FAILED, the authentication codes, RATE_LIMITED,
 * UPSTREAM_UNAVAILABLE…). The status of each is the registry's; codes of one status are
 * listed together on the status's response, whose body is the shared error envelope. Several
 * @ApiErrors on one handler add up.
 */
export function ApiErrors(...codes: ErrorCode[]): MethodDecorator {
  return (target, key, descriptor) => {
    const handler = descriptor.value as unknown as Function;
    const byStatus = new Map(declaredErrorCodes(handler));
    for (const code of codes) {
      const status = ERROR_CODES[code].status;
      const listed = byStatus.get(status) ?? [];
      if (!listed.includes(code)) byStatus.set(status, [...listed, code]);
    }
    Reflect.defineMetadata(ERROR_CODES_KEY, byStatus, handler);
    // each status's response is written afresh with every code listed so far (@nestjs/swagger would append the description)
    const responses = { ...(Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) as Record<string, unknown> | undefined) };
    for (const status of byStatus.keys()) delete responses[status];
    Reflect.defineMetadata(DECORATORS.API_RESPONSE, responses, handler);
    for (const [status, listed] of byStatus) {
      ApiResponse({ status, description: errorResponseDescription(listed), schema: { $ref: `#/components/schemas/${ERROR_ENVELOPE_SCHEMA}` } })(
        target,
        key,
        descriptor,
      );
    }
    return descriptor;
  };
}

export interface EnvelopeOptions {
  /** `data` is a page: `{ items: model[], page, limit, total }`, and in cursor mode `nextCursor` (PageQueryDto). */
  page?: boolean;
  /** With `page`: false for a page of a view that is not a list of records (PageOnlyQueryDto: no cursor mode, no `nextCursor`). */
  sync?: boolean;
  /** `data` is an array of the model. */
  isArray?: boolean;
  /** The response has no `data` (an action that answers only `{ success, message }`). */
  empty?: boolean;
}

const TOTAL_DESCRIPTION =
  `Every row the filters (\`updatedSince\` included) select, wherever this page is. Exact up to ${EXACT_TOTAL_UP_TO.toLocaleString('en-US')} rows; ` +
  `a larger total is counted at most once every ${COUNTED_TOTAL_TTL_MS / 1000} seconds per list and filters, and the pages asked meanwhile answer that count.`;

/** The schema of a page of items in `data`: a list's (page or cursor mode), or with `sync: false` numbered pages only. */
export function pageSchema(items: SchemaObject | { $ref: string }, { sync = true }: { sync?: boolean } = {}): SchemaObject {
  const numbered: SchemaObject = { type: 'integer', minimum: 1, example: 1 };
  if (!sync) {
    return {
      type: 'object',
      required: ['items', 'page', 'limit', 'total'],
      properties: {
        items: { type: 'array', items: items as SchemaObject },
        page: numbered,
        limit: { type: 'integer', minimum: 1, example: 20 },
        total: { type: 'integer', minimum: 0, example: 1, description: TOTAL_DESCRIPTION },
      },
    };
  }
  return {
    type: 'object',
    required: ['items', 'page', 'limit', 'total'],
    properties: {
      items: { type: 'array', items: items as SchemaObject },
      page: { ...numbered, nullable: true, description: 'Page mode: the page’s number. Cursor mode (`cursor` sent): null.' },
      limit: { type: 'integer', minimum: 1, example: 20 },
      total: { type: 'integer', minimum: 0, example: 1, description: `${TOTAL_DESCRIPTION} Cursor mode: as counted on the walk’s first page.` },
      nextCursor: {
        type: 'string',
        nullable: true,
        example: 'WyIwMTk1YTFiMi0wMDAwLTRjMDAtOGFhYS0wMDAwMDAwMDAwMDAiXQ',
        description: 'Cursor mode only (absent in page mode): the `cursor` of the next page; null after the last.',
      },
    },
  };
}

/** The success envelope `{ success: true, message, data }` with `data` of the given schema. */
export function envelopeSchema(data?: SchemaObject | { $ref: string }): SchemaObject {
  const properties: Record<string, SchemaObject> = { success: { type: 'boolean', enum: [true] }, message: { type: 'string' } };
  if (data) properties.data = data as SchemaObject;
  return { type: 'object', required: data ? ['success', 'message', 'data'] : ['success', 'message'], properties };
}

/**
 * Declares a success response as the envelope `{ success, message, data }` with `data` the
 * given model (a DTO class whose properties carry @ApiProperty), an array of it, or a page of it.
 */
export function ApiEnvelope(status: number, model: Type | null, description: string, options: EnvelopeOptions = {}) {
  const ref = model ? { $ref: getSchemaPath(model) } : undefined;
  const data =
    options.empty || !ref
      ? undefined
      : options.page
        ? pageSchema(ref, { sync: options.sync })
        : options.isArray
          ? ({ type: 'array', items: ref } as SchemaObject)
          : ref;
  const decorators = [ApiResponse({ status, description, schema: envelopeSchema(data) })];
  if (model) decorators.unshift(ApiExtraModels(model));
  return applyDecorators(...decorators);
}

const TAG_DESCRIPTIONS = new Map<string, string>();

/**
 * Groups a controller's routes under a tag, as @ApiTags does, and gives the tag the description
 * the document lists for it (one description per tag name, whichever controller gives it).
 */
export function ApiTag(name: string, description: string): ClassDecorator & MethodDecorator {
  TAG_DESCRIPTIONS.set(name, description);
  return ApiTags(name);
}

/** The descriptions given by @ApiTag, by tag name. */
export function tagDescriptions(): ReadonlyMap<string, string> {
  return TAG_DESCRIPTIONS;
}
