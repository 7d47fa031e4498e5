import { applyDecorators } from '@nestjs/common';
import { IsISO8601, isISO8601, Matches } from 'class-validator';

/** A calendar date as the API writes it: `YYYY-MM-DD`, with no time or zone. */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` string that is a real calendar date (2026-02-30 is refused). */
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
