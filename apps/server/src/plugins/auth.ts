// Finds the session behind a request (proxy token first, then the user's own token) and records proxied requests.
import { COOKIE_PROXY_TOKEN, COOKIE_USER_TOKEN, HEADER_PROXY_TOKEN, HEADER_TOKEN } from '@quayline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { type AuthSession, resolveSession } from '../modules/auth/auth.service';
import { assertNotActing, explainDeadProxyToken } from '../modules/auth/proxy.service';
import { insertProxyRequest } from '../modules/auth/session.repository';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthSession | null | undefined;
    /** Set when the request presented a proxy token that has run out or ended: the answer clears its cookie. */
    isDeadProxyToken: boolean;
  }
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

export function presentedTokens(request: FastifyRequest): { proxy: string | undefined; own: string | undefined } {
  return {
    proxy: headerValue(request, HEADER_PROXY_TOKEN) ?? (request.cookies[COOKIE_PROXY_TOKEN] || undefined),
    own: headerValue(request, HEADER_TOKEN) ?? (request.cookies[COOKIE_USER_TOKEN] || undefined),
  };
}

/**
 * Whether the session token the request is authenticated by came from a cookie, which the browser adds by itself
 * (so a page of another site can make it send one), rather than from a header the caller set on purpose.
 */
export function isCookieAuthenticated(request: FastifyRequest): boolean {
  if (headerValue(request, HEADER_PROXY_TOKEN)) return false;
  if (request.cookies[COOKIE_PROXY_TOKEN]) return true;
  if (headerValue(request, HEADER_TOKEN)) return false;
  return !!request.cookies[COOKIE_USER_TOKEN];
}

/**
 * The signed-in session, or 401. A presented proxy token is never silently skipped: one whose proxy session has
 * run out (or was ended) answers 403 PROXY_EXPIRED and clears its cookie, so the client can return to its own
 * session; an unknown one is a 401.
 */
export async function authenticate(request: FastifyRequest): Promise<AuthSession> {
  if (request.auth) return request.auth;
  const { proxy, own } = presentedTokens(request);
  const token = proxy ?? own;
  const session = token ? await resolveSession(request.server.ctx, token) : null;
  if (proxy && !session) {
    const dead = await explainDeadProxyToken(request.server.ctx, proxy);
    if (dead) {
      request.isDeadProxyToken = true;
      throw dead;
    }
  }
  if (!session || (proxy && !session.actor)) throw new AppError('UNAUTHORIZED');
  request.auth = session;
  return session;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', undefined);
  app.decorateRequest('isDeadProxyToken', false);
  // onSend, not onResponse: the record is written before the client sees the answer. A callback hook, not an async
  // one: nearly every request has nothing to record and should not pay for a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.isDeadProxyToken) void reply.clearCookie(COOKIE_PROXY_TOKEN, { path: '/' });
    const session = request.auth;
    if (!session?.actor) return done(null, payload);
    insertProxyRequest(app.ctx.db, {
      session_id: session.sessionId,
      actor_user_id: session.actor.id,
      acted_as_user_id: session.user.id,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      status_code: reply.statusCode,
      created_at: app.ctx.clock.now(),
    }).then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
}

/** Route hook: a request without a valid session is refused before its body is even validated. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  await authenticate(request);
}

/**
 * For endpoints about the person themself (password, e-mail, mail setting, language): refused under a live proxy
 * token, also on the endpoints that need no session (an expired password, a reset code).
 */
export async function refuseWhileActing(request: FastifyRequest): Promise<void> {
  const { proxy } = presentedTokens(request);
  if (!proxy && !request.auth) return;
  const session = request.auth ?? (await resolveSession(request.server.ctx, proxy!));
  assertNotActing(session);
}

/** The session that requireSession found; only for routes that run it. */
export function sessionOf(request: FastifyRequest): AuthSession {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}
