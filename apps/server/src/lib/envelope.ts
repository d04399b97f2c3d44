import type { TErrorEnvelope, TSuccessEnvelope } from '@quayline/domain';
import type { AppError } from './app-error';

export function ok<T>(payload: T): TSuccessEnvelope<T> {
  return { status: { status: 'SUCCESS' }, payload };
}

export function errorEnvelope(error: AppError): TErrorEnvelope {
  return {
    status: { status: error.code, message: error.message },
    payload: {
      error_code: error.code,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.current !== undefined ? { current: error.current } : {}),
      ...(error.retryAfterSeconds !== undefined ? { retry_after_seconds: error.retryAfterSeconds } : {}),
    },
  };
}
