// The answers plugins/errors.ts gives to inputs the API fuzz test found turning into 5xx or leaving the envelope.
import { connect, type AddressInfo } from 'node:net';
import { API_PREFIX, HEADER_TOKEN, ZErrorEnvelope } from '@quayline/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createPort, createTerminal, signIn } from '../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../test/test-app';
import { DATABASE_REFUSALS, findNulCharacter } from './errors';

function expectEnvelope(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body.status.status).toBe(code);
  expect(res.body.toLowerCase()).not.toMatch(/select |postgres|pglite|kysely|out of range for type|invalid byte sequence|\.ts:/);
  return body;
}

describe('findNulCharacter', () => {
  it('finds a NUL in a value or a key, at any depth, and nothing in clean input', () => {
    expect(findNulCharacter({ a: [{ b: 'x' }, { c: 'y\u0000' }] }, '')).toBe('a.1.c');
    expect(findNulCharacter({ ['k\u0000']: 1 }, '')).toBe('k\u0000');
    expect(findNulCharacter('\u0000', 'body')).toBe('body');
    expect(findNulCharacter({ a: 'ok', b: [1, null, true, 'fine'] }, '')).toBeNull();
    // Iterative: 10,000 levels do not overflow the stack.
    expect(findNulCharacter(JSON.parse(`${'{"a":'.repeat(10_000)}"\\u0000"${'}'.repeat(10_000)}`), '')).toMatch(/^a(\.a)+$/);
  });
});

describe.each(DB_TARGETS)('error answers for bad input (%s)', (target) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(target);
    // Values a schema might let through: each query fails in the real database, as a handler's would.
    const failing: Record<string, () => Promise<unknown>> = {
      'int-overflow': () => sql`select ${'2147483648'}::int4 as n`.execute(t.database.db),
      'nul-text': () => sql`select ${'a\u0000b'}::text as s`.execute(t.database.db),
      'bad-date': () => sql`select ${'2026-02-30'}::date as d`.execute(t.database.db),
      duplicate: () => sql`insert into ports (unlocode, name, country_code, time_zone) select unlocode, name, country_code, time_zone from ports limit 1`.execute(t.database.db),
    };
    for (const [name, run] of Object.entries(failing)) t.app.get(`/test-db-error/${name}`, async () => run());
    const terminal = await createTerminal(t.database.db);
    ({ token } = await signIn(t.app, t.database.db, { terminalIds: [terminal.id] }));
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST', url: string, payload?: string, contentType = 'application/json') =>
    t.app.inject({ method, url: `${API_PREFIX}${url}`, headers: { [HEADER_TOKEN]: token, ...(payload !== undefined ? { 'content-type': contentType } : {}) }, ...(payload !== undefined ? { payload } : {}) });

  it('refuses a NUL character in the body with 400 naming the field (PostgreSQL cannot store it)', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/login`, headers: { 'content-type': 'application/json' }, payload: '{"username":"a\\u0000@example.com","password":"x"}' });
    const body = expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(body.payload.errors).toEqual([{ path: 'username', message: 'Text must not contain the NUL character.' }]);
  });

  it('refuses a NUL character in the query and in the path', async () => {
    expectEnvelope(await inject('GET', '/vessels?q=a%00b'), 400, 'VALIDATION_FAILED');
    expectEnvelope(await inject('GET', '/translations/e%00n'), 400, 'VALIDATION_FAILED');
  });

  it('answers data exceptions and integrity violations from the database with a 4xx that names no SQL', async () => {
    await createPort(t.database.db);
    const answer = async (name: string) => t.app.inject({ method: 'GET', url: `/test-db-error/${name}` });
    expect(expectEnvelope(await answer('int-overflow'), 400, 'VALIDATION_FAILED').status.message).toBe(DATABASE_REFUSALS.number);
    expect(expectEnvelope(await answer('nul-text'), 400, 'VALIDATION_FAILED').status.message).toBe(DATABASE_REFUSALS.value);
    expect(expectEnvelope(await answer('bad-date'), 400, 'VALIDATION_FAILED').status.message).toBe(DATABASE_REFUSALS.date);
    expect(expectEnvelope(await answer('duplicate'), 409, 'CONFLICT').status.message).toBe(DATABASE_REFUSALS.duplicate);
  });

  it('answers an id beyond PostgreSQL integers with 400 from the schema', async () => {
    const body = expectEnvelope(await inject('GET', '/voyage_templates?terminal_id=2147483648'), 400, 'VALIDATION_FAILED');
    expect(body.payload.errors?.[0]?.path).toBe('terminal_id');
  });

  it('answers a malformed URL and an over-long path parameter in the envelope', async () => {
    expectEnvelope(await inject('GET', '/vessels/%E0%A4%A'), 400, 'VALIDATION_FAILED');
    expectEnvelope(await inject('GET', `/vessels/${'9'.repeat(2_000)}`), 414, 'VALIDATION_FAILED');
  });

  it('answers broken JSON, other content types and an oversized body in the envelope', async () => {
    expectEnvelope(await inject('POST', '/login', '{"username":'), 400, 'VALIDATION_FAILED');
    expectEnvelope(await inject('POST', '/login', ''), 400, 'VALIDATION_FAILED');
    expectEnvelope(await inject('POST', '/login', 'a=1', 'application/x-www-form-urlencoded'), 415, 'VALIDATION_FAILED');
    expectEnvelope(await inject('POST', '/login', `{"username":"${'x'.repeat(1_100_000)}"}`), 413, 'VALIDATION_FAILED');
    expectEnvelope(await inject('POST', '/login', '{"__proto__":{"polluted":true}}'), 400, 'VALIDATION_FAILED');
  });
  /** Sends raw bytes to the listening server and collects its answer until it closes the connection. */
  function rawRequest(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let answer = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? resolve(answer) : reject(err)));
    });
  }

  it('answers a URL or header set too large to read with 431 in the envelope, and bytes that are not HTTP with 400', async () => {
    const other = await createTestApp(target);
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (other.app.server.address() as AddressInfo).port;
      const longUrl = await rawRequest(port, `GET ${API_PREFIX}/vessels?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      const manyHeaders = await rawRequest(port, `GET ${API_PREFIX}/health HTTP/1.1\r\nHost: localhost\r\n${Array.from({ length: 400 }, (_, i) => `X-Filler-${i}: ${'y'.repeat(60)}`).join('\r\n')}\r\n\r\n`);
      const garbage = await rawRequest(port, 'this is not http\r\n\r\n');
      for (const [answer, status, message] of [
        [longUrl, 431, 'The URL or the headers of the request are too large.'],
        [manyHeaders, 431, 'The URL or the headers of the request are too large.'],
        [garbage, 400, 'The request could not be read.'],
      ] as const) {
        const [head, body] = answer.split('\r\n\r\n');
        expect(head, answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
        expect(head).toMatch(/content-type: application\/json/i);
        expect(ZErrorEnvelope.parse(JSON.parse(body!))).toEqual({ status: { status: 'VALIDATION_FAILED', message }, payload: { error_code: 'VALIDATION_FAILED' } });
      }
    } finally {
      await other.close();
    }
  });
});
