import { MAX_LISTED_ERRORS, type TErrorEnvelope, type TFieldError, type TSuccessEnvelope } from '@quayline/domain';
import type { AppError } from './app-error';

/** A path or message longer than a person reads (they may quote a key the client sent) is cut here. */
const MAX_PROBLEM_TEXT = 300;
/** The answer's sentence: ours are short, a parser's may quote the body. */
const MAX_MESSAGE_TEXT = 1000;

const cut = (text: string, max = MAX_PROBLEM_TEXT): string => (text.length > max ? `${text.slice(0, max - 1)}\u2026` : text);

/** The first problems, each kept short, and how many more there were: a huge bad request gets a small answer. */
function listedErrors(errors: TFieldError[]): { errors: TFieldError[]; more_errors?: number } {
  const listed = errors.slice(0, MAX_LISTED_ERRORS).map((e) => ({ path: cut(e.path), message: cut(e.message) }));
  return errors.length > MAX_LISTED_ERRORS ? { errors: listed, more_errors: errors.length - MAX_LISTED_ERRORS } : { errors: listed };
}

export function ok<T>(payload: T): TSuccessEnvelope<T> {
  return { status: { status: 'SUCCESS' }, payload };
}

export function errorEnvelope(error: AppError): TErrorEnvelope {
  return {
    status: { status: error.code, message: cut(error.message, MAX_MESSAGE_TEXT) },
    payload: {
      error_code: error.code,
      ...(error.errors ? listedErrors(error.errors) : {}),
      ...(error.current !== undefined ? { current: error.current } : {}),
      ...(error.retryAfterSeconds !== undefined ? { retry_after_seconds: error.retryAfterSeconds } : {}),
    },
  };
}
