import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'quayline-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp('pglite', { webDist: dist });
  });
  afterAll(async () => t?.close());

  it('answers every page path with index.html so the client routes it', async () => {
    for (const url of ['/', '/en/login', '/de/berth-planner?x=1', '/xx/unknown']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves assets, also ones built after the server started, and 404s a missing asset', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1.js' })).body).toBe('console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-2.js' })).body).toBe('console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
  });

  it('sends the precompressed copy the browser accepts, brotli before gzip, with Vary, and the plain file otherwise', async () => {
    const code = `export const big = ${JSON.stringify('quay '.repeat(2000))};`;
    writeFileSync(path.join(dist, 'assets', 'big-1.js'), code);
    writeFileSync(path.join(dist, 'assets', 'big-1.js.br'), zlib.brotliCompressSync(code));
    writeFileSync(path.join(dist, 'assets', 'big-1.js.gz'), zlib.gzipSync(code));
    const br = await t.app.inject({ method: 'GET', url: '/assets/big-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(code);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/big-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(code);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
  });

  it('keeps API misses as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status.status).toBe('NOT_FOUND');
  });
});
