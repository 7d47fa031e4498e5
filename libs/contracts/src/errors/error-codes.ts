import { AUTH_ERRORS, AUTH_SERVICE_ERRORS } from './auth.errors';
import { BOOKS_ERRORS, BOOKS_PUBLISHED_FIRST_ERRORS } from './books.errors';
import type { ErrorDefinition } from './error-definition';
import { HR_ERRORS, HR_PUBLISHED_FIRST_ERRORS } from './hr.errors';
import { PAY_ERRORS, PAY_PUBLISHED_FIRST_ERRORS } from './pay.errors';
import { PAYROLL_ERRORS, PAYROLL_PUBLISHED_FIRST_ERRORS } from './payroll.errors';
import { GLOBAL_ERRORS, PIPELINE_ERRORS } from './platform.errors';
import { UTILITIES_ERRORS } from './utilities.errors';

export type { ErrorDefinition, Language } from './error-definition';
export { HTTP_ERROR_MESSAGES } from './platform.errors';

/** Each part of the registry, in the registry's order (the README's table and the docs page list the codes in it). */
const PARTS = [
  GLOBAL_ERRORS,
  AUTH_ERRORS,
  PIPELINE_ERRORS,
  AUTH_SERVICE_ERRORS,
  HR_ERRORS,
  PAYROLL_ERRORS,
  PAY_ERRORS,
  BOOKS_ERRORS,
  UTILITIES_ERRORS,
  // codes published first, kept as they were
  HR_PUBLISHED_FIRST_ERRORS,
  BOOKS_PUBLISHED_FIRST_ERRORS,
  PAYROLL_PUBLISHED_FIRST_ERRORS,
  PAY_PUBLISHED_FIRST_ERRORS,
] as const;

/**
 * The one registry of error codes, assembled from the platform's and each service's error files
 * (errors/*.errors.ts). Every error the suite sends carries a code from here; nothing else invents
 * codes, and a code has one owner (two parts defining the same code fail at load).
 */
export const ERROR_CODES = {
  ...GLOBAL_ERRORS,
  ...AUTH_ERRORS,
  ...PIPELINE_ERRORS,
  ...AUTH_SERVICE_ERRORS,
  ...HR_ERRORS,
  ...PAYROLL_ERRORS,
  ...PAY_ERRORS,
  ...BOOKS_ERRORS,
  ...UTILITIES_ERRORS,
  ...HR_PUBLISHED_FIRST_ERRORS,
  ...BOOKS_PUBLISHED_FIRST_ERRORS,
  ...PAYROLL_PUBLISHED_FIRST_ERRORS,
  ...PAY_PUBLISHED_FIRST_ERRORS,
} as const satisfies Record<string, ErrorDefinition>;

const defined = PARTS.flatMap((part) => Object.keys(part));
if (defined.length !== Object.keys(ERROR_CODES).length) {
  const twice = defined.filter((code, i) => defined.indexOf(code) !== i);
  throw new Error(`Error codes defined in two error files: ${twice.join(', ')}`);
}

export type ErrorCode = keyof typeof ERROR_CODES;
