import { ValidateBy, ValidationOptions } from 'class-validator';
import { Transform } from 'class-transformer';

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

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
