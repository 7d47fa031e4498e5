import { applyDecorators } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { IsISO8601, isISO8601, Matches, ValidateBy, ValidationOptions } from 'class-validator';
import { Transform } from 'class-transformer';

export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A `YYYY-MM-DD` string that is a real calendar date (2024-02-30 is refused). */
export function IsDateOnly(): PropertyDecorator {
  return applyDecorators(
    Matches(DATE_ONLY, { message: ({ property }) => `${property} must be a date as YYYY-MM-DD` }),
    IsISO8601({ strict: true }, { message: ({ property }) => `${property} must be a valid calendar date` }),
  );
}

/** The check of IsDateOnly, for values validated outside a DTO. */
export function isDateOnly(value: unknown): value is string {
  return typeof value === 'string' && DATE_ONLY.test(value) && isISO8601(value, { strict: true });
}

/** A number of days in steps of half a day (class-validator's IsDivisibleBy only takes integers). */
export function IsHalfDayMultiple(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isHalfDayMultiple',
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) && Number.isInteger(value * 2),
        defaultMessage: (args) => `${args?.property ?? 'value'} must be a multiple of 0.5`,
      },
    },
    options,
  );
}

/** `"a,b"` query values become `["a", "b"]`; an array (repeated parameter) is kept. */
export const CommaSeparated = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value));

/**
 * What IsUUID() and ParseUUIDPipe accept (validator's `all`: versions 1–8 with the RFC 4122
 * variant, the nil and the max uuid), for the OpenAPI document: `format: uuid` alone is looser
 * (ajv-formats takes any hex digits and a `urn:uuid:` prefix).
 */
export const UUID_PATTERN =
  '^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$';
export const UUID = { format: 'uuid', pattern: UUID_PATTERN } as const;

/** Documents the `id` path parameter of a by-id route: a uuid; any other text is answered as not found. */
export const ApiIdParam = (what: string) => ApiParam({ name: 'id', description: `The ${what}’s id. Any other text is answered as not found.`, schema: { type: 'string', ...UUID } });
