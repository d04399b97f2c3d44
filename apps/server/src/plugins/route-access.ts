// Refuses by the route table (modules/auth/route-permissions.ts): every route of the API gets its row at registration
// (a route without one does not start), and before its handler runs a request without a session answers 401, one
// under a proxy token where the row refuses acting 403, and a role the row's action leaves out 403.
import { API_PREFIX, DCSA_JIT_PREFIX } from '@quayline/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';
import { type TRouteRule, refuseUnlessAllowed, routeKeyOf, routeRuleOf } from '../modules/auth/route-permissions';
import { refuseWhileActing } from './auth';

/** The API's prefixes: the portal API and the DCSA JIT endpoints, which the table names by their path below `/api`. */
const PREFIXES = [API_PREFIX, '/api'] as const;

function accessCheck(rule: TRouteRule) {
  return async (request: FastifyRequest): Promise<void> => {
    if (rule.session === 'public') return;
    if (rule.whileActing === false) await refuseWhileActing(request);
    // The route's own onRequest hook (the session or, for DCSA JIT, an API key) found the session.
    if (!request.auth) throw new AppError('UNAUTHORIZED');
    if (rule.checked !== 'after-lookup') refuseUnlessAllowed(request.auth.user, rule);
  };
}

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export function registerRouteAccess(app: FastifyInstance): void {
  if (!DCSA_JIT_PREFIX.startsWith('/api/')) throw new Error('the route table names the DCSA JIT endpoints by their path below /api');
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema?.hide) return;
    // A HEAD route is its GET route's row (routeKeyOf); a check it inherits from the GET route only runs twice.
    const keys = new Set(asArray(route.method).flatMap((method) => (method === 'OPTIONS' ? [] : [routeKeyOf(method, route.url, PREFIXES)].filter((k) => k !== undefined))));
    if (keys.size > 1) throw new Error(`${route.url}: one route for ${[...keys].join(', ')}; register one per method so each has its row`);
    const rules = [...keys].map((key) => {
      const rule = routeRuleOf(key);
      if (!rule) throw new Error(`${key} has no row in ROUTE_PERMISSIONS (apps/server/src/modules/auth/route-permissions.ts)`);
      return rule;
    });
    const rule = rules[0];
    if (!rule) return;
    route.preHandler = [accessCheck(rule) as preHandlerHookHandler, ...asArray(route.preHandler)];
    // A route that needs no session (a password reset, an expired password) refuses a live proxy token at once, before
    // its body is read; one with a session, once the request is valid, with the rest of its row.
    if (rule.session === 'public' && rule.whileActing === false) route.onRequest = [...asArray(route.onRequest), refuseWhileActing as onRequestHookHandler];
  });
}
