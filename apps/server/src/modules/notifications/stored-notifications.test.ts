import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as mendCreatorType } from '../../db/migrations/0021-notification-creator-type';
import { type ApiCall, createOrganisation, createTerminal, createVessel, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3600_000;
type TItem = { id: number; notification_type: string; details: Record<string, unknown>; is_unreadable?: boolean; created_at: string };

describe.each(DB_TARGETS)('stored notifications on %s', (target) => {
  let t: TestApp;
  const logLines: Record<string, unknown>[] = [];
  let w: { terminalId: number; unlocode: string; operatorCode: string; imo: string; planner: ApiCall; plannerId: number; colleague: ApiCall; colleagueId: number };

  beforeAll(async () => {
    t = await createTestApp(target, {}, { logger: { level: 'error', format: 'json', destination: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) } } });
    const db = t.database.db;
    const terminal = await createTerminal(db);
    const port = await db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select('ports.unlocode').where('terminals.id', '=', terminal.id).executeTakeFirstOrThrow();
    const operatorCode = `N${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const operator = await createOrganisation(db, 'vessel_operator', { code: operatorCode });
    const vessel = await createVessel(db, { vesselOperatorId: operator.id, name: 'NORDIC ROVER' });
    const planner = await signIn(t.app, db, { terminalIds: [terminal.id] });
    const colleague = await signIn(t.app, db, { terminalIds: [terminal.id] });
    w = { terminalId: terminal.id, unlocode: port.unlocode, operatorCode, imo: vessel.imo_number, planner: planner.call, plannerId: planner.user.id, colleague: colleague.call, colleagueId: colleague.user.id };
  });
  afterAll(async () => t?.close());

  /** An ordinary DCSA OVS 3 schedule: the known vessel calls at the terminal's port with planned times. */
  function ovsFile(voyage: string, arrival: number) {
    const at = (ms: number) => new Date(ms).toISOString();
    return JSON.stringify([
      {
        carrierServiceName: 'Nordic Loop',
        carrierServiceCode: 'NLP',
        vesselSchedules: [
          {
            vesselOperatorSMDGLinerCode: w.operatorCode,
            vesselIMONumber: w.imo,
            vesselName: 'NORDIC ROVER',
            isDummyVessel: false,
            transportCalls: [
              {
                transportCallReference: `${voyage}-1`,
                carrierImportVoyageNumber: voyage,
                carrierExportVoyageNumber: voyage,
                location: { locationType: 'UNLO', UNLocationCode: w.unlocode },
                timestamps: [
                  { eventTypeCode: 'ARRI', eventClassifierCode: 'PLN', eventDateTime: at(arrival) },
                  { eventTypeCode: 'DEPA', eventClassifierCode: 'PLN', eventDateTime: at(arrival + 20 * H) },
                ],
              },
            ],
          },
        ],
      },
    ]);
  }

  it('keeps the bell readable for every terminal user after an ordinary schedule file is uploaded', async () => {
    const upload = await w.planner('POST', '/schedule_providers/upload', { terminal_id: w.terminalId, format: 'ovs', source: 'gnet', content: ovsFile('4101W', t.clock.now().getTime() + 96 * H) });
    expect(upload.statusCode).toBe(200);
    expect(upload.json().payload).toMatchObject({ outcome: 'success' });

    const bell = await w.colleague('GET', '/notification_messages');
    expect(bell.statusCode).toBe(200);
    const items = bell.json().payload.items as TItem[];
    const generated = items.find((n) => n.details.field === 'voyages');
    // Nobody made the change: the carrier's schedule counts for the vessel side, and says it was automated.
    expect(generated).toMatchObject({ details: { action: 'generated', count: 1, actor_side: 'vessel_side', creator_type: 'automated', source: 'gnet' } });
    expect(generated?.is_unreadable).toBeUndefined();
  });

  it('lists a notification that does not read as unreadable, with its id and time, logs it at error level, and answers the page', async () => {
    const db = t.database.db;
    const readable = await w.planner('GET', '/notification_messages');
    const before = (readable.json().payload.items as TItem[]).length;
    const bad = await sql<{ id: number }>`
      insert into notification_messages (portal_user_id, portcall_id, notification_type, details, created_at)
      values (${w.plannerId}, null, 'portcall_update', '{"actor_side": "somewhere", "vessel_name": 7}'::jsonb, ${t.clock.now()})
      returning id`.execute(db);
    const badId = Number(bad.rows[0]!.id);
    logLines.length = 0;

    const res = await w.planner('GET', '/notification_messages');
    expect(res.statusCode).toBe(200);
    const items = res.json().payload.items as TItem[];
    expect(items).toHaveLength(before + 1);
    expect(items.find((n) => n.id === badId)).toEqual({ id: badId, notification_type: 'portcall_update', portcall_id: null, details: {}, is_unreadable: true, read: false, created_at: t.clock.now().toISOString() });
    const logged = logLines.filter((l) => l.level === 50 && l.kind === 'notification_details');
    expect(logged).toEqual([expect.objectContaining({ id: badId, problem: expect.stringContaining('actor_side') })]);
  });

  it('lists a sync run whose stored changes do not read as unreadable, and the other runs as they are', async () => {
    const bad = await sql<{ id: number }>`
      insert into schedule_sync_runs (terminal_id, source, trigger, started_at, finished_at, outcome, changes)
      values (${w.terminalId}, 'manual', 'upload', ${t.clock.now()}, ${t.clock.now()}, 'success', '[{"kind": "teleported"}]'::jsonb)
      returning id`.execute(t.database.db);
    const badId = Number(bad.rows[0]!.id);
    logLines.length = 0;
    const res = await w.planner('GET', `/schedule_providers/runs?terminal_id=${w.terminalId}`);
    expect(res.statusCode).toBe(200);
    const runs = res.json().payload.items as { id: number; changes: unknown[]; is_unreadable?: boolean }[];
    expect(runs.find((r) => r.id === badId)).toMatchObject({ changes: [], is_unreadable: true });
    expect(runs.filter((r) => r.id !== badId).every((r) => r.is_unreadable === undefined && r.changes.length > 0)).toBe(true);
    expect(logLines.filter((l) => l.level === 50 && l.kind === 'schedule_run_changes').map((l) => l.id)).toEqual([badId]);
  });

  it('mends notifications and their live events stored with actor_side automated', async () => {
    const db = t.database.db;
    const stored = { field: 'voyages', action: 'generated', count: 2, actor_name: 'Schedule sync', actor_side: 'automated' };
    const row = await sql<{ id: number }>`
      insert into notification_messages (portal_user_id, portcall_id, notification_type, details, created_at)
      values (${w.colleagueId}, null, 'portcall_update', ${JSON.stringify(stored)}::jsonb, ${t.clock.now()})
      returning id`.execute(db);
    const id = Number(row.rows[0]!.id);
    await sql`insert into realtime_events (channel, event, payload) values (${`User.${w.colleagueId}`}, 'notification.created', ${JSON.stringify({ id, notification_type: 'portcall_update', portcall_id: null, details: stored })}::jsonb)`.execute(db);

    // The app's Kysely is typed with our tables; a migration takes any database, as migrateToLatest does.
    await mendCreatorType(db as never);

    const items = (await w.colleague('GET', '/notification_messages')).json().payload.items as TItem[];
    expect(items.find((n) => n.id === id)).toMatchObject({ details: { ...stored, actor_side: 'vessel_side', creator_type: 'automated' } });
    expect(items.find((n) => n.id === id)?.is_unreadable).toBeUndefined();
    const event = await db.selectFrom('realtime_events').select('payload').where('event', '=', 'notification.created').where('channel', '=', `User.${w.colleagueId}`).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ details: { actor_side: 'vessel_side', creator_type: 'automated' } });
  });
});
