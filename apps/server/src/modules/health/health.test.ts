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
