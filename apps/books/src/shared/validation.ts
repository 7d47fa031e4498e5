import { applyDecorators } from '@nestjs/common';
import { IsInt, IsISO8601, Matches, Max, Min } from 'class-validator';

export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A `YYYY-MM-DD` string that is a real calendar date (2026-02-30 is refused). */
export function IsDateOnly(): PropertyDecorator {
  return applyDecorators(
    Matches(DATE_ONLY, { message: ({ property }) => `${property} must be a date as YYYY-MM-DD` }),
    IsISO8601({ strict: true }, { message: ({ property }) => `${property} must be a valid calendar date` }),
  );
}

/** An amount in minor units: a JSON integer from 0 up to 2^53 − 1, never a string or a fraction. */
export function IsAmount(): PropertyDecorator {
  return applyDecorators(
    IsInt({ message: ({ property }) => `${property} must be an integer amount in minor units` }),
    Min(0, { message: ({ property }) => `${property} must not be negative` }),
    Max(Number.MAX_SAFE_INTEGER, { message: ({ property }) => `${property} must be at most ${Number.MAX_SAFE_INTEGER}` }),
  );
}
