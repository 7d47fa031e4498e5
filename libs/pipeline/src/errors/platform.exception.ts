import { ERROR_CODES, ErrorCode } from '@platform/contracts/errors/error-codes';

export type FieldErrors = Record<string, string[]>;

export interface PlatformExceptionOptions {
  /** Values for the message placeholders; also sent back in `details` when `expose` is set. */
  params?: Record<string, unknown>;
  /** Field-level errors (VALIDATION_FAILED). */
  errors?: FieldErrors;
  /** Extra machine-readable facts for the client (e.g. available and requested amounts). */
  details?: Record<string, unknown>;
  /** Which of the code's registered `reasons` words the message (the code's own message otherwise). */
  reason?: string;
  /** Overrides the registry's status (HTTP_ERROR only). */
  status?: number;
  /** Response headers to send with the error (e.g. Retry-After). */
  headers?: Record<string, string>;
}

/** The one exception type domain code throws: a registered code, optional params and field errors. */
export class PlatformException extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: PlatformExceptionOptions = {},
  ) {
    super(code);
    this.name = 'PlatformException';
    this.status = options.status ?? ERROR_CODES[code].status;
  }

  static validation(errors: FieldErrors): PlatformException {
    return new PlatformException('VALIDATION_FAILED', { errors });
  }

  /** 429 RATE_LIMIT_EXCEEDED of a fixed-window limit, with Retry-After. */
  static tooManyRequests(retryAfterSeconds: number): PlatformException {
    return new PlatformException('RATE_LIMIT_EXCEEDED', {
      params: { retryAfter: retryAfterSeconds },
      details: { retryAfterSeconds },
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}
