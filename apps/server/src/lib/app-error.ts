// The one error type services throw; plugins/errors.ts turns it into the envelope.
import { ERROR_MESSAGES, HTTP_STATUS, type TErrorCode, type TFieldError } from '@quayline/domain';

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly httpStatus: number;
  readonly errors: TFieldError[] | undefined;
  readonly current: unknown;
  /** With a 429: sent as the Retry-After header and payload.retry_after_seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: TErrorCode, options: { message?: string; errors?: TFieldError[]; current?: unknown; httpStatus?: number; retryAfterSeconds?: number } = {}) {
    super(options.message ?? ERROR_MESSAGES[code]);
    this.code = code;
    this.httpStatus = options.httpStatus ?? HTTP_STATUS[code];
    this.errors = options.errors;
    this.current = options.current;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
