import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../lib/compression';
import { signIn } from '../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../test/test-app';

describe('choosing an encoding from Accept-Encoding', () => {
  it('takes brotli before gzip, honours q=0, and nothing when neither is accepted', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe.each(DB_TARGETS)('compressed JSON answers on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let token: string;
  const H = 3_600_000;
  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    const at = (h: number) => new Date(t.clock.now().getTime() + h * H).toISOString();
    for (let i = 0; i < 6; i++) await w.planner('POST', '/portcalls', w.request(at(24 + i * 10), at(30 + i * 10)));
    const planner = await signIn(t.app, t.database.db, { terminalIds: [w.terminal.id] });
    token = planner.token;
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/portal/v1${url}`, headers: { 'x-portal-token': token, ...headers } });
  const decode = (res: Awaited<ReturnType<typeof get>>) =>
    res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.rawPayload).toString() : res.body;

  it('compresses a large answer the way the client accepts, to the same JSON, and varies on Accept-Encoding', async () => {
    const plain = await get('/tasks_meta');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = await get('/shift_planner?terminal_id=' + w.terminal.id, { 'accept-encoding': 'gzip, deflate, br' });
    const reference = await get('/shift_planner?terminal_id=' + w.terminal.id);
    expect(reference.body.length).toBeGreaterThan(1024);
    expect(reference.headers['content-encoding']).toBeUndefined();
    expect(String(reference.headers.vary)).toMatch(/accept-encoding/i);
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers['content-length']).not.toBe(String(reference.body.length));
    expect(String(list.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(decode(list))).toEqual(JSON.parse(reference.body));
    const gz = await get('/shift_planner?terminal_id=' + w.terminal.id, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gz))).toEqual(JSON.parse(reference.body));
  });

  it('leaves small answers and /metrics as they are', async () => {
    const small = await get('/tasks_meta', { 'accept-encoding': 'br' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-encoding': 'br' } });
    expect(metrics.headers['content-encoding']).toBeUndefined();
  });

  it('answers a cached list page compressed from the kept bytes, the same JSON as a computed page', async () => {
    const url = `/portcalls?per_page=25&terminal_id=${w.terminal.id}`;
    const first = await get(url, { 'accept-encoding': 'br' });
    const hit = await get(url, { 'accept-encoding': 'br' });
    expect(hit.headers['x-quayline-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.rawPayload.equals(first.rawPayload)).toBe(true);
    const computed = await get(url, { 'cache-control': 'no-cache' });
    expect(computed.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decode(hit))).toEqual(JSON.parse(computed.body));
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['x-quayline-cache']).toBe('hit');
    expect(JSON.parse(decode(gz))).toEqual(JSON.parse(computed.body));
  });
});
