import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { DOCUMENT_ONLY_HEADERS } from '../../plugins/security-headers';
import { markDraining } from './readiness';

describe.each(DB_TARGETS)('system endpoints on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  it('GET /health answers SUCCESS and names the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status.status).toBe('SUCCESS');
    expect(res.json().payload.database).toBe(target);
    expect(res.json().payload.version).toMatch(/PostgreSQL/);
  });

  it('GET /ready answers SUCCESS with the database round trip, and 503 in the envelope when the database is gone', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/portal/v1/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().payload).toMatchObject({ database: target, database_ms: expect.any(Number) });

    const other = await createTestApp(target);
    await other.app.inject({ method: 'GET', url: '/api/portal/v1/health' });
    await other.database.close();
    const down = await other.app.inject({ method: 'GET', url: '/api/portal/v1/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: { status: 'SERVICE_UNAVAILABLE' }, payload: { error_code: 'SERVICE_UNAVAILABLE' } });
    // Liveness does not depend on the database: the process still answers.
    expect((await other.app.inject({ method: 'GET', url: '/api/portal/v1/health' })).statusCode).toBe(200);
    await other.close();
  });

  /** Holds every connection the server has (PGlite: its one) in an open transaction until released. */
  async function holdEveryConnection(app: TestApp) {
    await app.app.ready();
    const releases: (() => void)[] = [];
    const transactions = Array.from({ length: app.database.poolStats().max }, () =>
      app.database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('portal_users').select('id').limit(1).execute();
        await new Promise<void>((resolve) => releases.push(resolve));
      }),
    );
    while (releases.length < transactions.length) await new Promise((resolve) => setTimeout(resolve, 10));
    return async () => {
      for (const release of releases) release();
      await Promise.all(transactions);
    };
  }

  it('GET /ready answers 503 after 2 s while a long transaction keeps the database busy, instead of waiting for it', async () => {
    const release = await holdEveryConnection(t);
    const started = performance.now();
    const busy = await t.app.inject({ method: 'GET', url: '/api/portal/v1/ready' });
    const waited = performance.now() - started;
    await release();
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ status: { status: 'SERVICE_UNAVAILABLE', message: 'The database does not answer within 2 s.' } });
    expect(waited).toBeGreaterThanOrEqual(1_900);
    expect((await t.app.inject({ method: 'GET', url: '/api/portal/v1/ready' })).statusCode).toBe(200);
  });

  it('GET /ready answers 503 when the database answered only after 2 s, also when the server could not look at the clock meanwhile', async () => {
    const release = await holdEveryConnection(t);
    const probe = t.app.inject({ method: 'GET', url: '/api/portal/v1/ready' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The transaction ends, and the process is busy for 2.2 s without a break, as when the embedded database works
    // through a long publish: the probe's timer cannot fire before its query has answered.
    const releasing = release();
    const until = performance.now() + 2_200;
    while (performance.now() < until);
    await releasing;
    const late = await probe;
    expect(late.statusCode).toBe(503);
    expect(late.json().status.message).toBe('The database does not answer within 2 s.');
  });

  it('GET /ready answers 503 once shutdown has started, while /health and other requests are still served', async () => {
    const other = await createTestApp(target);
    expect((await other.app.inject({ method: 'GET', url: '/api/portal/v1/ready' })).statusCode).toBe(200);
    markDraining(other.app.ctx);
    const draining = await other.app.inject({ method: 'GET', url: '/api/portal/v1/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: { status: 'SERVICE_UNAVAILABLE' }, payload: { error_code: 'SERVICE_UNAVAILABLE' } });
    expect((await other.app.inject({ method: 'GET', url: '/api/portal/v1/health' })).statusCode).toBe(200);
    // The flag belongs to that app alone.
    expect((await t.app.inject({ method: 'GET', url: '/api/portal/v1/ready' })).statusCode).toBe(200);
    await other.close();
  });

  it('publishes an OpenAPI 3.1 document with the sign-in paths and a reference page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/portal/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of ['/api/portal/v1/login', '/api/portal/v1/reset_password', '/api/portal/v1/update_password', '/api/portal/v1/reset_expired_password', '/api/portal/v1/logout', '/api/portal/v1/user_details', '/api/portal/v1/update_canvas_settings', '/api/portal/v1/health']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/portal/v1/login'].post.requestBody.content['application/json'].schema.properties.password).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/portal/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('sets the security headers on answers and errors alike, HSTS only with secure cookies', async () => {
    for (const url of ['/api/portal/v1/health', '/api/portal/v1/nope', '/api/portal/v1/user_details']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toMatch(/default-src 'self'.*script-src 'self';.*frame-ancestors 'none'/);
      expect(res.headers['content-security-policy'], url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Headers that only act on rendered documents stay off JSON answers.
      for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
    // The reference page is a document: it gets them all.
    const page = await t.app.inject({ method: 'GET', url: '/api/portal/v1/docs/' });
    for (const name of DOCUMENT_ONLY_HEADERS) expect(page.headers[name], name).toBeDefined();
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const secure = await createTestApp(target, { secureCookies: true, mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
    const res = await secure.app.inject({ method: 'GET', url: '/api/portal/v1/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://*.tiles.example.org");
    await secure.close();
  });

  it('answers unknown API paths with a NOT_FOUND envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: { status: 'NOT_FOUND' }, payload: { error_code: 'NOT_FOUND' } });
  });
});
