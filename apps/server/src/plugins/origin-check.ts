// Refuses cookie-authenticated writes and WebSocket handshakes that a page of another site started.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { isAllowedOrigin } from '../lib/origins';
import { isCookieAuthenticated } from './auth';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const FOREIGN_ORIGIN_MESSAGE = 'Requests from another site are not accepted.';

/** A write, or the upgrade that opens the realtime socket (a GET, but it carries the user's live events). */
function isGuardedRequest(request: FastifyRequest): boolean {
  if (UNSAFE_METHODS.has(request.method)) return true;
  return request.method === 'GET' && request.headers.upgrade?.toLowerCase() === 'websocket';
}

/**
 * A browser sends the session cookie along with a request that any page starts, also one of another site; the
 * `Origin` header says which page that was. Such a request is answered 403 unless the page is the app's own
 * (`PUBLIC_URL`, `ALLOWED_ORIGINS`). Left alone: safe methods, requests without `Origin` (scripts and partner systems,
 * which send no cookie anyway) and requests authenticated by the X-PORTAL-TOKEN header, which another site's page
 * cannot send without the app's consent (no CORS is offered).
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: ReadonlySet<string>): void {
  // A callback hook: most requests are reads and should not pay for a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || !isGuardedRequest(request) || isAllowedOrigin(allowedOrigins, origin) || !isCookieAuthenticated(request)) return done();
    request.log.info({ origin }, 'request from a foreign origin refused');
    done(new AppError('FORBIDDEN', { message: FOREIGN_ORIGIN_MESSAGE }));
  });
}
