// The one error type services throw; plugins/errors.ts turns it into the envelope.
import { ERROR_MESSAGES, HTTP_STATUS, type TErrorCode, type TFieldError } from '@quayline/domain';

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly httpStatus: number;
  readonly errors: TFieldError[] | undefined;
  readonly current: unknown;

  constructor(code: TErrorCode, options: { message?: string; errors?: TFieldError[]; current?: unknown; httpStatus?: number } = {}) {
    super(options.message ?? ERROR_MESSAGES[code]);
    this.code = code;
    this.httpStatus = options.httpStatus ?? HTTP_STATUS[code];
    this.errors = options.errors;
    this.current = options.current;
  }
}
