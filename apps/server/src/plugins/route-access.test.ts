import { API_PREFIX } from '@quayline/domain';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ROUTE_PERMISSIONS, routeKeyOf } from '../modules/auth/route-permissions';
import { registerRouteAccess } from './route-access';

describe('the route table as the server applies it', () => {
  it('names a route as docs/permissions.md does: without the prefix, {name} for :name, HEAD as its GET', () => {
    const prefixes = [API_PREFIX, '/api'];
    expect(routeKeyOf('GET', `${API_PREFIX}/portcalls/:id/timestamps`, prefixes)).toBe('GET /portcalls/{id}/timestamps');
    expect(routeKeyOf('HEAD', `${API_PREFIX}/terminals`, prefixes)).toBe('GET /terminals');
    expect(routeKeyOf('POST', '/api/dcsa/jit/v2/port-calls/:portCallID/omit', prefixes)).toBe('POST /dcsa/jit/v2/port-calls/{portCallID}/omit');
    expect(routeKeyOf('GET', '/en/berth-planner', prefixes)).toBeUndefined();
  });

  it('refuses to register an API route without a row, and leaves routes outside the API alone', async () => {
    const app = Fastify();
    registerRouteAccess(app);
    app.get('/en/index.html', async () => 'page');
    expect(() => app.get(`${API_PREFIX}/no_such_route`, async () => null)).toThrow(/GET \/no_such_route has no row in ROUTE_PERMISSIONS/);
    await app.close();
  });

  it('says for every row that needs an action which one, and that only with a session', () => {
    for (const [key, rule] of Object.entries(ROUTE_PERMISSIONS)) {
      if ('action' in rule) expect(rule.session, key).toBe('required');
    }
  });
});
