// API fuzz test: every operation of the OpenAPI document, for every role, with inputs mutated from a valid
// example (wrong types, missing and unknown properties, huge and odd unicode strings, bad dates, numbers and ids, broken
// JSON, other content types). No answer may be a 5xx, leave the envelope, or show a stack trace or SQL.
//
// The default run samples a few mutations per operation and role so it stays under a minute per database; the sample
// is drawn from FUZZ_SEED (printed), so a failure replays with the same seed. FUZZ_RUNS=N (or FUZZ_LONG=1, i.e. 10)
// multiplies the sample. See docs/security.md, "Fuzzing".
import { API_PREFIX, HEADER_TOKEN, ZErrorEnvelope } from '@quayline/domain';
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo-data';
import { DATABASE_REFUSALS } from '../plugins/errors';
import { DEFAULT_RATE_LIMITS } from '../plugins/rate-limit-config';
import { loginAs } from './fixtures';
import { REMOVE, exampleFromSchema, listOperations, propertyPaths, schemaType, type TJsonSchema, type TOperation, withValueAt } from './openapi-operations';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const MULTIPLIER = Math.max(1, Number(process.env.FUZZ_RUNS ?? (process.env.FUZZ_LONG === '1' ? 10 : 1)) || 1);
/** Mutations per operation and signed-in role (plus the valid request); anonymous requests mostly stop at sign-in. */
const CASES_PER_ROLE = 7 * MULTIPLIER;
const CASES_ANONYMOUS = 3 * MULTIPLIER;

const ROLES = ['anonymous', 'terminal_operator', 'vessel_operator', 'agent'] as const;
type TRole = (typeof ROLES)[number];

type TFuzzCase = {
  kind: 'path' | 'query' | 'body' | 'raw';
  label: string;
  method: TOperation['method'];
  url: string;
  headers?: Record<string, string>;
  /** Built only when the case is sampled: some bodies are megabytes. */
  payload?: () => string | Buffer;
};

type TFailure = { operation: string; role: TRole; input: string; status: number; problem: string; body: string };

// ---- inputs ---------------------------------------------------------------------------------------------------------

const HUGE_100K = 'x'.repeat(100_000);
const HUGE_OVER_LIMIT = 'y'.repeat(1_100_000);

const WRONG_TYPES: unknown[] = ['text', 12, {}, [], null, true];
const STRINGS: [string, string][] = [
  ['empty string', ''],
  ['blank string', '   '],
  ['100 kB string', HUGE_100K],
  ['1.1 MB string', HUGE_OVER_LIMIT],
  ['emoji', '🚢⚓️👩‍👩‍👧 Kai 1'],
  ['RTL override', 'مرحبا \u202eKai\u202c'],
  ['combining marks', 'Ka\u0301\u0302\u0303\u0304i'],
  ['lone surrogate', 'Kai \ud800'],
  ['lone low surrogate', '\udfffKai'],
  ['NUL character', 'Kai\u0000 1'],
  ['only NUL', '\u0000'],
  ['control characters', '\u0001\u001b[31m\u007f'],
  ['quotes and semicolon', `O'Brien"; --`],
  ['percent and backslash', '100% \\ %s %d'],
];
const DATES: [string, string][] = [
  ['30 February', '2026-02-30T00:00:00Z'],
  ['"yesterday"', 'yesterday'],
  ['year 0', '0000-01-01T00:00:00Z'],
  ['year 99999', '+099999-01-01T00:00:00Z'],
  ['year 99999 plain', '99999-12-31T00:00:00Z'],
  ['negative year', '-000001-01-01T00:00:00Z'],
  ['hour 25', '2026-11-24T25:61:00Z'],
  ['month 13', '2026-13-01'],
  ['date only', '2026-11-24'],
  ['30 February date', '2026-02-30'],
];
const NUMBERS: [string, unknown][] = [
  ['-1', -1],
  ['0', 0],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['2**31', 2 ** 31],
  ['2**53+1', 2 ** 53 + 1],
  ['1.5', 1.5],
  ['5e-324', 5e-324],
  ['"12" as string', '12'],
];

// Path segments as they go on the wire (already URL-encoded where they should be).
const BAD_PATH_VALUES = ['0', '-1', '2147483648', '9223372036854775808', 'abc', '1;drop', '%00', '1%00', '1.5', '1e3', '%20', '%F0%9F%9A%A2', '%ED%A0%80', '%E0%A4%A', '9'.repeat(2_000)];
const BAD_QUERY_VALUES = [
  '',
  'abc',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '9007199254740993',
  '1e308',
  'NaN',
  'Infinity',
  '%00',
  'a%00b',
  '%F0%9F%9A%A2',
  '%ED%A0%80',
  '%E0%A4%A',
  '2026-02-30T00%3A00%3A00Z',
  'yesterday',
  '0000-01-01',
  '%2B099999-01-01T00%3A00%3A00Z',
  'x'.repeat(10_000),
  'true',
  '%5B%5D',
  '%2C%2C%2C',
  Array.from({ length: 10_000 }, (_, i) => i + 1).join('%2C'),
];

const DEEP = 10_000;
const MULTIPART = '--fuzz\r\ncontent-disposition: form-data; name="field"\r\n\r\nvalue\r\n--fuzz--\r\n';

function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 20)}…(${value.length})` : value) : Array.isArray(value) ? `array(${value.length})` : JSON.stringify(value);
  return text ?? String(value);
}

/** Replacement values for one property, by the type its schema declares. */
function mutationsFor(schema: TJsonSchema): [string, unknown][] {
  const type = schemaType(schema);
  const out: [string, unknown][] = WRONG_TYPES.filter((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v) !== type).map((v) => [`wrong type ${describeValue(v)}`, v]);
  if (type === 'string' || type === undefined) {
    out.push(...STRINGS, ...DATES);
  } else if (type === 'integer' || type === 'number') {
    out.push(...NUMBERS);
  } else if (type === 'array') {
    const item = exampleFromSchema(schema.items ?? {});
    out.push(['10,000 items', Array.from({ length: 10_000 }, () => item)], ['[null]', [null]], ['nested arrays', [[[[]]]]]);
  } else if (type === 'boolean') {
    out.push(['"true" as string', 'true'], ['1', 1]);
  } else if (type === 'object') {
    out.push(['__proto__ key', JSON.parse('{"__proto__":{"polluted":true}}')], ['100 keys', Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]))]);
  }
  return out;
}

function deeplyNested(kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(DEEP)}${']'.repeat(DEEP)}` : `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
}

// ---- cases per operation --------------------------------------------------------------------------------------------

type TKnownIds = { pathValue(path: string, name: string): string; queryValue(name: string): string | null };

function pathWith(op: TOperation, ids: TKnownIds, override: { name: string; value: string } | null): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => (override?.name === name ? override.value : encodeURIComponent(ids.pathValue(op.path, name))));
}

function baseQuery(op: TOperation, ids: TKnownIds): Map<string, string> {
  const query = new Map<string, string>();
  for (const p of op.parameters) {
    if (p.in !== 'query' || !p.required) continue;
    const value = ids.queryValue(p.name) ?? exampleFromSchema(p.schema);
    query.set(p.name, encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value)));
  }
  return query;
}

/** Query values are already URL-encoded (some cases send malformed encodings on purpose). */
function urlOf(path: string, query: Map<string, string> | [string, string][]): string {
  const entries = [...(Array.isArray(query) ? query : query.entries())].map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
  return `${API_PREFIX}${path}${entries.length ? `?${entries.join('&')}` : ''}`;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** The valid request and every mutation of it; the test samples from these. */
function fuzzCases(op: TOperation, ids: TKnownIds): { valid: TFuzzCase; mutations: TFuzzCase[] } {
  const path = pathWith(op, ids, null);
  const query = baseQuery(op, ids);
  const url = urlOf(path, query);
  const example = op.body ? exampleFromSchema(op.body) : undefined;
  const validPayload = op.body ? () => JSON.stringify(example) : undefined;
  const valid: TFuzzCase = { kind: 'body', label: 'valid example', method: op.method, url, ...(validPayload ? { headers: JSON_HEADERS, payload: validPayload } : {}) };
  const mutations: TFuzzCase[] = [];
  const withBody = (c: Omit<TFuzzCase, 'headers' | 'payload'>): TFuzzCase => ({ ...c, ...(validPayload ? { headers: JSON_HEADERS, payload: validPayload } : {}) });

  if (op.parameters.some((p) => p.in === 'query')) mutations.push(withBody({ kind: 'query', label: 'unknown query parameter', method: op.method, url: urlOf(path, [...query.entries(), ['fuzz_unknown', '1']]) }));
  for (const p of op.parameters) {
    if (p.in === 'path') {
      for (const value of BAD_PATH_VALUES) mutations.push(withBody({ kind: 'path', label: `path ${p.name}=${value.length > 30 ? `${value.slice(0, 10)}…(${value.length})` : value}`, method: op.method, url: urlOf(pathWith(op, ids, { name: p.name, value }), query) }));
    } else if (p.in === 'query') {
      for (const value of BAD_QUERY_VALUES) {
        const q = new Map(query).set(p.name, value);
        mutations.push(withBody({ kind: 'query', label: `query ${p.name}=${value.length > 30 ? `${value.slice(0, 10)}…(${value.length})` : value}`, method: op.method, url: urlOf(path, q) }));
      }
      const twice: [string, string][] = [...query.entries()].filter(([k]) => k !== p.name);
      twice.push([p.name, '1'], [p.name, '2']);
      mutations.push(withBody({ kind: 'query', label: `query ${p.name} twice`, method: op.method, url: urlOf(path, twice) }));
      if (p.required) {
        const q = new Map(query);
        q.delete(p.name);
        mutations.push(withBody({ kind: 'query', label: `query ${p.name} missing`, method: op.method, url: urlOf(path, q) }));
      }
    }
  }

  if (op.body) {
    const body = op.body;
    const bodyCase = (label: string, build: () => string | Buffer, contentType: string | null = 'application/json', kind: TFuzzCase['kind'] = 'raw'): TFuzzCase => ({
      kind,
      label,
      method: op.method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payload: build,
    });
    for (const property of propertyPaths(body)) {
      const where = property.path.join('.');
      for (const [label, value] of mutationsFor(property.schema)) mutations.push(bodyCase(`${where}: ${label}`, () => JSON.stringify(withValueAt(example, body, property.path, value)), 'application/json', 'body'));
      if (property.isRequired) mutations.push(bodyCase(`${where}: missing`, () => JSON.stringify(withValueAt(example, body, property.path, REMOVE)), 'application/json', 'body'));
      if (schemaType(property.schema) === 'object') mutations.push(bodyCase(`${where}: deeply nested`, () => JSON.stringify(withValueAt(example, body, property.path, 0)).replace(/0([}\]]*)$/, `${deeplyNested('object')}$1`), 'application/json', 'body'));
    }
    mutations.push(
      bodyCase('unknown property', () => JSON.stringify({ ...(example as object), fuzz_unknown: 'x' }), 'application/json', 'body'),
      bodyCase('invalid JSON (truncated)', () => '{"a":'),
      bodyCase('invalid JSON (single quotes)', () => "{'a': 1}"),
      bodyCase('invalid JSON (trailing comma)', () => '{"a":1,}'),
      bodyCase('invalid JSON (bare NUL)', () => '\u0000'),
      bodyCase('invalid UTF-8', () => Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')])),
      bodyCase('empty body as JSON', () => ''),
      bodyCase('text/plain', () => 'hello', 'text/plain'),
      bodyCase('form-urlencoded', () => 'a=1&b=2', 'application/x-www-form-urlencoded'),
      bodyCase('multipart', () => MULTIPART, 'multipart/form-data; boundary=fuzz'),
      bodyCase('no content type', () => JSON.stringify(example), null),
      bodyCase('JSON with latin1 charset', () => JSON.stringify(example), 'application/json; charset=latin1'),
      bodyCase('JSON array instead of object', () => '[]'),
      bodyCase('JSON string instead of object', () => '"text"'),
      bodyCase('JSON number instead of object', () => '1e999'),
      bodyCase('JSON null instead of object', () => 'null'),
      bodyCase('10,000 nested arrays', () => deeplyNested('array')),
      bodyCase('10,000 nested objects', () => deeplyNested('object')),
      bodyCase('__proto__ pollution', () => '{"__proto__":{"polluted":true}}'),
      bodyCase('constructor.prototype pollution', () => '{"constructor":{"prototype":{"polluted":true}}}'),
      bodyCase('1.1 MB body', () => JSON.stringify({ ...(example as object), fuzz_padding: HUGE_OVER_LIMIT })),
    );
  } else if (op.method !== 'GET') {
    const rawCase = (label: string, payload: string, contentType: string): TFuzzCase => ({ kind: 'raw', label, method: op.method, url, headers: { 'content-type': contentType }, payload: () => payload });
    mutations.push(rawCase('invalid JSON body', '{"a":', 'application/json'), rawCase('unexpected JSON body', '{"a":1}', 'application/json'), rawCase('text/plain body', 'hello', 'text/plain'), rawCase('multipart body', MULTIPART, 'multipart/form-data; boundary=fuzz'));
  }
  return { valid, mutations };
}

// ---- sampling -------------------------------------------------------------------------------------------------------

function hash(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

function shuffled<T>(items: T[], seed: number): T[] {
  if (items.length < 2) return items;
  const [order] = fc.sample(fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }), { seed, numRuns: 1 });
  return order ?? items;
}

/** `count` mutations, spread over the kinds (path, query, body property, raw body) so each kind gets its turn. */
function sample(cases: TFuzzCase[], count: number, seed: number): TFuzzCase[] {
  const kinds = shuffled([...new Set(cases.map((c) => c.kind))], seed);
  const queues = kinds.map((kind, i) => shuffled(cases.filter((c) => c.kind === kind), seed + i + 1));
  const picked: TFuzzCase[] = [];
  for (let round = 0; picked.length < count && queues.some((q) => q.length > round); round++) {
    for (const queue of queues) if (round < queue.length && picked.length < count) picked.push(queue[round]!);
  }
  return picked;
}

// ---- checks ---------------------------------------------------------------------------------------------------------

const STACK_MARKERS = ['    at ', '.ts:', 'node_modules'];
// Only for error answers: a success may carry such words as data (the health answer names the database; the
// translations say "Select …").
const SQL_MARKERS = ['select ', 'insert into', 'syntax error', 'violates', 'relation "', 'pglite', 'postgres', 'kysely', 'invalid input syntax'];

function problemOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const body = res.body;
  const lower = body.toLowerCase();
  const stack = STACK_MARKERS.find((m) => body.includes(m));
  if (stack) return `stack trace marker ${JSON.stringify(stack)}`;
  if (res.statusCode >= 400) {
    const leak = SQL_MARKERS.find((m) => lower.includes(m));
    if (leak) return `SQL/driver text ${JSON.stringify(leak)}`;
  }
  if (String(res.headers['content-type'] ?? '').includes('json')) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return 'JSON content type but not JSON';
    }
    if (res.statusCode >= 400) {
      if (!ZErrorEnvelope.safeParse(json).success) return 'error answer outside the envelope';
    } else {
      const status = (json as { status?: { status?: unknown } } | null)?.status?.status;
      if (status !== 'SUCCESS' || !Object.hasOwn(json as object, 'payload')) return 'success answer outside the envelope';
    }
  }
  return null;
}

function errorMessageOf(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 400) return undefined;
  try {
    return (JSON.parse(res.body) as { status?: { message?: string } }).status?.message;
  } catch {
    return undefined;
  }
}

// ---- the test -------------------------------------------------------------------------------------------------------

async function knownIds(t: TestApp): Promise<TKnownIds> {
  const db = t.database.db;
  const first = async (table: string): Promise<number | null> => {
    const { rows } = await sql<{ id: number | null }>`select min(id)::int as id from ${sql.table(table)}`.execute(db);
    return rows[0]?.id ?? null;
  };
  const tables: Record<string, string> = {
    terminals: 'terminals',
    portcalls: 'portcalls',
    watchlist: 'portcalls',
    blocked_zones: 'blocked_zones',
    delay_reasons: 'terminal_delay_reasons',
    vessels: 'vessels',
    non_working_times: 'terminal_non_working_times',
    terminal_shifts: 'terminal_shifts',
    notification_messages: 'notification_messages',
    voyages: 'voyages',
    voyage_templates: 'voyage_templates',
    schedule_proposals: 'schedule_proposals',
    ais_detections: 'ais_detections',
    dcsa_counterparties: 'dcsa_counterparties',
  };
  const ids = new Map<string, number>();
  const byQuery: Record<string, string> = { terminal_id: 'terminals', portcall_id: 'portcalls', vessel_id: 'vessels', port_id: 'ports' };
  for (const table of new Set([...Object.values(tables), ...Object.values(byQuery)])) ids.set(table, (await first(table)) ?? 1);
  return {
    pathValue(path, name) {
      if (name === 'locale') return 'en';
      const segments = path.split('/');
      const segment = segments[segments.indexOf(`{${name}}`) - 1] ?? '';
      const table = tables[segment];
      if (!table) throw new Error(`no known id for {${name}} in ${path}: add its table to the fuzz test`);
      return String(ids.get(table));
    },
    queryValue(name) {
      const table = byQuery[name];
      return table ? String(ids.get(table)) : null;
    },
  };
}

async function signIn(app: FastifyInstance, role: Exclude<TRole, 'anonymous'>): Promise<string> {
  const user = DEMO_USERS.find((u) => u.user_type === role && !u.expired);
  if (!user) throw new Error(`no demo user for ${role}`);
  return loginAs(app, user.email, DEMO_PASSWORD);
}

// Requests that may end the session they run in: afterwards the token is checked and the role signs in again if needed.
const MAY_END_SESSION = /^(PUT \/logout|POST \/update_password|PUT \/reset_expired_password|POST \/proxy_session|DELETE \/proxy_session)$/;

describe.each(DB_TARGETS)('API fuzz (%s)', (target) => {
  let t: TestApp;
  let operations: TOperation[];
  let ids: TKnownIds;

  beforeAll(async () => {
    // Limits on, so their code sees the odd inputs too, but far out of reach: every request should get to its handler.
    const rateLimits = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([name, limit]) => [name, { ...limit, max: 1_000_000 }])) as AppConfig['rateLimits'];
    t = await createTestApp(target, { seedDemo: true, rateLimits });
    await t.app.ready();
    operations = listOperations(t.app);
    ids = await knownIds(t);
  });
  afterAll(async () => t?.close());

  it(
    `answers every mutated request of every operation and role without a 5xx or a leak (FUZZ_SEED=${SEED}, FUZZ_RUNS=${MULTIPLIER})`,
    async () => {
      console.info(`[api-fuzz] ${target}: FUZZ_SEED=${SEED} FUZZ_RUNS=${MULTIPLIER} (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${MULTIPLIER} npx vitest run --project server src/test/api-fuzz.test.ts)`);
      const tokens = new Map<TRole, string>();
      for (const role of ROLES) if (role !== 'anonymous') tokens.set(role, await signIn(t.app, role));
      const failures: TFailure[] = [];
      let requests = 0;
      const statuses = new Map<number, number>();
      const started = performance.now();
      const slowest: { key: string; ms: number }[] = [];
      // Not failures: the schema let a value through that only the database refused (plugins/errors.ts maps it to a 4xx).
      const refusalMessages = new Set<string>(Object.values(DATABASE_REFUSALS));
      const refusedByDatabase = new Map<string, string>();

      for (const op of operations) {
        const { valid, mutations } = fuzzCases(op, ids);
        const opStarted = performance.now();
        for (const role of ROLES) {
          const count = role === 'anonymous' ? CASES_ANONYMOUS : CASES_PER_ROLE;
          const cases = [valid, ...sample(mutations, count, (SEED + hash(`${op.key} ${role}`)) >>> 0)];
          for (const c of cases) {
            const token = tokens.get(role);
            const caseStarted = performance.now();
            const res = await t.app.inject({
              method: c.method,
              url: c.url,
              headers: { ...(c.headers ?? {}), ...(token ? { [HEADER_TOKEN]: token } : {}) },
              ...(c.payload ? { payload: c.payload() } : {}),
            });
            requests++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (process.env.FUZZ_VERBOSE && performance.now() - caseStarted > 200) console.info(`[api-fuzz] slow: ${op.key} as ${role} with ${c.label}: ${Math.round(performance.now() - caseStarted)} ms, ${res.statusCode}`);
            const problem = problemOf(res);
            const message = errorMessageOf(res);
            if (message && refusalMessages.has(message) && !refusedByDatabase.has(op.key)) refusedByDatabase.set(op.key, `${c.label} → ${res.statusCode} ${message}`);
            if (problem) failures.push({ operation: op.key, role, input: c.label, status: res.statusCode, problem, body: res.body.slice(0, 300) });
            if (token && MAY_END_SESSION.test(op.key)) {
              const check = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/user_details`, headers: { [HEADER_TOKEN]: token } });
              if (check.statusCode === 401) tokens.set(role, await signIn(t.app, role as Exclude<TRole, 'anonymous'>));
            }
          }
        }
        slowest.push({ key: op.key, ms: performance.now() - opStarted });
      }

      slowest.sort((a, b) => b.ms - a.ms);
      console.info(
        `[api-fuzz] ${target}: ${requests} requests over ${operations.length} operations in ${((performance.now() - started) / 1000).toFixed(1)} s; slowest: ${slowest
          .slice(0, 5)
          .map((s) => `${s.key} ${Math.round(s.ms)} ms`)
          .join(', ')}; answers: ${[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ')}`,
      );
      // The mutations must reach the handlers, not stop at sign-in or a rate limit: most answers are not 401/429.
      expect((statuses.get(401) ?? 0) + (statuses.get(429) ?? 0), 'too many 401/429 answers: the roles lost their sessions or hit a limit').toBeLessThan(requests / 3);
      if (refusedByDatabase.size) console.info(`[api-fuzz] ${target}: refused by the database, not by the schema:\n${[...refusedByDatabase].map(([key, what]) => `  ${key}: ${what}`).join('\n')}`);
      if (process.env.FUZZ_REPORT) writeFileSync(`${process.env.FUZZ_REPORT}.${target}.json`, JSON.stringify(failures, null, 1));
      // One line per operation and kind of problem, with its first input: a single cause often fails many inputs.
      const groups = new Map<string, { first: TFailure; count: number }>();
      for (const f of failures) {
        const key = `${f.operation} | ${f.problem} (${f.status})`;
        const group = groups.get(key);
        if (group) group.count++;
        else groups.set(key, { first: f, count: 1 });
      }
      const report = [...groups.entries()].map(([key, { first, count }]) => `${key} ×${count}, e.g. as ${first.role} with ${first.input}: ${first.body.slice(0, 200)}`).join('\n');
      expect(failures.length, `${failures.length} failures (FUZZ_SEED=${SEED}):\n${report}`).toBe(0);
    },
    600_000 * MULTIPLIER,
  );
});
