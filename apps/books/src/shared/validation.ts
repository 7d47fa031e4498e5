import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** An amount in minor units: a JSON integer from 0 up to 2^53 − 1, never a string or a fraction. */
export function IsAmount(): PropertyDecorator {
  return applyDecorators(
    IsInt({ message: ({ property }) => `${property} must be an integer amount in minor units` }),
    Min(0, { message: ({ property }) => `${property} must not be negative` }),
    Max(Number.MAX_SAFE_INTEGER, { message: ({ property }) => `${property} must be at most ${Number.MAX_SAFE_INTEGER}` }),
  );
}
