// The response envelope every endpoint answers with (ARCHITECTURE.md, "The API contract").
import { z } from 'zod';

export const ERROR_CODES = [
  'CREDENTIALS_DO_NOT_MATCH',
  'USER_NOT_FOUND',
  'LOGIN_LIMIT_REACH',
  'PASSWORD_EXPIRED',
  'INVALID_PASSWORD',
  'REPEATED_PASSWORD',
  'PASSWORD_REQUIREMENTS_NOT_MET',
  'PASSWORDS_DO_NOT_MATCH',
  'INVALID_RESET_CODE',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'OPTIMIZER_BUSY',
  'PROXY_EXPIRED',
  'TOO_MANY_REQUESTS',
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

export const ZFieldError = z.object({ path: z.string(), message: z.string() });
export type TFieldError = z.infer<typeof ZFieldError>;

export const ZErrorPayload = z.object({
  error_code: ZErrorCode,
  /** The first problems found (at most MAX_LISTED_ERRORS). */
  errors: z.array(ZFieldError).optional(),
  /** How many more problems were found than `errors` lists ("and 4,980 more"); absent when it lists them all. */
  more_errors: z.number().int().positive().optional(),
  current: z.unknown().optional(),
  /** With a 429: the seconds until the limit lets the client in again, as in the Retry-After header. */
  retry_after_seconds: z.number().int().positive().optional(),
});
export type TErrorPayload = z.infer<typeof ZErrorPayload>;

export const ZStatus = z.object({
  status: z.union([z.literal('SUCCESS'), ZErrorCode]),
  message: z.string().optional(),
});

export function successEnvelope<T extends z.ZodTypeAny>(payload: T) {
  return z.object({ status: z.object({ status: z.literal('SUCCESS'), message: z.string().optional() }), payload });
}

export const ZErrorEnvelope = z.object({
  status: z.object({ status: ZErrorCode, message: z.string() }),
  payload: ZErrorPayload,
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export type TSuccessEnvelope<T> = { status: { status: 'SUCCESS'; message?: string }; payload: T };
export type TEnvelope<T> = TSuccessEnvelope<T> | TErrorEnvelope;

/** Texts of the spec's error catalogue (section 8); the UI shows translated versions of the same keys. */
export const ERROR_MESSAGES: Record<TErrorCode, string> = {
  CREDENTIALS_DO_NOT_MATCH: 'The email and/or password is not correct',
  USER_NOT_FOUND: 'This email is not existing in our system. Please try another one',
  LOGIN_LIMIT_REACH: 'Too many failed sign-in attempts. Your account is locked for 15 minutes.',
  PASSWORD_EXPIRED: 'Your password has expired. Please choose a new one.',
  INVALID_PASSWORD: 'Current password is incorrect',
  REPEATED_PASSWORD: 'New password must be different than the current password',
  PASSWORD_REQUIREMENTS_NOT_MET: 'The password does not fulfill the requirements.',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  INVALID_RESET_CODE: 'The reset code is invalid, already used or expired. Please request a new one.',
  VALIDATION_FAILED: 'The request is not valid.',
  UNAUTHORIZED: 'Please sign in.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'Someone else changed this record. Reload to see the current version.',
  INTERNAL_ERROR: 'Something went wrong on the server.',
  SERVICE_UNAVAILABLE: 'The service is not ready. Try again shortly.',
  OPTIMIZER_BUSY: 'The optimizer is busy with other plans. Try again in a minute.',
  PROXY_EXPIRED: 'The time to act for your colleague has run out.',
  TOO_MANY_REQUESTS: 'Too many requests in a short time. Please wait a few minutes and try again.',
};

export const HTTP_STATUS: Record<TErrorCode, number> = {
  CREDENTIALS_DO_NOT_MATCH: 401,
  USER_NOT_FOUND: 404,
  LOGIN_LIMIT_REACH: 429,
  PASSWORD_EXPIRED: 403,
  INVALID_PASSWORD: 400,
  REPEATED_PASSWORD: 400,
  PASSWORD_REQUIREMENTS_NOT_MET: 400,
  PASSWORDS_DO_NOT_MATCH: 400,
  INVALID_RESET_CODE: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  OPTIMIZER_BUSY: 503,
  PROXY_EXPIRED: 403,
  TOO_MANY_REQUESTS: 429,
};
