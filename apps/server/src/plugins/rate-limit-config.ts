// The rate limits in one place (docs/security.md "Rate limits"): defaults, and the env variables that
// override them. A max of 0 turns that limit off.

/** At most `max` counted events per key in each fixed window of `windowMs`. */
export type TRateLimit = { max: number; windowMs: number };

export type TRateLimits = {
  /** Failed sign-ins per e-mail address (also unknown ones); a locked address is refused even with the right password. */
  loginFailuresPerAddress: TRateLimit;
  /** Every sign-in attempt per client IP, successful or not. */
  loginsPerIp: TRateLimit;
  /** Password-reset mails per e-mail address: one per window. */
  resetMailsPerAddress: TRateLimit;
  /** Password-reset requests per client IP. */
  resetsPerIp: TRateLimit;
  /** Every API request per session token (per IP without one); /health and /ready are never counted. */
  requestsPerSession: TRateLimit;
};

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: TRateLimits = {
  loginFailuresPerAddress: { max: 10, windowMs: 15 * MINUTE },
  // The Playwright suite signs in about 150 times from 127.0.0.1 within ten minutes; 300 leaves it room twice over
  // while still stopping one address from spraying passwords over many accounts (about 1,200 tries an hour).
  loginsPerIp: { max: 300, windowMs: 15 * MINUTE },
  resetMailsPerAddress: { max: 1, windowMs: 5 * MINUTE },
  resetsPerIp: { max: 20, windowMs: 60 * MINUTE },
  // 100 requests a second for a minute: far above what a browser tab does, low enough to stop a runaway script.
  requestsPerSession: { max: 6_000, windowMs: MINUTE },
};

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name}: expected a whole number >= 0 (0 turns the limit off), got ${JSON.stringify(raw)}`);
  return value;
}

function minutes(env: NodeJS.ProcessEnv, name: string, fallbackMs: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallbackMs;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}: expected minutes > 0, got ${JSON.stringify(raw)}`);
  return Math.round(value * MINUTE);
}

/** Reads the RATE_LIMIT_* variables; every one is optional. */
export function readRateLimitConfig(env: NodeJS.ProcessEnv): TRateLimits {
  const d = DEFAULT_RATE_LIMITS;
  return {
    loginFailuresPerAddress: { max: count(env, 'RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS', d.loginFailuresPerAddress.max), windowMs: d.loginFailuresPerAddress.windowMs },
    loginsPerIp: { max: count(env, 'RATE_LIMIT_LOGINS_PER_IP', d.loginsPerIp.max), windowMs: d.loginsPerIp.windowMs },
    resetMailsPerAddress: { max: d.resetMailsPerAddress.max, windowMs: minutes(env, 'RATE_LIMIT_RESET_MAIL_MINUTES', d.resetMailsPerAddress.windowMs) },
    resetsPerIp: { max: count(env, 'RATE_LIMIT_RESETS_PER_IP', d.resetsPerIp.max), windowMs: d.resetsPerIp.windowMs },
    requestsPerSession: { max: count(env, 'RATE_LIMIT_SESSION_PER_MINUTE', d.requestsPerSession.max), windowMs: d.requestsPerSession.windowMs },
  };
}

/** The limits in force: the configured ones over the defaults (tests and embedders may set only some). */
export function resolveRateLimits(configured: Partial<TRateLimits> | undefined): TRateLimits {
  return { ...DEFAULT_RATE_LIMITS, ...configured };
}
