import { ValidateIf } from 'class-validator';

/** ValidateIf's condition of `@OptionalNotNull()`: the fast path knows the rule by this function. */
export const isSent = (_object: object, value: unknown): boolean => value !== undefined;

/**
 * A property that may be left out, but when sent (null included) must pass its rules: for a
 * field whose column is NOT NULL, where `@IsOptional()` would let null through to the store
 * (which may keep the old value, or refuse the write).
 */
export const OptionalNotNull = (): PropertyDecorator => ValidateIf(isSent);
