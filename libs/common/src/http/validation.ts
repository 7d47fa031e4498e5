import { ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldErrors, PlatformException } from '../errors/platform.exception';

/** Flattens class-validator errors into `{ "lines.0.amount": ["..."] }`. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) out[path] = Object.values(error.constraints);
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => PlatformException.validation(flattenValidationErrors(errors)),
  });
}
