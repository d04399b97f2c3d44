// Finds the session behind a request (proxy token first, then the user's own token) and records proxied requests.
import { COOKIE_PROXY_TOKEN, COOKIE_USER_TOKEN, HEADER_PROXY_TOKEN, HEADER_TOKEN } from '@quayline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { type AuthSession, resolveSession } from '../modules/auth/auth.service';
import { insertProxyRequest } from '../modules/auth/session.repository';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthSession | null | undefined;
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

/** The signed-in session, or 401. A presented proxy token that is no longer valid is a 401 too, never a silent fall-back. */
export async function authenticate(request: FastifyRequest): Promise<AuthSession> {
  if (request.auth) return request.auth;
  const { proxy, own } = presentedTokens(request);
  const token = proxy ?? own;
  const session = token ? await resolveSession(request.server.ctx, token) : null;
  if (!session || (proxy && !session.actor)) throw new AppError('UNAUTHORIZED');
  request.auth = session;
  return session;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', undefined);
  // onSend, not onResponse: the record is written before the client sees the answer.
  app.addHook('onSend', async (request, reply, payload) => {
    const session = request.auth;
    if (!session?.actor) return payload;
    await insertProxyRequest(app.ctx.db, {
      session_id: session.sessionId,
      actor_user_id: session.actor.id,
      acted_as_user_id: session.user.id,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      status_code: reply.statusCode,
      created_at: app.ctx.clock.now(),
    });
    return payload;
  });
}

/** Route hook: a request without a valid session is refused before its body is even validated. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  await authenticate(request);
}

/** The session that requireSession found; only for routes that run it. */
export function sessionOf(request: FastifyRequest): AuthSession {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}
