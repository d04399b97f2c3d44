// The rate limits of the sign-in routes (docs/security.md "Rate limits"), on top of the account lock of
// auth.service (5 failures lock a known account): every attempt counts per client IP, failed ones per address.
import type { TErrorCode } from '@quayline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/** Answers that mean a guess was wrong (or made against a locked account): these stay counted for the address. */
const FAILED: ReadonlySet<TErrorCode> = new Set<TErrorCode>(['CREDENTIALS_DO_NOT_MATCH', 'USER_NOT_FOUND', 'LOGIN_LIMIT_REACH', 'INVALID_PASSWORD']);

/**
 * Runs a password check (sign-in, expired-password change) under the sign-in limits. The failure is counted before
 * the password is checked, so a burst of parallel guesses cannot slip past the limit, and taken back when the
 * password was right: a person who signs in is never locked out by their own earlier typos. Once the address is
 * over its limit even the right password is refused until the window ends; otherwise the limit would protect nothing.
 */
export async function underSignInLimits<T>(app: FastifyInstance, request: FastifyRequest, checkPassword: () => Promise<T>): Promise<T> {
  const limits = app.rateLimits;
  await limits.enforce('loginsPerIp', request);
  const failureKey = await limits.enforce('loginFailuresPerAddress', request);
  let failed = true;
  try {
    const result = await checkPassword();
    failed = false;
    return result;
  } catch (err) {
    failed = err instanceof AppError && FAILED.has(err.code);
    throw err;
  } finally {
    if (failureKey && !failed) await limits.removeHit(failureKey);
  }
}

/** Password-reset mails: per client IP, and one per address per window (the second within it is a 429, no mail). */
export async function underResetLimits(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  await app.rateLimits.enforce('resetsPerIp', request);
  await app.rateLimits.enforce('resetMailsPerAddress', request);
}
