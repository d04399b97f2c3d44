// Rate limits with @fastify/rate-limit over counters in the app's database (rate-limit-store.ts), so a
// limit holds across every server on one PostgreSQL. The sign-in routes call `app.rateLimits.enforce` for their
// limits; the per-session ceiling is an onRequest hook on the whole API (registerApiRateLimit).
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { API_PREFIX } from '@quayline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { digest } from '../lib/tokens';
import { comparableEmail } from '../modules/users/user.repository';
import { presentedTokens } from './auth';
import { type TRateLimit, type TRateLimits, resolveRateLimits } from './rate-limit-config';
import { createDatabaseRateLimitStores } from './rate-limit-store';

/** The limits a route enforces by name; `requestsPerSession` is applied by the API-wide hook instead. */
export type TEnforcedLimit = Exclude<keyof TRateLimits, 'requestsPerSession'>;

export type TAppRateLimits = {
  limits: TRateLimits;
  /**
   * Counts one hit of the request against the limit and answers 429 TOO_MANY_REQUESTS (with Retry-After) past it.
   * Returns the counter's key so the caller can take the hit back, or null when the limit is off.
   */
  enforce(limit: TEnforcedLimit, request: FastifyRequest): Promise<string | null>;
  /** Takes back a hit that `enforce` counted (a sign-in that was right is no failure). */
  removeHit(key: string): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: TAppRateLimits;
    /** The per-session ceiling's limiter, or null when RATE_LIMIT_SESSION_PER_MINUTE is 0. */
    sessionRateLimiter: ReturnType<FastifyInstance['createRateLimit']> | null;
  }
}

/** 429 in the envelope; the seconds go to the Retry-After header and payload.retry_after_seconds. */
export function tooManyRequests(ttlMs: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) });
}

/** Addresses are counted case- and space-insensitively (as sign-in finds them) and stored only as a digest. */
function addressKey(request: FastifyRequest): string {
  const body = (request.body ?? {}) as { username?: unknown; email?: unknown };
  const address = typeof body.username === 'string' ? body.username : typeof body.email === 'string' ? body.email : '';
  return digest(comparableEmail(address));
}

function clientIp(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

const KEYS: Record<TEnforcedLimit, (request: FastifyRequest) => string> = {
  loginFailuresPerAddress: (request) => `login-fail:${addressKey(request)}`,
  loginsPerIp: (request) => `login-ip:${clientIp(request)}`,
  resetMailsPerAddress: (request) => `reset-mail:${addressKey(request)}`,
  resetsPerIp: (request) => `reset-ip:${clientIp(request)}`,
};

/** A session's requests count under a digest of its token (never the token); requests without one under the IP. */
function sessionKey(request: FastifyRequest): string {
  const { proxy, own } = presentedTokens(request);
  const token = proxy ?? own;
  return token ? `session:${digest(token)}` : `ip:${clientIp(request)}`;
}

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const limits = resolveRateLimits(app.ctx.config.rateLimits);
  const stores = createDatabaseRateLimitStores({ db: app.ctx.db, clock: app.ctx.clock, log: app.log });
  // global: false: no route is limited by the plugin's own hooks; the limiters below are used explicitly.
  await app.register(fastifyRateLimit, { global: false, store: stores.DatabaseStore });
  // preClose runs before the database closes (an onClose hook), so the last batched hits are still written.
  app.addHook('preClose', async () => stores.close());

  const limiterFor = (limit: TRateLimit, keyGenerator: (request: FastifyRequest) => string, batched = false) =>
    limit.max > 0 ? app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator, ...(batched ? { store: stores.BatchedStore } : {}) }) : null;

  const enforced = Object.fromEntries((Object.keys(KEYS) as TEnforcedLimit[]).map((name) => [name, limiterFor(limits[name], KEYS[name])])) as Record<
    TEnforcedLimit,
    ReturnType<typeof limiterFor>
  >;

  app.decorate('rateLimits', {
    limits,
    async enforce(limit, request) {
      const limiter = enforced[limit];
      if (!limiter) return null;
      const verdict = await limiter(request);
      if (verdict.isAllowed) return verdict.key;
      if (verdict.isExceeded) throw tooManyRequests(verdict.ttl);
      return verdict.key;
    },
    removeHit: (key) => stores.removeHit(key),
  } satisfies TAppRateLimits);

  app.decorate('sessionRateLimiter', limiterFor(limits.requestsPerSession, sessionKey, true));
}

/** Probes that load balancers call every few seconds are never counted. */
const UNCOUNTED = new Set([`${API_PREFIX}/health`, `${API_PREFIX}/ready`]);

/** Hooks the per-session ceiling onto every route of the API scope it is called in. */
export function registerApiRateLimit(api: FastifyInstance): void {
  const limiter = api.sessionRateLimiter;
  if (!limiter) return;
  // A callback hook, not an async one: the probes skip it without paying for a promise.
  api.addHook('onRequest', (request, _reply, done) => {
    if (UNCOUNTED.has(request.routeOptions.url ?? '')) return done();
    limiter(request).then(
      (verdict) => done(!verdict.isAllowed && verdict.isExceeded ? tooManyRequests(verdict.ttl) : undefined),
      (err: Error) => done(err),
    );
  });
}
