import { buildMessage, ValidateBy, ValidationOptions } from 'class-validator';

/**
 * class-validator's `@ArrayUnique`, in linear time. Its check compares each item with every one
 * before it (`indexOf` within `filter`): 180 ms for 10,000 distinct items, run even when
 * `@ArrayMaxSize` has refused the array. Items, or what `identifier` returns for them, are
 * compared as a Set compares them (as `===` does, for what JSON holds). Same rule name and message.
 */
export function ArrayDistinct<T>(identifier?: (item: T) => unknown, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'arrayUnique',
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) && new Set(identifier ? value.map((item) => (item != null ? identifier(item) : item)) : value).size === value.length,
        defaultMessage: buildMessage((eachPrefix) => `${eachPrefix}All $property's elements must be unique`, options),
      },
    },
    options,
  );
}
