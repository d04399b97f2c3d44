// The spec as a test. docs/spec-conformance.json lists every item of spec sections 3, 4, 7, 8 and 9;
// each test below walks one kind of item and fails with the list of every mismatch (a deliberately absent item
// only needs its reason).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as domain from '@quayline/domain';
import { API_PREFIX, ERROR_CODES, ERROR_MESSAGES, HEADER_TOKEN, LOCALES, SPEC_ENUMERATIONS, ZStatus, type TLocale } from '@quayline/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_PASSWORD } from '../demo/demo-data';
import { loginAs } from './fixtures';
import { type TOperation, exampleFromSchema, listOperations } from './openapi-operations';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';

const REPO = path.resolve(__dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');

const ZSource = z.object({
  module: z.enum(['domain', 'web']).optional(),
  file: z.string().optional(),
  export: z.string().optional(),
  path: z.string().optional(),
  args: z.array(z.unknown()).optional(),
  contains: z.string().optional(),
  locale_key: z.string().optional(),
});
const ZItem = z.object({
  section: z.enum(['3', '4', '7', '8', '9']),
  kind: z.enum(['field', 'enum', 'endpoint', 'download', 'error', 'constant']),
  name: z.string(),
  status: z.enum(['present', 'absent']),
  reason: z.string().optional(),
  entity: z.string().optional(),
  api_name: z.string().optional(),
  values: z.array(z.string()).optional(),
  path: z.string().nullable().optional(),
  methods: z.array(z.string()).optional(),
  method: z.string().optional(),
  format_parameter: z.string().optional(),
  formats: z.array(z.string()).optional(),
  query: z.record(z.string(), z.string()).optional(),
  code: z.string().optional(),
  text: z.string().optional(),
  value: z.unknown().optional(),
  source: ZSource.optional(),
  compare: z.enum(['equal', 'contains_all']).optional(),
  note: z.string().optional(),
});
type TItem = z.infer<typeof ZItem>;

const ITEMS: TItem[] = z.object({ items: z.array(ZItem) }).parse(JSON.parse(read('docs/spec-conformance.json'))).items;
const present = (kind: TItem['kind']) => ITEMS.filter((i) => i.kind === kind && i.status === 'present');

const LOCALE_TEXTS = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(read(`apps/server/src/modules/translations/locales/${l}.json`)) as unknown])) as Record<TLocale, unknown>;

/** The value at a dotted path (`a.b.c`), or undefined. */
function valueAt(root: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}

/** Problems with one translation key: missing or empty in any locale file. */
function labelProblems(key: string): string[] {
  return LOCALES.filter((l) => {
    const text = valueAt(LOCALE_TEXTS[l], key);
    return typeof text !== 'string' || text.trim() === '';
  }).map((l) => `${key}: no text in ${l}.json`);
}

const isDeepEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe('docs/spec-conformance.json', () => {
  it('gives every deliberately absent item its reason, and every present item what its check needs', () => {
    const problems: string[] = [];
    for (const item of ITEMS) {
      const id = `${item.kind} ${item.name}`;
      if (item.status === 'absent' && !item.reason?.trim()) problems.push(`${id}: absent without a reason`);
      if (item.status === 'present' && item.reason) problems.push(`${id}: present, yet gives a reason for being absent`);
      if (item.status !== 'present') continue;
      if (item.kind === 'field' && !item.entity) problems.push(`${id}: no entity`);
      if (item.kind === 'endpoint' && !(item.path && item.methods?.length)) problems.push(`${id}: no path or methods`);
      if (item.kind === 'constant' && !item.source?.export) problems.push(`${id}: no source export`);
    }
    const keys = ITEMS.map((i) => `${i.kind} ${i.entity ?? ''} ${i.name}`);
    problems.push(...keys.filter((k, i) => keys.indexOf(k) !== i).map((k) => `${k}: listed twice`));
    expect(problems).toEqual([]);
  });

  it('has every enumeration value in the domain, with a label in all four locale files', () => {
    const problems: string[] = [];
    for (const item of present('enum')) {
      const enumeration = (SPEC_ENUMERATIONS as Record<string, (typeof SPEC_ENUMERATIONS)[keyof typeof SPEC_ENUMERATIONS] | undefined>)[item.name];
      if (!enumeration) {
        problems.push(`enum ${item.name}: not in SPEC_ENUMERATIONS`);
        continue;
      }
      const values = enumeration.values as readonly string[];
      for (const value of item.values ?? []) if (!values.includes(value)) problems.push(`enum ${item.name}: the spec's value ${value} is missing`);
      if (enumeration.section !== item.section) problems.push(`enum ${item.name}: section ${enumeration.section} in the domain, ${item.section} in the list`);
      for (const value of values) problems.push(...labelProblems(enumeration.labelKey(value)).map((p) => `enum ${item.name} ${value}: ${p}`));
    }
    const listed = new Set(ITEMS.filter((i) => i.kind === 'enum').map((i) => i.name));
    for (const name of Object.keys(SPEC_ENUMERATIONS)) if (!listed.has(name)) problems.push(`enum ${name}: in SPEC_ENUMERATIONS but not in the list`);
    expect(problems).toEqual([]);
  });

  it('has every error of section 8 with its English text where the spec gives one', async () => {
    const problems: string[] = [];
    for (const item of present('error')) {
      const id = `error ${item.name}`;
      if (item.code === 'SUCCESS') {
        if (!ZStatus.safeParse({ status: 'SUCCESS' }).success) problems.push(`${id}: the envelope has no SUCCESS status`);
        continue;
      }
      if (item.code) {
        if (!(ERROR_CODES as readonly string[]).includes(item.code)) {
          problems.push(`${id}: not in ERROR_CODES`);
          continue;
        }
        const message = ERROR_MESSAGES[item.code as (typeof ERROR_CODES)[number]];
        if (item.text !== undefined && message !== item.text) problems.push(`${id}: ERROR_MESSAGES says "${message}", the spec "${item.text}"`);
        problems.push(...labelProblems(`errors.${item.code}`).map((p) => `${id}: ${p}`));
        continue;
      }
      const source = item.source ?? {};
      if (source.locale_key) {
        problems.push(...labelProblems(source.locale_key).map((p) => `${id}: ${p}`));
        const english = valueAt(LOCALE_TEXTS.en, source.locale_key);
        if (item.text !== undefined && english !== item.text) problems.push(`${id}: en.json says "${String(english)}", the spec "${item.text}"`);
      } else if (source.file && source.contains) {
        if (!read(source.file).includes(source.contains)) problems.push(`${id}: ${source.file} does not contain ${source.contains}`);
      } else if (source.export) {
        const raw = await constantOf(source);
        const value = typeof raw === 'function' ? (raw as (type: string) => unknown)('xlsx') : raw;
        const expected = item.text?.replace('{type}', 'xlsx');
        if (value !== expected) problems.push(`${id}: the code says "${String(value)}", the spec "${expected}"`);
      } else problems.push(`${id}: no code and no source`);
    }
    expect(problems).toEqual([]);
  });

  it('has every constant of section 9 at the value the code uses', async () => {
    const problems: string[] = [];
    for (const item of present('constant')) {
      const actual = await constantOf(item.source!).catch((err: Error) => `<${err.message}>`);
      const isMatch = item.compare === 'contains_all' ? Array.isArray(actual) && (item.value as unknown[]).every((v) => actual.includes(v)) : isDeepEqual(actual, item.value);
      if (!isMatch) problems.push(`constant ${item.name}: the spec says ${JSON.stringify(item.value)}, the code ${JSON.stringify(actual)}`);
    }
    expect(problems).toEqual([]);
  });
});

/** A constant as the list's source names it: a domain export or a web module's, at a path, called with args if given. */
async function constantOf(source: z.infer<typeof ZSource>): Promise<unknown> {
  const module: Record<string, unknown> = source.module === 'web' ? ((await import(pathToFileURL(path.join(REPO, source.file!)).href)) as Record<string, unknown>) : (domain as Record<string, unknown>);
  if (!(source.export! in module)) throw new Error(`${source.file ?? '@quayline/domain'} exports no ${source.export}`);
  let value = module[source.export!];
  if (source.path) value = valueAt(value, source.path);
  if (source.args) value = (value as (...args: unknown[]) => unknown)(...source.args);
  return value;
}

const ROLES = ['terminal_operator', 'vessel_operator', 'agent'] as const;
type TRole = (typeof ROLES)[number];
const DEMO_EMAILS: Record<TRole, string> = { terminal_operator: 'terminal.operator@demo.quayline.test', vessel_operator: 'vessel.operator@demo.quayline.test', agent: 'agent@demo.quayline.test' };

/** Who may call an operation, from the "Every route" table of docs/permissions.md (the permission matrix test checks it). */
function callersByOperation(): Map<string, TRole | 'anonymous'> {
  const callers = new Map<string, TRole | 'anonymous'>();
  const section = read('docs/permissions.md').split('## Every route')[1]?.split(/\n## /)[0] ?? '';
  for (const line of section.split('\n')) {
    const cells = line.trim().split('|').slice(1, -1).map((c) => c.trim().replace(/`/g, ''));
    if (cells.length !== 6 || !/^(GET|POST|PUT|DELETE|PATCH) \//.test(cells[0]!)) continue;
    const [key, anonymous, ...roles] = cells as [string, string, string, string, string, string];
    const role = ROLES.find((_, i) => roles[i] === 'ok');
    if (role) callers.set(key, role);
    else if (anonymous === 'ok') callers.set(key, 'anonymous');
  }
  return callers;
}

type TEnvelopeBody = { status?: { status?: unknown }; payload?: unknown };

describe.each(DB_TARGETS)('the spec against the API on %s', (target) => {
  let t: TestApp;
  let tokens: Record<TRole, string>;
  let values: Record<string, string | number>;

  const as = (role: TRole | 'anonymous') => (role === 'anonymous' ? {} : { [HEADER_TOKEN]: tokens[role] });

  const signIn = (email: string) => loginAs(t.app, email, DEMO_PASSWORD);

  beforeAll(async () => {
    t = await createTestApp(target, { seedDemo: true });
    await t.app.ready();
    tokens = { terminal_operator: await signIn(DEMO_EMAILS.terminal_operator), vessel_operator: await signIn(DEMO_EMAILS.vessel_operator), agent: await signIn(DEMO_EMAILS.agent) };
    const db = t.app.ctx.db;
    const terminal = await db.selectFrom('terminals').select(['id', 'port_id']).orderBy('id').executeTakeFirstOrThrow();
    const call = await db.selectFrom('portcalls').select(['id', 'vessel_id']).where('terminal_id', '=', terminal.id).orderBy('id').executeTakeFirstOrThrow();
    const now = t.clock.now().getTime();
    values = { terminal_id: terminal.id, port_id: terminal.port_id, portcall_id: call.id, vessel_id: call.vessel_id, from: new Date(now - 7 * 86_400_000).toISOString(), to: new Date(now + 21 * 86_400_000).toISOString() };
  });
  afterAll(async () => t?.close());

  /** A valid-looking request: known ids for parameters that name a record, schema examples for the rest. */
  function requestFor(op: TOperation): { url: string; payload?: unknown } {
    const query = new URLSearchParams();
    for (const p of op.parameters) {
      if (p.in !== 'query') continue;
      const value = values[p.name] ?? (p.required ? exampleFromSchema(p.schema) : undefined);
      if (value !== undefined) query.set(p.name, Array.isArray(value) ? value.join(',') : String(value));
    }
    const url = `${API_PREFIX}${op.path}${query.size ? `?${query}` : ''}`;
    if (!op.body) return { url };
    const example = exampleFromSchema(op.body);
    const body = example && typeof example === 'object' && !Array.isArray(example) ? { ...(example as Record<string, unknown>) } : {};
    for (const name of Object.keys(body)) if (name in values && typeof values[name] === 'number') body[name] = values[name];
    return { url, payload: body };
  }

  it('answers every endpoint of section 7 in the envelope, for a role that may call it', async () => {
    const operations = new Map(listOperations(t.app).map((o) => [o.key, o]));
    const callers = callersByOperation();
    const problems: string[] = [];
    // Signing out is sent last, with a session of its own, so the other calls keep theirs.
    const keys = present('endpoint').flatMap((i) => i.methods!.map((m) => `${m} ${i.path}`));
    const ordered = [...keys.filter((k) => k !== 'PUT /logout'), ...keys.filter((k) => k === 'PUT /logout')];
    for (const key of ordered) {
      const op = operations.get(key);
      const caller = callers.get(key);
      if (!op || !caller) {
        problems.push(`${key}: ${op ? 'no row in docs/permissions.md' : 'not in the OpenAPI document'}`);
        continue;
      }
      const request = requestFor(op);
      const headers = key === 'PUT /logout' ? { [HEADER_TOKEN]: await signIn(DEMO_EMAILS.agent) } : as(caller);
      const res = await t.app.inject({ method: op.method, url: request.url, headers, ...(request.payload !== undefined ? { payload: request.payload as object } : {}) });
      const body = (String(res.headers['content-type'] ?? '').includes('application/json') ? res.json() : {}) as TEnvelopeBody;
      const status = body.status?.status;
      const isEnvelope = typeof status === 'string' && (status === 'SUCCESS' || (ERROR_CODES as readonly string[]).includes(status)) && 'payload' in body;
      // A read with known ids must succeed; a write sent with schema examples may be refused, but in the envelope.
      if (!isEnvelope || res.statusCode >= 500 || (op.method === 'GET' && status !== 'SUCCESS')) problems.push(`${key} as ${caller}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('shows every port-call field of section 3 in GET /portcalls/{id}, and the cargo, equipment, shift and contact fields in a call that has them', async () => {
    const db = t.app.ctx.db;
    // The call with the most of what the fields describe: equipment, shifts, cargo lines and a prediction.
    const richest = await db
      .selectFrom('portcalls as p')
      .select((eb) => [
        'p.id',
        eb.selectFrom('portcall_equipment_details as e').select((x) => x.fn.countAll<number>().as('n')).whereRef('e.portcall_id', '=', 'p.id').as('equipment'),
        eb.selectFrom('portcall_shift_details as s').select((x) => x.fn.countAll<number>().as('n')).whereRef('s.portcall_id', '=', 'p.id').where('s.contact_person_name', 'is not', null).as('shifts'),
        eb.selectFrom('portcall_cargo_details as c').select((x) => x.fn.countAll<number>().as('n')).whereRef('c.portcall_id', '=', 'p.id').as('cargo'),
        eb.selectFrom('portcall_predictions as r').select((x) => x.fn.countAll<number>().as('n')).whereRef('r.portcall_id', '=', 'p.id').as('predictions'),
      ])
      .execute();
    const score = (r: (typeof richest)[number]) => [r.equipment, r.shifts, r.cargo, r.predictions].filter((n) => Number(n) > 0).length;
    const best = richest.sort((a, b) => score(b) - score(a))[0]!;
    // The demo holds no prediction until the AIS job has run, and a call that has arrived shows none: give a call
    // still to arrive one, as that job writes it.
    const ahead = await db.selectFrom('portcalls').select(['id', 'berth_arrival']).where((eb) => eb.or([eb('berth_arrival_label', 'is', null), eb('berth_arrival_label', '<>', 'actual')])).where('status', '<>', 'Cancelled').orderBy('id').executeTakeFirstOrThrow();
    await db.deleteFrom('portcall_predictions').where('portcall_id', '=', ahead.id).execute();
    await db
      .insertInto('portcall_predictions')
      .values({ portcall_id: ahead.id, source: 'ais', predicted_time: new Date(new Date(ahead.berth_arrival).getTime() + 3600_000), distance_nm: null, speed_knots: null, pilotage_minutes: null, position_received_at: null, last_fetched_at: t.clock.now() })
      .execute();
    const predicted = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/portcalls/${ahead.id}`, headers: as('terminal_operator') });
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/portcalls/${best.id}`, headers: as('terminal_operator') });
    expect(res.statusCode).toBe(200);
    const call = (res.json() as { payload: Record<string, unknown> }).payload;
    const firstOf = (key: string) => (Array.isArray(call[key]) ? (call[key] as Record<string, unknown>[])[0] : undefined);
    const shift = firstOf('portcall_shift_details');
    const records: Record<string, unknown> = {
      portcall: call,
      predicted_call: (predicted.json() as { payload: unknown }).payload,
      cargo_detail: firstOf('cargo_details'),
      equipment_detail: firstOf('equipment_details'),
      shift_detail: shift,
      contact_person: shift?.contact_person,
    };
    const problems: string[] = [];
    for (const item of present('field')) {
      const record = records[item.entity === 'portcall' && item.name.startsWith('predicted_berth_arrival.') ? 'predicted_call' : item.entity!];
      const name = item.api_name ?? item.name;
      const [head, ...rest] = name.split('.');
      if (record === undefined || record === null) {
        problems.push(`${item.entity}.${name}: the demo data has no call with a ${item.entity}`);
        continue;
      }
      const parent = record as Record<string, unknown>;
      if (!(head! in parent)) {
        problems.push(`${item.entity}.${name}: not in the payload`);
        continue;
      }
      if (rest.length === 0) continue;
      const child = parent[head!];
      const nested = Array.isArray(child) ? child[0] : child;
      if (nested === null || nested === undefined) problems.push(`${item.entity}.${name}: ${head} is empty, so ${rest.join('.')} cannot be seen`);
      else if (!(rest.join('.') in (nested as Record<string, unknown>))) problems.push(`${item.entity}.${name}: not in the payload`);
    }
    expect(problems).toEqual([]);
  });

  it('answers every download with a file whose first row is the header row', async () => {
    const problems: string[] = [];
    for (const item of present('download').filter((i) => i.path)) {
      for (const format of item.formats ?? []) {
        const query = new URLSearchParams({ [item.format_parameter!]: format });
        for (const [name, placeholder] of Object.entries(item.query ?? {})) query.set(name, String(values[placeholder.replace(/[{}]/g, '')] ?? placeholder));
        const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}${item.path}?${query}`, headers: as('terminal_operator') });
        const id = `${item.path} as ${format}`;
        if (res.statusCode !== 200 || !String(res.headers['content-disposition'] ?? '').startsWith('attachment')) {
          problems.push(`${id}: ${res.statusCode} ${String(res.headers['content-disposition'])} ${res.body.slice(0, 160)}`);
          continue;
        }
        const header = format === 'csv' ? csvHeader(res.rawPayload) : await workbookHeader(res.rawPayload);
        if (typeof header === 'string') problems.push(`${id}: ${header}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

/** A header row names its columns: text cells, none empty, none a number or a time. */
function headerProblem(cells: string[]): string | null {
  if (cells.length < 2) return `the first row has ${cells.length} cell(s)`;
  const bad = cells.filter((c) => c.trim() === '' || /^-?\d+([.,]\d+)?$/.test(c.trim()) || /^\d{4}-\d{2}-\d{2}/.test(c.trim()));
  return bad.length ? `the first row is not a header: ${cells.join(', ')}` : null;
}

function csvHeader(body: Buffer): string[] | string {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  const first = text.split(/\r?\n/)[0] ?? '';
  const cells = first.split(',').map((c) => c.replace(/^"|"$/g, ''));
  return headerProblem(cells) ?? cells;
}

async function workbookHeader(body: Buffer): Promise<string[] | string> {
  if (body.subarray(0, 4).toString('binary') !== 'PK\x03\x04') return 'not a zip (xlsx) file';
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return 'a workbook without a sheet';
  const cells: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell) => cells.push(String(cell.value ?? '')));
  return headerProblem(cells) ?? cells;
}
