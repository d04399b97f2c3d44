// Every JSON the server stores goes in through storedJson (db/stored-json.ts) and its kind's schema: this test lists
// the kinds against the json columns of the migrated database and db/schema.ts, and reads the server's source for a
// write that goes around the helper, so a new writer that bypasses it fails here.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { STORED_JSON, STORED_JSON_KINDS } from '@quayline/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredJsonError, readRows, readStoredJson, storedJson, storedRealtimePayload } from '../db/stored-json';
import { JOB_DATA_KINDS } from '../jobs/job-queue';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';

const SERVER_SRC = path.resolve(__dirname, '..');
const HELPER = path.join(SERVER_SRC, 'db', 'stored-json.ts');
const MIGRATIONS = path.join(SERVER_SRC, 'db', 'migrations');
const JOB_QUEUE = path.join(SERVER_SRC, 'jobs', 'job-queue.ts');

/** The `table.column` places of the database kinds (job data lives in pg-boss's table, by queue). */
const COLUMNS = STORED_JSON_KINDS.flatMap((kind) => STORED_JSON[kind].storedIn.filter((place) => !place.startsWith('pgboss.')).map((place) => ({ kind, place })));
const STORED_TABLES = [...new Set(COLUMNS.map((c) => c.place.split('.')[0]!))];
const STORED_COLUMN_NAMES = [...new Set(COLUMNS.map((c) => c.place.split('.')[1]!))];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full === MIGRATIONS ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Places in one file's text where JSON is written around storedJson; `file` decides the few allowed exceptions. */
export function rawJsonWrites(file: string, text: string): string[] {
  const found: string[] = [];
  const at = (index: number, what: string) => found.push(`${path.relative(SERVER_SRC, file)}:${text.slice(0, index).split('\n').length}: ${what}`);
  const columnWrite = new RegExp(`\\b(${STORED_COLUMN_NAMES.join('|')})\\s*:\\s*(JSON\\.stringify|\`|'[\\[{])`, 'g');
  for (const m of text.matchAll(columnWrite)) at(m.index, `${m[1]} written as raw JSON text`);
  for (const m of text.matchAll(/\bas\s+(unknown\s+as\s+)?StoredJson\b/g)) if (file !== HELPER) at(m.index, 'a value cast to StoredJson');
  for (const m of text.matchAll(/::jsonb?\b/g)) {
    const line = text.slice(text.lastIndexOf('\n', m.index) + 1, text.indexOf('\n', m.index));
    // Rows in transit to json_populate_recordset/json_to_recordset (db/json-rows.ts) are typed table rows, not a stored value.
    if (!line.includes('storedJson(') && !/\bjson_(populate|to)_recordset\(/.test(line)) at(m.index, 'a ::json cast of a value that did not pass storedJson');
  }
  const rawSql = new RegExp(`\\b(insert\\s+into|update)\\s+(${STORED_TABLES.join('|')})\\b`, 'gi');
  for (const m of text.matchAll(rawSql)) at(m.index, `raw SQL writing ${m[2]}`);
  for (const m of text.matchAll(/\bboss\.(send|insert|sendAfter|sendDebounced|sendThrottled)\(/g)) {
    if (!(file === JOB_QUEUE && text.slice(Math.max(0, m.index - 400), m.index).includes('function sendJob'))) at(m.index, `job data sent around sendJob (boss.${m[1]})`);
  }
  return found;
}

describe('stored JSON', () => {
  it('names a schema and a place for every kind, and the job queues that carry data are exactly its job kinds', () => {
    for (const kind of STORED_JSON_KINDS) {
      expect(STORED_JSON[kind].storedIn.length, kind).toBeGreaterThan(0);
      expect(typeof STORED_JSON[kind].schema.safeParse, kind).toBe('function');
    }
    const jobPlaces = STORED_JSON_KINDS.flatMap((kind) => STORED_JSON[kind].storedIn.filter((p) => p.startsWith('pgboss.')).map((p) => [p.split(':')[1], kind]));
    expect(Object.fromEntries(jobPlaces)).toEqual(JOB_DATA_KINDS);
  });

  it('types every stored column of db/schema.ts with its kind, so nothing but storedJson output goes in', () => {
    const schema = readFileSync(path.join(SERVER_SRC, 'db', 'schema.ts'), 'utf8');
    const problems: string[] = [];
    for (const { kind, place } of COLUMNS) {
      const [table, column] = place.split('.') as [string, string];
      const typeName = new RegExp(`\\n  ${table}: (\\w+);`).exec(schema)?.[1];
      const block = typeName ? new RegExp(`export type ${typeName} = \\{([\\s\\S]*?)\\n\\};`).exec(schema)?.[1] : undefined;
      const declaration = block?.split('\n').find((l) => l.trim().startsWith(`${column}:`));
      if (!declaration?.includes(`'${kind}'`)) problems.push(`${place}: declared as ${declaration?.trim() ?? 'nothing'}, not with StoredJson<'${kind}'>`);
    }
    expect(problems).toEqual([]);
  });

  it('finds no JSON written around storedJson anywhere in the server (seeds included)', () => {
    const found = sourceFiles(SERVER_SRC).flatMap((file) => rawJsonWrites(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('would catch a writer that goes around the helper', () => {
    const file = path.join(SERVER_SRC, 'modules', 'example', 'example.service.ts');
    const bad = [
      "await trx.insertInto('notification_messages').values({ portal_user_id: 1, details: JSON.stringify(details) }).execute();",
      'await sql`update notification_messages set details = ${text}::jsonb`.execute(db);',
      "const forged = '{}' as StoredJson<'notification_details'>;",
      "await boss.send('prise-poll', { portcallId: 1 });",
    ].join('\n');
    expect(rawJsonWrites(file, bad)).toEqual([
      'modules/example/example.service.ts:1: details written as raw JSON text',
      "modules/example/example.service.ts:3: a value cast to StoredJson",
      'modules/example/example.service.ts:2: a ::json cast of a value that did not pass storedJson',
      'modules/example/example.service.ts:2: raw SQL writing notification_messages',
      'modules/example/example.service.ts:4: job data sent around sendJob (boss.send)',
    ]);
  });

  it('refuses a wrong shape at the writer and says which field', () => {
    expect(() => storedJson('notification_details', { actor_name: 'Schedule sync', actor_side: 'automated' as 'terminal' })).toThrow(StoredJsonError);
    expect(() => storedJson('notification_details', { actor_name: 'Schedule sync', actor_side: 'automated' as 'terminal' })).toThrow(/actor_side/);
    expect(storedJson('notification_details', { actor_name: 'Schedule sync', actor_side: 'vessel_side', creator_type: 'automated' })).toBe('{"actor_name":"Schedule sync","actor_side":"vessel_side","creator_type":"automated"}');
    // A key no reader knows is refused too, rather than dropped on the way in.
    expect(() => storedJson('notification_details', { actor_name: 'x', colour: 'red' } as never)).toThrow(/colour/);
    expect(() => storedRealtimePayload('notification.created', { id: 1, notification_type: 'revised', portcall_id: 2, details: { actor_side: 'automated' } })).toThrow(/details\.actor_side/);
    expect(() => storedRealtimePayload('portcall.updated', { portcall_id: 2, field: 'x' })).toThrow(/terminal_id/);
    expect(readStoredJson('schedule_run_changes', [{ kind: 'estimate' }])).toMatchObject({ ok: false });
  });

  it('reads a list row by row: an unreadable row is logged with its id and kept as such', () => {
    const logged: object[] = [];
    const rows = [
      { id: 1, details: { actor_side: 'terminal' } },
      { id: 2, details: { actor_side: 'automated' } },
    ];
    const read = readRows(rows, { kind: 'notification_details', valueOf: (r) => r.details, idOf: (r) => r.id, log: { error: (obj) => logged.push(obj) } }, (r, d): { id: number; side: string | undefined } => ({ id: r.id, side: d.actor_side }), (r) => ({ id: r.id, side: 'unreadable' }));
    expect(read).toEqual([
      { id: 1, side: 'terminal' },
      { id: 2, side: 'unreadable' },
    ]);
    expect(logged).toEqual([expect.objectContaining({ kind: 'notification_details', id: 2 })]);
  });
});

describe.each(DB_TARGETS)('stored JSON columns of the migrated database on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  it('has a kind for every json and jsonb column', async () => {
    const result = await sql<{ place: string }>`
      select table_name || '.' || column_name as place from information_schema.columns
      where table_schema = 'public' and data_type in ('json', 'jsonb') order by 1`.execute(t.database.db);
    expect(result.rows.map((r) => r.place)).toEqual(COLUMNS.map((c) => c.place).sort());
  });
});
