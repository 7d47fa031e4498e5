import { applyDecorators } from '@nestjs/common';
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
  Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : value,
  );

export { ApiIdParam, UUID, UUID_PATTERN } from '@platform/pipeline';
