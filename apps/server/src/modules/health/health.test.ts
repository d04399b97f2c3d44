import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

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

  it('answers unknown API paths with a NOT_FOUND envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: { status: 'NOT_FOUND' }, payload: { error_code: 'NOT_FOUND' } });
  });
});
