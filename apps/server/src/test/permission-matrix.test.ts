// The authorization matrix of docs/permissions.md ("Every route") as a test. Every operation of the
// OpenAPI document is sent for every role, without a session and with a proxy session, on real demo records that
// all three roles can see, and the answer's class is compared with the table; a route without a row fails. Then
// every non-public operation with dead tokens (401), and every look-up with a record the vessel side may not see (404).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX, DCSA_JIT_PREFIX, BERTH_ORIENTATIONS, CARD_COLOUR_CLASSES, DEFAULT_ALERT_SETTINGS, HEADER_PROXY_TOKEN, HEADER_TOKEN, type TPortcall, type TPortcallField, type TUserType, imoCheckDigit, portcallFieldPermissionRows, portcallFieldsRefusedTo } from '@quayline/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../demo/demo-data';
import { digest, generateToken } from '../lib/tokens';
import { MATRIX_CELLS, MATRIX_COLUMNS, ROUTE_PERMISSIONS, type TMatrixCell, type TMatrixColumn, matrixRowOf } from '../modules/auth/route-permissions';
import { insertSession } from '../modules/auth/session.repository';
import { TEST_PASSWORD, createTerminal, createUser, createVessel, loginAs } from './fixtures';
import { type TOperation, exampleFromSchema, fillPath, listOperations } from './openapi-operations';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';
import { storedJson } from '../db/stored-json';

const COLUMNS = MATRIX_COLUMNS;
type TColumn = TMatrixColumn;
const CELLS = MATRIX_CELLS;
type TCell = TMatrixCell;
type TMatrix = Map<string, Record<TColumn, TCell>>;

const PERMISSIONS_DOC = path.resolve(__dirname, '../../../../docs/permissions.md');
const MATRIX_HEADING = '## Every route';
const FIELD_HEADING = '## Who may write which field of a port call';

/** The rows of the field table: `| \`field\` | terminal_operator | vessel_operator | agent | note |`, as the code's rows read. */
function parseFieldTable(markdown: string): string[] {
  const start = markdown.indexOf(FIELD_HEADING);
  if (start < 0) return [`docs/permissions.md has no "${FIELD_HEADING}" section`];
  const section = markdown.slice(start + FIELD_HEADING.length).split(/\n## /)[0]!;
  return section
    .split('\n')
    .filter((line) => /^\| `[a-z_]+` \|/.test(line.trim()))
    .map((line) => line.trim().split('|').slice(1, -1).map((c) => c.trim().replace(/`/g, '')).join(' | '));
}

/** The rows of the "Every route" table: `| METHOD /path | anonymous | terminal_operator | vessel_operator | agent | acting |`. */
function parseRouteMatrix(markdown: string): { matrix: TMatrix; problems: string[] } {
  const matrix: TMatrix = new Map();
  const problems: string[] = [];
  const start = markdown.indexOf(MATRIX_HEADING);
  if (start < 0) return { matrix, problems: [`docs/permissions.md has no "${MATRIX_HEADING}" section`] };
  const section = markdown.slice(start + MATRIX_HEADING.length).split(/\n## /)[0]!;
  for (const line of section.split('\n')) {
    const cells = line.trim().split('|').slice(1, -1).map((c) => c.trim().replace(/`/g, ''));
    if (cells.length !== COLUMNS.length + 1 || !/^(GET|POST|PUT|DELETE|PATCH) \//.test(cells[0]!)) continue;
    const [key, ...values] = cells as [string, ...string[]];
    if (matrix.has(key)) problems.push(`${key}: two rows`);
    const bad = values.filter((v) => !(CELLS as readonly string[]).includes(v));
    if (bad.length) problems.push(`${key}: unknown cell(s) ${bad.join(', ')}`);
    matrix.set(key, Object.fromEntries(COLUMNS.map((c, i) => [c, values[i]])) as Record<TColumn, TCell>);
  }
  return { matrix, problems };
}

/** The class of an answer, in the table's words: authorisation passed unless the status is 401, 403 or 404. */
function classOf(status: number): TCell {
  return status === 401 || status === 403 || status === 404 ? (String(status) as TCell) : 'ok';
}

const DAY = 86_400_000;
/** The DCSA JIT endpoints live beside the portal API, at the standard's paths (docs/dcsa-jit.md). */
const JIT_PATH = DCSA_JIT_PREFIX.slice('/api'.length);

describe('the route table of docs/permissions.md', () => {
  it('reads rows with or without backticks and reports duplicate rows and unknown cells', () => {
    const { matrix, problems } = parseRouteMatrix(
      ['# x', MATRIX_HEADING, '', '| Operation | a | b | c | d | e |', '|---|---|---|---|---|---|', '| `GET /a` | 401 | ok | ok | 404 | ok |', '| PUT /b/{id} | 401 | ok | 403 | yes | ok |', '| GET /a | ok | ok | ok | ok | ok |', '', '## Next', '| GET /c | ok | ok | ok | ok | ok |'].join('\n'),
    );
    expect([...matrix.keys()]).toEqual(['GET /a', 'PUT /b/{id}']);
    expect(matrix.get('PUT /b/{id}')).toMatchObject({ anonymous: '401', vessel_operator: '403', agent: 'yes' });
    expect(problems).toEqual(['PUT /b/{id}: unknown cell(s) yes', 'GET /a: two rows']);
    expect(parseRouteMatrix('# no table').problems).toEqual([`docs/permissions.md has no "${MATRIX_HEADING}" section`]);
  });
});

describe('the route table in code (ROUTE_PERMISSIONS)', () => {
  it('is the table of docs/permissions.md, row for row and cell for cell', () => {
    const { matrix, problems } = parseRouteMatrix(readFileSync(PERMISSIONS_DOC, 'utf8'));
    expect(problems).toEqual([]);
    const fromCode = Object.entries(ROUTE_PERMISSIONS).map(([key, rule]) => `${key} | ${COLUMNS.map((c) => matrixRowOf(rule)[c]).join(' | ')}`);
    const fromDoc = [...matrix].map(([key, row]) => `${key} | ${COLUMNS.map((c) => row[c]).join(' | ')}`);
    expect(fromDoc).toEqual(fromCode);
  });
});

describe('the field table of docs/permissions.md', () => {
  it('is the code\u2019s table (PORTCALL_FIELD_PERMISSIONS), row for row', () => {
    const fromCode = portcallFieldPermissionRows().map((r) => [r.field, r.cells.terminal_operator, r.cells.vessel_operator, r.cells.agent, r.note].join(' | '));
    expect(parseFieldTable(readFileSync(PERMISSIONS_DOC, 'utf8'))).toEqual(fromCode);
  });
});

describe.each(DB_TARGETS)('the permission matrix on %s', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;

  /** The demo records and sessions every request draws on. */
  async function buildWorld() {
    const db = t.app.ctx.db;
    const now = t.clock.now();
    const users = await db.selectFrom('portal_users').select(['id', 'email', 'organisation_id']).execute();
    const user = (email: string) => users.find((u) => u.email === email)!;
    const terminalUser = user('terminal.operator@demo.quayline.test');
    const vesselUser = user('vessel.operator@demo.quayline.test');
    const agentUser = user('agent@demo.quayline.test');
    // The acting column: the demo terminal operator acts for a planner colleague of the same terminal.
    const actedFor = user('night.planner@demo.quayline.test');
    const terminal = await db.selectFrom('terminals').select(['id', 'port_id']).executeTakeFirstOrThrow();
    const signIn = (email: string) => loginAs(t.app, email, DEMO_PASSWORD);
    const tokens = {
      terminal_operator: await signIn(terminalUser.email),
      vessel_operator: await signIn(vesselUser.email),
      agent: await signIn(agentUser.email),
    };
    /** A session written the way sign-in writes it: for logout and the expired and revoked variants, without more sign-ins. */
    const openSession = async (userId: number) => {
      const token = generateToken();
      await insertSession(db, { token_hash: digest(token), portal_user_id: userId, actor_user_id: null, created_at: now, expires_at: new Date(now.getTime() + DAY), user_agent: null });
      return token;
    };
    const startProxy = async () => {
      const res = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/proxy_session`, headers: { [HEADER_TOKEN]: tokens.terminal_operator }, payload: { user_id: actedFor.id } });
      if (res.statusCode !== 200) throw new Error(`proxy session: ${res.body}`);
      return (res.json() as { payload: { token: string } }).payload.token;
    };
    const proxyToken = await startProxy();
    // People of their own for the sign-in, reset and expired-password cells, so no address is used twice.
    const spare = {} as Record<TColumn, { email: string }>;
    const expired = {} as Record<TColumn, { email: string }>;
    for (const column of COLUMNS) {
      spare[column] = await createUser(db, { terminalIds: [terminal.id], organisationId: terminalUser.organisation_id });
      expired[column] = await createUser(db, { terminalIds: [terminal.id], organisationId: terminalUser.organisation_id, passwordExpiresAt: new Date(now.getTime() - DAY) });
    }

    // A call all three roles see: the demo vessel operator's company, the demo agent's agency, still ahead.
    // (With a voyage, so the agent sees that voyage through it.)
    // Which liner call the demo gives the demo agent depends on the day it is seeded: take the first coming one of the
    // operator's and make the demo agent its agent when it is not already.
    const call = await db
      .selectFrom('portcalls')
      .select(['id', 'vessel_id', 'voyage_id', 'agent_id'])
      .where('vessel_operator_id', '=', vesselUser.organisation_id!)
      .where('voyage_id', 'is not', null)
      .where('berth_arrival', '>', now)
      .where('status', 'not in', ['Cancelled', 'Departed'])
      .orderBy(sql`agent_id = ${agentUser.organisation_id!}`, 'desc')
      .orderBy('berth_arrival')
      .executeTakeFirstOrThrow();
    if (call.agent_id !== agentUser.organisation_id) await db.updateTable('portcalls').set({ agent_id: agentUser.organisation_id! }).where('id', '=', call.id).execute();
    const template = await db
      .selectFrom('voyage_templates')
      .select(['id'])
      .where('vessel_operator_id', '=', vesselUser.organisation_id!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const shift = await db.selectFrom('terminal_shifts').select(['id']).where('terminal_id', '=', terminal.id).orderBy('shift_number').executeTakeFirstOrThrow();
    // The demo has no template voyages yet: generate two weeks of them and make the demo agent the agent of the first
    // call, so the agent sees the template (through a call it acts for) and its answers are 403, not 404.
    const generated = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/voyage_templates/${template.id}/generate`, headers: { [HEADER_TOKEN]: tokens.terminal_operator }, payload: { horizon_weeks: 2 } });
    if (generated.statusCode !== 200) throw new Error(`generating template voyages: ${generated.body}`);
    const templateCall = await db
      .selectFrom('portcalls')
      .innerJoin('voyages', 'voyages.id', 'portcalls.voyage_id')
      .select(['portcalls.id'])
      .where('voyages.template_id', '=', template.id)
      .orderBy('portcalls.berth_arrival')
      .executeTakeFirstOrThrow();
    await db.updateTable('portcalls').set({ agent_id: agentUser.organisation_id }).where('id', '=', templateCall.id).execute();
    // A call neither the demo vessel operator nor the demo agent may see: another company's, another agency's.
    const hiddenCall = await db
      .selectFrom('portcalls')
      .select(['id', 'vessel_id', 'vessel_operator_id', 'agent_id'])
      .where('vessel_operator_id', '!=', vesselUser.organisation_id!)
      .where('agent_id', '!=', agentUser.organisation_id!)
      .where('berth_arrival', '>', now)
      .where('status', 'not in', ['Cancelled', 'Departed'])
      .orderBy('berth_arrival')
      .executeTakeFirstOrThrow();
    // The demo agency has served every demo vessel at some time: a new vessel of another company is one it never saw.
    const hiddenVessel = await createVessel(db, { vesselOperatorId: hiddenCall.vessel_operator_id });
    const hiddenVoyage = await db
      .selectFrom('voyages')
      .select('id')
      .where('vessel_operator_id', '!=', vesselUser.organisation_id!)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('portcalls').select('id').whereRef('portcalls.voyage_id', '=', 'voyages.id').where('agent_id', '=', agentUser.organisation_id!))))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const hiddenTemplate = await db.selectFrom('voyage_templates').select('id').where('vessel_operator_id', '!=', vesselUser.organisation_id!).orderBy('id').executeTakeFirstOrThrow();
    /** Records neither the demo vessel operator nor the demo agent may see, swapped in by the 404 test. */
    const hidden = {
      callId: hiddenCall.id,
      vesselId: hiddenVessel.id,
      voyageId: hiddenVoyage.id,
      templateId: hiddenTemplate.id,
      booking: { vessel_id: hiddenCall.vessel_id, vessel_operator_id: hiddenCall.vessel_operator_id, agent_id: hiddenCall.agent_id! },
    };
    const ownVessel = await db.selectFrom('vessels').select(['id']).where('vessel_operator_id', '=', vesselUser.organisation_id!).orderBy('id').executeTakeFirstOrThrow();
    // An alert all three roles see at any hour the test runs: the terminal alerts on every unanswered request, and the
    // vessel operator requests a call (its agent the demo agency) two days ahead.
    const settings = await t.app.inject({
      method: 'PUT',
      url: `${API_PREFIX}/dashboard/alert_settings?terminal_id=${terminal.id}`,
      headers: { [HEADER_TOKEN]: tokens.terminal_operator },
      payload: { ...DEFAULT_ALERT_SETTINGS, unanswered_request_minutes: 0, horizon_hours: 720 },
    });
    if (settings.statusCode !== 200) throw new Error(`alert settings: ${settings.body}`);
    const requested = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/portcalls`,
      headers: { [HEADER_TOKEN]: tokens.vessel_operator },
      payload: { terminal_id: terminal.id, vessel_id: ownVessel.id, vessel_operator_id: vesselUser.organisation_id, agent_id: agentUser.organisation_id, berth_arrival: new Date(now.getTime() + 2 * DAY).toISOString(), berth_departure: new Date(now.getTime() + 2.5 * DAY).toISOString() },
    });
    if (requested.statusCode !== 201) throw new Error(`requesting a call: ${requested.body}`);
    const alertCallId = (requested.json() as { payload: { id: number } }).payload.id;
    return {
      db,
      now,
      terminalId: terminal.id,
      portId: terminal.port_id,
      users: { terminal_operator: terminalUser, vessel_operator: vesselUser, agent: agentUser, acting: actedFor },
      tokens,
      proxyToken,
      spare,
      expired,
      openSession,
      startProxy,
      callId: call.id,
      vesselId: call.vessel_id,
      ownVesselId: ownVessel.id,
      voyageId: call.voyage_id!,
      templateId: template.id,
      shiftId: shift.id,
      vesselOperatorId: vesselUser.organisation_id!,
      agentId: agentUser.organisation_id!,
      /** The parties of the calls `freshCall` books. */
      booking: { vessel_id: ownVessel.id, vessel_operator_id: vesselUser.organisation_id!, agent_id: agentUser.organisation_id! },
      hidden,
      alertCallId,
    };
  }

  type TRequest = { url: string; headers: Record<string, string>; payload?: unknown };
  type TBuilt = { pathValues?: Record<string, string | number>; query?: Record<string, string | number>; body?: Record<string, unknown>; headers?: Record<string, string> };

  /** Headers of a column's own, long-lived session. */
  function headersOf(column: TColumn): Record<string, string> {
    if (column === 'anonymous') return {};
    if (column === 'acting') return { [HEADER_TOKEN]: w.tokens.terminal_operator, [HEADER_PROXY_TOKEN]: w.proxyToken };
    return { [HEADER_TOKEN]: w.tokens[column] };
  }

  /** The user whose records a column works on (the colleague, when acting). */
  const userIdOf = (column: TColumn): number | null => (column === 'anonymous' ? null : w.users[column].id);

  // ---- record factories: writes that use a record up get a fresh one per cell ----------------------------------

  async function freshBlockedZone(): Promise<number> {
    const day = w.now.getTime() + 40 * DAY;
    const row = await w.db
      .insertInto('blocked_zones')
      .values({ terminal_id: w.terminalId, reason: 'Matrix test zone', start_position_m: 10, end_position_m: 60, starts_at: new Date(day), ends_at: new Date(day + DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  // Codes are unique per terminal: every cell that adds or uses up a delay reason gets a code of its own.
  let delayCodeCount = 0;
  const freshDelayCode = () => {
    const n = delayCodeCount++;
    return `Q${String.fromCharCode(65 + Math.floor(n / 26) % 26)}${String.fromCharCode(65 + (n % 26))}`;
  };
  async function freshDelayReason(): Promise<number> {
    const row = await w.db.insertInto('terminal_delay_reasons').values({ terminal_id: w.terminalId, code: freshDelayCode(), name: 'Matrix test reason' }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async function freshNonWorkingTime(): Promise<number> {
    const day = w.now.getTime() + 50 * DAY;
    const row = await w.db
      .insertInto('terminal_non_working_times')
      .values({ terminal_id: w.terminalId, kind: 'break', reason: 'Matrix test break', starts_at: new Date(day), ends_at: new Date(day + 3600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function freshProposal(callId: number): Promise<number> {
    const call = await w.db.selectFrom('portcalls').select(['berth_arrival']).where('id', '=', callId).executeTakeFirstOrThrow();
    const current = new Date(call.berth_arrival);
    const row = await w.db
      .insertInto('schedule_proposals')
      .values({ portcall_id: callId, time_type: 'berth_arrival', proposed_time: new Date(current.getTime() + 3 * 3600_000), current_time_value: current, difference_minutes: 180, source: 'manual', sync_run_id: null, created_at: w.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function freshDetection(callId: number): Promise<number> {
    const row = await w.db
      .insertInto('ais_detections')
      .values({ portcall_id: callId, time_type: 'berth_arrival', date_time: new Date(w.now.getTime() - 3600_000), source: 'ais', status: 'proposed', detected_at: w.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function freshNotification(column: TColumn): Promise<number> {
    const row = await w.db
      .insertInto('notification_messages')
      .values({ portal_user_id: userIdOf(column) ?? w.users.terminal_operator.id, portcall_id: w.callId, notification_type: 'portcall_update', details: storedJson('notification_details', { action: 'updated' }), created_at: w.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  let callSerial = 0;
  /** A call of its own for a cell that uses one up (cancelling, deciding a proposal or detection), booked by the terminal like the shared one. */
  async function freshCall(): Promise<number> {
    const starts = 60 + ++callSerial * 2;
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/portcalls`,
      headers: headersOf('terminal_operator'),
      payload: { terminal_id: w.terminalId, ...w.booking, berth_arrival: iso(starts), berth_departure: iso(starts + 1) },
    });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`booking a call: ${res.body}`);
    return (res.json() as { payload: { id: number } }).payload.id;
  }

  const portcallVersion = async (id: number) => (await w.db.selectFrom('portcalls').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

  // ---- requests --------------------------------------------------------------------------------------------------

  const iso = (days: number) => new Date(w.now.getTime() + days * DAY).toISOString();
  const date = (days: number) => iso(days).slice(0, 10);

  /** Query values by parameter name; every parameter of an operation that names a record gets one, required or not. */
  function queryValues(): Record<string, string | number> {
    return {
      terminal_id: w.terminalId,
      portcall_id: w.callId,
      portcall_ids: String(w.callId),
      vessel_id: w.vesselId,
      port_id: w.portId,
      from: iso(-1),
      to: iso(6),
    };
  }

  /** Body values by top-level property name. */
  function bodyValues(): Record<string, unknown> {
    return {
      terminal_id: w.terminalId,
      portcall_id: w.callId,
      vessel_id: w.ownVesselId,
      vessel_operator_id: w.vesselOperatorId,
      agent_id: w.agentId,
      user_id: w.users.acting.id,
    };
  }

  const versionOf = {
    voyage: async () => (await w.db.selectFrom('voyages').select('version').where('id', '=', w.voyageId).executeTakeFirstOrThrow()).version,
    template: async () => (await w.db.selectFrom('voyage_templates').select('version').where('id', '=', w.templateId).executeTakeFirstOrThrow()).version,
    aisSettings: async () => (await w.db.selectFrom('terminals').select('ais_settings_version').where('id', '=', w.terminalId).executeTakeFirstOrThrow()).ais_settings_version,
    // A call without a notice row is a draft at version 0.
    prise: async (callId: number) => (await w.db.selectFrom('prise_notices').select('version').where('portcall_id', '=', callId).executeTakeFirst())?.version ?? 0,
    draft: async (column: TColumn) => {
      const userId = userIdOf(column);
      const row = userId === null ? undefined : await w.db.selectFrom('berth_drafts').select('version').where('portal_user_id', '=', userId).where('terminal_id', '=', w.terminalId).executeTakeFirst();
      return row?.version ?? 0;
    },
  };
  /** The DCSA service id of a call's berth arrival, as its DCSA document names it. */
  async function dcsaArrivalService(callId: number): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/portcalls/${callId}/dcsa`, headers: headersOf('terminal_operator') });
    const doc = res.json() as { payload: { portCallServices: { portCallServiceID: string; portCallServiceTypeCode: string; portCallServiceEventTypeCode: string }[] } };
    return doc.payload.portCallServices.find((s) => s.portCallServiceTypeCode === 'BERTH' && s.portCallServiceEventTypeCode === 'ARRI')!.portCallServiceID;
  }
  let imoSerial = 0;
  /** A fresh, valid IMO number (seven digits, the last the check digit) so every cell adds a vessel of its own. */
  const freshImo = () => {
    const firstSix = String(810_000 + ++imoSerial * 37 + (target === 'postgres' ? 5000 : 0));
    return `${firstSix}${imoCheckDigit(firstSix)}`;
  };

  let alertKey: string | null = null;
  /** An alert on a call the three roles see (each sees the alerts of its own calls); found once, as later writes move calls. */
  async function sharedAlertKey(): Promise<string> {
    alertKey ??= await findSharedAlertKey();
    return alertKey;
  }
  async function sharedAlertGroup(): Promise<string> {
    const vessel = await w.db.selectFrom('portcalls').select('vessel_id').where('id', '=', w.alertCallId).executeTakeFirstOrThrow();
    return `unanswered_request:${vessel.vessel_id}`;
  }
  async function findSharedAlertKey(): Promise<string> {
    const keysOf = async (column: 'terminal_operator' | 'vessel_operator' | 'agent') => {
      const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/dashboard/alerts?terminal_id=${w.terminalId}&portcall_id=${w.alertCallId}&include_acknowledged=true`, headers: headersOf(column) });
      return new Set((res.json() as { payload: { items: { key: string }[] } }).payload.items.map((a) => a.key));
    };
    const [terminal, vessel, agent] = await Promise.all([keysOf('terminal_operator'), keysOf('vessel_operator'), keysOf('agent')]);
    const shared = [...vessel].find((k) => k.startsWith(`unanswered_request:${w.alertCallId}:`) && agent.has(k) && terminal.has(k));
    if (!shared) throw new Error(`no unanswered-request alert on call ${w.alertCallId} that the terminal, the vessel operator and the agent all see`);
    return shared;
  }

  /** A counterparty of the demo terminal operator, for the rotate and revoke cells. */
  async function freshCounterparty(): Promise<number> {
    const res = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/dcsa_counterparties`, headers: headersOf('terminal_operator'), payload: { name: 'Matrix system', organisation_id: w.vesselOperatorId, endpoint_url: 'https://carrier.example/jit' } });
    return (res.json() as { payload: { id: number } }).payload.id;
  }

  /** A fresh JIT port call, terminal call and berth arrival service, sent by the demo vessel operator. */
  async function jitChain(): Promise<{ portCallID: string; terminalCallID: string; serviceID: string }> {
    const ids = { portCallID: randomUUID(), terminalCallID: randomUUID(), serviceID: randomUUID() };
    const vessel = await w.db.selectFrom('vessels').select(['imo_number']).where('id', '=', w.ownVesselId).executeTakeFirstOrThrow();
    const put = async (path: string, payload: object) => {
      const res = await t.app.inject({ method: 'PUT', url: `${DCSA_JIT_PREFIX}${path}`, headers: headersOf('vessel_operator'), payload });
      if (res.statusCode !== 204) throw new Error(`JIT chain: ${path} answered ${res.statusCode} ${res.body}`);
    };
    await put(`/port-calls/${ids.portCallID}`, { portCallID: ids.portCallID, UNLocationCode: 'DEHAM', vessel: { vesselIMONumber: vessel.imo_number } });
    await put(`/terminal-calls/${ids.terminalCallID}`, { terminalCallID: ids.terminalCallID, portCallID: ids.portCallID, carrierServiceName: 'Matrix', carrierServiceCode: 'MTX' });
    await put(`/port-call-services/${ids.serviceID}`, { terminalCallID: ids.terminalCallID, portCallServiceID: ids.serviceID, portCallServiceTypeCode: 'BERTH', portCallServiceEventTypeCode: 'ARRI', portCallServiceLocation: { UNLocationCode: 'DEHAM' } });
    return ids;
  }

  /** Per operation: what the generic example cannot know (record ids, versions, a body that passes the business rules). */
  const overrides: Record<string, (column: TColumn) => Promise<TBuilt> | TBuilt> = {
    'POST /login': (column) => ({ body: { username: w.spare[column].email, password: TEST_PASSWORD } }),
    // A distinct address per cell: reset_password is rate limited per address.
    'POST /reset_password': (column) => ({ body: { email: w.spare[column].email } }),
    'PUT /reset_expired_password': (column) => ({
      body: { email: w.expired[column].email, old_password: TEST_PASSWORD, new_password: 'Matrix-New-Passw0rd!', new_password_confirmation: 'Matrix-New-Passw0rd!' },
    }),
    // Signing out ends the session it is sent with: each cell signs out a session of its own.
    'PUT /logout': async (column): Promise<TBuilt> => {
      if (column === 'anonymous') return {};
      if (column === 'acting') return { headers: { [HEADER_TOKEN]: w.tokens.terminal_operator, [HEADER_PROXY_TOKEN]: await w.startProxy() } };
      return { headers: { [HEADER_TOKEN]: await w.openSession(w.users[column].id) } };
    },
    'DELETE /proxy_session': async (column) => (column === 'acting' ? { headers: { [HEADER_TOKEN]: w.tokens.terminal_operator, [HEADER_PROXY_TOKEN]: await w.startProxy() } } : {}),
    'PUT /update_locale': () => ({ body: { selected_locale: 'en' } }),
    'PUT /update_dashboard_settings': () => ({ body: { dashboard_allowed_widgets: ['alerts'] } }),
    'GET /shift_planner': () => ({ query: { from: date(0), days: 3 } }),
    'GET /portcall-shifts/download': () => ({ query: { from: date(0), days: 3 } }),
    'GET /shift-reports/download': () => ({ query: { from: date(0), days: 3 } }),
    'POST /prefill_shift_details': () => ({ body: { portcall_id: w.callId, cargo_operations_start: iso(3), cargo_operations_end: iso(3.5) } }),
    'POST /prefill_equipment_details': () => ({ body: { portcall_id: w.callId, start_time: iso(3), end_time: iso(3.5) } }),
    'PUT /update_email_notification_setting': () => ({ query: { enable: 'false', receive_time: '06:00', timezone: 'Europe/Berlin' } }),
    'GET /terminals/{id}': () => ({ pathValues: { id: w.terminalId } }),
    'GET /terminals/{id}/map_geometry': () => ({ pathValues: { id: w.terminalId } }),
    'GET /terminals/{id}/ais_settings': () => ({ pathValues: { id: w.terminalId } }),
    'PUT /terminals/{id}/ais_settings': async () => ({ pathValues: { id: w.terminalId }, body: { version: await versionOf.aisSettings() } }),
    'GET /vessels/{id}': () => ({ pathValues: { id: w.vesselId } }),
    'PATCH /vessels/{id}': () => ({ pathValues: { id: w.vesselId }, body: { vessel_type_detailed: 'Feeder container ship' } }),
    'POST /vessels': () => ({ body: { name: 'Matrix Trader', imo_number: freshImo(), vessel_type: 'CONTAINER', length_overall_m: 200, beam_m: 30, max_draft_m: 11 } }),
    'POST /blocked_zones': () => ({ body: { reason: 'Matrix test', start_position_m: 100, end_position_m: 150, starts_at: iso(30), ends_at: iso(31) } }),
    'DELETE /blocked_zones/{id}': async () => ({ pathValues: { id: await freshBlockedZone() } }),
    'POST /delay_reasons': () => ({ body: { code: freshDelayCode(), name: 'Matrix test reason' } }),
    'PUT /delay_reasons/{id}': async () => ({ pathValues: { id: await freshDelayReason() }, body: { name: 'Matrix test reason', names: {}, is_active: true, version: 1 } }),
    'DELETE /delay_reasons/{id}': async () => ({ pathValues: { id: await freshDelayReason() } }),
    'POST /non_working_times': () => ({ body: { kind: 'break', reason: 'Matrix test', starts_at: iso(45), ends_at: iso(45.1) } }),
    'DELETE /non_working_times/{id}': async () => ({ pathValues: { id: await freshNonWorkingTime() } }),
    'PUT /terminal_shifts/{id}': () => ({ pathValues: { id: w.shiftId }, body: { gangs_available: 14 } }),
    // The channel of the demo terminal: terminal operators listen there, the vessel side on its own company's channel.
    'POST /pusher_auth': () => ({ body: { channel_name: `Terminal.${w.terminalId}` } }),
    'POST /portcalls': () => ({ body: { agent_id: w.agentId, berth_arrival: iso(20), berth_departure: iso(21) } }),
    'PUT /portcalls/{id}': async () => ({ body: { version: await portcallVersion(w.callId) } }),
    // Cancelling uses a call up: each cell cancels a call of its own.
    'POST /portcalls/{id}/cancel': async () => {
      const id = await freshCall();
      return { pathValues: { id }, body: { version: await portcallVersion(id) } };
    },
    // On a call of its own whose arrival the terminal planned: the terminal revises it, the vessel side accepts it.
    'POST /portcalls/{id}/negotiate': async (column) => {
      const id = await freshCall();
      const step = column === 'vessel_operator' || column === 'agent' ? { action: 'accept' } : { action: 'revise', date_time: iso(61) };
      return { pathValues: { id }, body: { time: 'berth_arrival', ...step, version: await portcallVersion(id) } };
    },
    'PUT /portcalls/{id}/shift_details': async () => ({ body: { version: await portcallVersion(w.callId), portcall_shift_details: [] } }),
    'PUT /portcalls/{id}/schedule_sync': async () => ({ body: { version: await portcallVersion(w.callId), active: true } }),
    // Acknowledging is per person: every cell acknowledges the same alert, one the three roles all see.
    'POST /dashboard/alerts/acknowledge': async () => ({ body: { key: await sharedAlertKey() } }),
    // The group of that alert (its rule and the call's vessel), which the three roles all see.
    'POST /dashboard/alerts/acknowledge_group': async () => ({ body: { group: await sharedAlertGroup() } }),
    'PUT /dashboard/watchlist/{portcall_id}/seen': () => ({ pathValues: { portcall_id: w.callId } }),
    'DELETE /dashboard/watchlist/{portcall_id}': () => ({ pathValues: { portcall_id: w.callId } }),
    // The thresholds as they are, so the alerts the acknowledge cells use stay.
    'PUT /dashboard/alert_settings': async () => {
      const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/dashboard/alert_settings?terminal_id=${w.terminalId}`, headers: headersOf('terminal_operator') });
      return { body: (res.json() as { payload: { settings: Record<string, unknown> } }).payload.settings };
    },
    'POST /dcsa_counterparties': () => ({ body: { name: 'Matrix carrier system', organisation_id: w.vesselOperatorId, endpoint_url: 'https://carrier.example/jit' } }),
    'POST /dcsa_counterparties/{id}/rotate': async () => ({ pathValues: { id: await freshCounterparty() } }),
    'POST /dcsa_counterparties/{id}/revoke': async () => ({ pathValues: { id: await freshCounterparty() } }),
    // A JIT chain of the demo vessel operator at the demo terminal: visible to it and to the terminal, not to the agent.
    [`PUT ${JIT_PATH}/port-calls/{portCallID}`]: () => {
      const portCallID = randomUUID();
      return { pathValues: { portCallID }, body: { portCallID, UNLocationCode: 'DEHAM', vessel: { vesselIMONumber: '9074729', name: 'MATRIX' } } };
    },
    [`POST ${JIT_PATH}/port-calls/{portCallID}/omit`]: async () => ({ pathValues: { portCallID: (await jitChain()).portCallID }, body: {} }),
    [`PUT ${JIT_PATH}/terminal-calls/{terminalCallID}`]: async () => {
      const { portCallID } = await jitChain();
      const terminalCallID = randomUUID();
      return { pathValues: { terminalCallID }, body: { terminalCallID, portCallID, carrierServiceName: 'Matrix', carrierServiceCode: 'MTX' } };
    },
    [`POST ${JIT_PATH}/terminal-calls/{terminalCallID}/omit`]: async () => ({ pathValues: { terminalCallID: (await jitChain()).terminalCallID }, body: {} }),
    [`PUT ${JIT_PATH}/port-call-services/{portCallServiceID}`]: async () => {
      const { terminalCallID } = await jitChain();
      const portCallServiceID = randomUUID();
      return { pathValues: { portCallServiceID }, body: { terminalCallID, portCallServiceID, portCallServiceTypeCode: 'TOWAGE', portCallServiceEventTypeCode: 'STRT', portCallServiceLocation: { UNLocationCode: 'DEHAM' } } };
    },
    [`POST ${JIT_PATH}/port-call-services/{portCallServiceID}/cancel`]: async () => ({ pathValues: { portCallServiceID: (await jitChain()).serviceID }, body: {} }),
    [`POST ${JIT_PATH}/port-call-services/{portCallServiceID}/decline`]: async () => ({ pathValues: { portCallServiceID: (await jitChain()).serviceID }, body: {} }),
    // Each side with the classifier it may send: the vessel side requests, the terminal plans.
    [`PUT ${JIT_PATH}/timestamps/{timestampID}`]: async (column) => {
      const { serviceID } = await jitChain();
      const timestampID = randomUUID();
      const classifierCode = column === 'terminal_operator' || column === 'acting' ? 'PLN' : 'REQ';
      return { pathValues: { timestampID }, body: { timestampID, portCallServiceID: serviceID, classifierCode, dateTime: iso(40) } };
    },
    [`PUT ${JIT_PATH}/vessel-statuses/{portCallServiceID}`]: async () => {
      const { serviceID } = await jitChain();
      return { pathValues: { portCallServiceID: serviceID }, body: { portCallServiceID: serviceID, draft: 11, dimensionUnit: 'MTR' } };
    },
    [`GET ${JIT_PATH}/vessel-statuses`]: async () => ({ query: { portCallServiceID: (await jitChain()).serviceID } }),
    'POST /portcalls/dcsa': async () => {
      const vessel = await w.db.selectFrom('vessels').select(['imo_number', 'name']).where('id', '=', w.ownVesselId).executeTakeFirstOrThrow();
      const ids = { portCallID: randomUUID(), terminalCallID: randomUUID(), arri: randomUUID(), depa: randomUUID() };
      const unlocode = 'DEHAM';
      return {
        body: {
          portCall: { portCallID: ids.portCallID, UNLocationCode: unlocode, vessel: { vesselIMONumber: vessel.imo_number, name: vessel.name } },
          terminalCalls: [{ terminalCallID: ids.terminalCallID, portCallID: ids.portCallID, carrierServiceName: 'Matrix Loop', carrierServiceCode: 'MLOOP', carrierImportVoyageNumber: '901N' }],
          portCallServices: [
            { terminalCallID: ids.terminalCallID, portCallServiceID: ids.arri, portCallServiceTypeCode: 'BERTH', portCallServiceEventTypeCode: 'ARRI', portCallServiceLocation: { UNLocationCode: unlocode } },
            { terminalCallID: ids.terminalCallID, portCallServiceID: ids.depa, portCallServiceTypeCode: 'BERTH', portCallServiceEventTypeCode: 'DEPA', portCallServiceLocation: { UNLocationCode: unlocode } },
          ],
          timestamps: [
            { timestampID: randomUUID(), portCallServiceID: ids.arri, classifierCode: 'REQ', dateTime: iso(25) },
            { timestampID: randomUUID(), portCallServiceID: ids.depa, classifierCode: 'REQ', dateTime: iso(26) },
          ],
        },
      };
    },
    // The same steps in DCSA words: the terminal plans (PLN), the vessel side requests the planned time (REQ).
    'POST /portcalls/{id}/dcsa/timestamps': async (column) => {
      const id = await freshCall();
      const classifierCode = column === 'vessel_operator' || column === 'agent' ? 'REQ' : 'PLN';
      const arrival = (await w.db.selectFrom('portcalls').select('berth_arrival').where('id', '=', id).executeTakeFirstOrThrow()).berth_arrival;
      return { pathValues: { id }, body: { timestampID: randomUUID(), portCallServiceID: await dcsaArrivalService(id), classifierCode, dateTime: new Date(arrival).toISOString() } };
    },
    'PUT /notification_messages/{id}/read': async (column) => ({ pathValues: { id: await freshNotification(column) } }),
    'POST /portcalls/{id}/messages': () => ({ body: { body: 'Matrix test message' } }),
    // A window far ahead with no calls in it: the answer does not wait for the solver.
    'POST /berth_plan/optimize': () => ({ body: { window_start: iso(400), window_end: iso(401), seconds: 1, seed: 1 } }),
    'PUT /draft_portcalls/update_draft_portcalls': async (column) => ({ body: { version: await versionOf.draft(column), changes: [{ portcall_id: w.callId, berth_arrival: iso(5) }] } }),
    'POST /draft_portcalls/undo': async (column) => ({ body: { version: await versionOf.draft(column) } }),
    'POST /draft_portcalls/redo': async (column) => ({ body: { version: await versionOf.draft(column) } }),
    'POST /draft_portcalls/revert': async (column) => ({ body: { version: await versionOf.draft(column) } }),
    'PUT /draft_portcalls/frozen': async (column) => ({ body: { version: await versionOf.draft(column), frozen: true } }),
    'POST /draft_portcalls/publish': async (column) => ({ body: { version: await versionOf.draft(column) } }),
    'GET /voyages/{id}': () => ({ pathValues: { id: w.voyageId } }),
    'POST /voyages': (column) => ({
      body: {
        service_name: 'Matrix Service',
        voyage_number_import: `MX-${column}`,
        schedule: [{ port_id: w.portId, is_terminal_call: true, arrival: iso(70 + COLUMNS.indexOf(column) * 2), departure: iso(71 + COLUMNS.indexOf(column) * 2) }],
      },
    }),
    'PUT /voyages/{id}': async () => ({ pathValues: { id: w.voyageId }, body: { version: await versionOf.voyage() } }),
    'GET /voyage_templates/{id}': () => ({ pathValues: { id: w.templateId } }),
    'GET /voyage_templates/{id}/diff': () => ({ pathValues: { id: w.templateId } }),
    'POST /voyage_templates': (column) => ({ body: { ...templateFields(), code: `MX${COLUMNS.indexOf(column)}` } }),
    // The template as it is, sent back unchanged.
    'PUT /voyage_templates/{id}': async () => {
      const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/voyage_templates/${w.templateId}`, headers: headersOf('terminal_operator') });
      const current = (res.json() as { payload: Record<string, unknown> }).payload;
      const fields = ['name', 'code', 'vessel_operator_id', 'rotation', 'berth_window', 'vessel_ids', 'recurrence', 'valid_from', 'valid_to', 'import_direction', 'export_direction', 'version'];
      return { pathValues: { id: w.templateId }, body: Object.fromEntries(fields.filter((f) => f in current).map((f) => [f, current[f]])) };
    },
    'POST /voyage_templates/{id}/generate': () => ({ pathValues: { id: w.templateId }, body: { from: date(1), horizon_weeks: 1 } }),
    'POST /voyage_templates/{id}/apply_diff': async () => ({ pathValues: { id: w.templateId }, body: { template_version: await versionOf.template(), voyage_ids: [] } }),
    'PUT /schedule_providers': async () => {
      const row = await w.db.selectFrom('schedule_providers').select('version').where('terminal_id', '=', w.terminalId).executeTakeFirst();
      return { body: { provider: 'gnet', base_url: 'http://127.0.0.1:9/', is_enabled: false, ...(row ? { version: row.version } : {}) } };
    },
    'POST /schedule_providers/upload': async (column) => {
      const vessel = await w.db.selectFrom('vessels').select('imo_number').where('id', '=', w.ownVesselId).executeTakeFirstOrThrow();
      const header = 'carrier_code,service_code,service_name,vessel_imo,vessel_name,voyage_import,voyage_export,port_code,port_eta,port_etd,sequence';
      const row = `MXC,MXS,Matrix CSV,${vessel.imo_number},,MXCSV${COLUMNS.indexOf(column)},,DEHAM,${iso(80)},${iso(81)},1`;
      return { body: { format: 'csv', content: `${header}\n${row}\n` } };
    },
    'POST /schedule_proposals/{id}/apply': async () => {
      const callId = await freshCall();
      return { pathValues: { id: await freshProposal(callId) }, body: { version: await portcallVersion(callId) } };
    },
    'POST /schedule_proposals/{id}/dismiss': async () => {
      const callId = await freshCall();
      return { pathValues: { id: await freshProposal(callId) }, body: { version: await portcallVersion(callId) } };
    },
    'POST /ais_detections/{id}/apply': async () => {
      const callId = await freshCall();
      return { pathValues: { id: await freshDetection(callId) }, body: { version: await portcallVersion(callId) } };
    },
    'POST /ais_detections/{id}/dismiss': async () => {
      const callId = await freshCall();
      return { pathValues: { id: await freshDetection(callId) }, body: { version: await portcallVersion(callId) } };
    },
    'PUT /portcalls/{id}/prise_notice': async () => ({ body: { version: await versionOf.prise(w.callId), persons_on_board: 21 } }),
    // Submitting sends the notice away: each cell submits the notice of a call of its own.
    'POST /portcalls/{id}/prise_notice/submit': async () => {
      const id = await freshCall();
      return { pathValues: { id }, body: { version: await versionOf.prise(id) } };
    },
  };

  function templateFields() {
    return {
      terminal_id: w.terminalId,
      name: 'Matrix Loop',
      vessel_operator_id: w.vesselOperatorId,
      rotation: [{ port_id: w.portId, is_terminal_call: true, day_offset: 0, arrival_time: '06:00', stay_hours: 12 }],
      berth_window: { arrival_weekday: 1 },
      vessel_ids: [w.ownVesselId],
      recurrence: { interval_weeks: 1, exceptions: [] },
      valid_from: date(90),
    };
  }

  const prefixOf = (op: TOperation) => (op.path.startsWith(JIT_PATH + '/') ? '/api' : API_PREFIX);
  /** The portal operations and the JIT ones (keyed by their path below /api, e.g. `GET /dcsa/jit/v2/port-calls`). */
  const allOperations = () => [...listOperations(t.app), ...listOperations(t.app, '/api').filter((op) => op.path.startsWith(JIT_PATH + '/'))];

  async function buildRequest(op: TOperation, column: TColumn): Promise<TRequest> {
    const built = (await overrides[op.key]?.(column)) ?? {};
    const defaultPathValues: Record<string, string | number> = { locale: 'en', portcall_id: w.callId, id: w.callId };
    if (op.path.startsWith('/terminals/')) defaultPathValues.id = w.terminalId;
    const url = prefixOf(op) + fillPath(op.path, { ...defaultPathValues, ...built.pathValues });
    const query = new URLSearchParams();
    const known = queryValues();
    for (const p of op.parameters) {
      if (p.in !== 'query') continue;
      const value = built.query?.[p.name] ?? known[p.name] ?? (p.required ? exampleFromSchema(p.schema) : undefined);
      if (value !== undefined) query.set(p.name, Array.isArray(value) ? value.join(',') : String(value));
    }
    for (const [name, value] of Object.entries(built.query ?? {})) query.set(name, String(value));
    const qs = query.toString();
    let payload: unknown;
    if (op.body) {
      const example = exampleFromSchema(op.body);
      const values = bodyValues();
      const base = example && typeof example === 'object' && !Array.isArray(example) ? (example as Record<string, unknown>) : {};
      const filled: Record<string, unknown> = { ...base };
      for (const name of Object.keys(op.body.properties ?? {})) if (name in values && (name in base || op.body.required?.includes(name))) filled[name] = values[name];
      payload = { ...filled, ...built.body };
    }
    return { url: qs ? `${url}?${qs}` : url, headers: { ...headersOf(column), ...built.headers }, ...(payload !== undefined ? { payload } : {}) };
  }

  async function send(op: TOperation, request: TRequest): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: op.method, url: request.url, headers: request.headers, ...(request.payload !== undefined ? { payload: request.payload as object } : {}) });
  }

  beforeAll(async () => {
    // A port authority nobody answers at: PRISE applies to the demo port, so a notice can be filled in; a submission
    // is accepted and waits for its answer.
    t = await createTestApp(target, { seedDemo: true, portAuthority: { url: 'http://127.0.0.1:9', username: '', password: '', ports: ['DEHAM'], timeoutMs: 500 } });
    await t.app.ready();
    w = await buildWorld();
  }, 180_000);
  afterAll(async () => t?.close());

  /** Reads first, then writes, deletions last, so an earlier success does not turn a later cell into a 404. */
  function inSendingOrder(operations: TOperation[]): TOperation[] {
    const rank = (op: TOperation) => (op.method === 'GET' ? 0 : op.method === 'DELETE' ? 2 : 1);
    return [...operations].sort((a, b) => rank(a) - rank(b));
  }

  it('has a row for every operation of the OpenAPI document and answers each cell as documented', async () => {
    const operations = allOperations();
    const { matrix, problems } = parseRouteMatrix(readFileSync(PERMISSIONS_DOC, 'utf8'));
    const keys = new Set(operations.map((o) => o.key));
    const mismatches: string[] = [...problems];
    for (const op of operations) if (!matrix.has(op.key)) mismatches.push(`${op.key}: no row in docs/permissions.md "${MATRIX_HEADING}"`);
    for (const key of matrix.keys()) if (!keys.has(key)) mismatches.push(`${key}: the row names no operation of the OpenAPI document`);

    for (const op of inSendingOrder(operations)) {
      const row = matrix.get(op.key);
      if (!row) continue;
      for (const column of COLUMNS) {
        const res = await send(op, await buildRequest(op, column));
        // A 5xx or a 429 is never an authorisation answer: it hides what the route would have said.
        const got = res.statusCode >= 500 || res.statusCode === 429 ? `${res.statusCode}` : classOf(res.statusCode);
        if (got !== row[column]) mismatches.push(`${op.key} as ${column}: documented ${row[column]}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('answers 401 in the error envelope without a session and with a garbage, expired or signed-out token, and 403 to a run-out proxy token', async () => {
    const { matrix } = parseRouteMatrix(readFileSync(PERMISSIONS_DOC, 'utf8'));
    const now = t.clock.now();
    const expired = await w.openSession(w.users.vessel_operator.id);
    await w.db.updateTable('sessions').set({ expires_at: new Date(now.getTime() - 60_000) }).where('token_hash', '=', digest(expired)).execute();
    const signedOut = await w.openSession(w.users.agent.id);
    expect((await t.app.inject({ method: 'PUT', url: `${API_PREFIX}/logout`, headers: { [HEADER_TOKEN]: signedOut } })).statusCode).toBe(200);
    const runOutProxy = await w.startProxy();
    await w.db.updateTable('sessions').set({ expires_at: new Date(now.getTime() - 60_000) }).where('token_hash', '=', digest(runOutProxy)).execute();
    const variants: { name: string; headers: Record<string, string>; status: number; code: string }[] = [
      { name: 'no token', headers: {}, status: 401, code: 'UNAUTHORIZED' },
      { name: 'a garbage token', headers: { [HEADER_TOKEN]: 'not-a-token-at-all' }, status: 401, code: 'UNAUTHORIZED' },
      { name: 'an expired session', headers: { [HEADER_TOKEN]: expired }, status: 401, code: 'UNAUTHORIZED' },
      { name: 'a signed-out session', headers: { [HEADER_TOKEN]: signedOut }, status: 401, code: 'UNAUTHORIZED' },
      { name: 'a run-out proxy session', headers: { [HEADER_TOKEN]: w.tokens.terminal_operator, [HEADER_PROXY_TOKEN]: runOutProxy }, status: 403, code: 'PROXY_EXPIRED' },
    ];
    const mismatches: string[] = [];
    let checked = 0;
    for (const op of inSendingOrder(listOperations(t.app))) {
      // Public operations (anonymous "ok") answer without a session; the first test checks them.
      if (matrix.get(op.key)?.anonymous !== '401') continue;
      const request = await buildRequest(op, 'anonymous');
      for (const variant of variants) {
        const res = await send(op, { ...request, headers: variant.headers });
        const body = res.json() as { status?: { status?: string; message?: unknown }; payload?: { error_code?: string } };
        checked++;
        if (res.statusCode !== variant.status || body.payload?.error_code !== variant.code || typeof body.status?.message !== 'string') {
          mismatches.push(`${op.key} with ${variant.name}: expected ${variant.status} ${variant.code}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100 * variants.length);
    expect(mismatches).toEqual([]);
  }, 180_000);
  it('answers 404 to the vessel side on every route that names a record it may not see, as if it did not exist', async () => {
    const { matrix } = parseRouteMatrix(readFileSync(PERMISSIONS_DOC, 'utf8'));
    // Routes that look a record up by its id. Left out: creations (their ids are the new record's fields), list
    // filters (`portcall_ids`, optional `vessel_id`: an invisible id filters to nothing), and the removal from one's
    // own watch list and marking one's own notification read (they touch only the person's own rows and answer the
    // same for any id).
    const looksUp = (op: TOperation) =>
      (/\/portcalls\/\{id\}|^\/dashboard\/watchlist\/\{portcall_id\}\/seen|^\/(schedule_proposals|ais_detections|voyages|voyage_templates)\/\{id\}/.test(op.path) ||
        op.parameters.some((p) => p.in === 'query' && p.required && (p.name === 'portcall_id' || p.name === 'vessel_id')) ||
        Boolean(op.body?.properties?.portcall_id)) &&
      op.method !== 'DELETE';
    const shared = { callId: w.callId, vesselId: w.vesselId, voyageId: w.voyageId, templateId: w.templateId, booking: w.booking };
    Object.assign(w, w.hidden);
    const mismatches: string[] = [];
    let checked = 0;
    try {
      for (const op of inSendingOrder(listOperations(t.app).filter(looksUp))) {
        for (const column of ['vessel_operator', 'agent'] as const) {
          const res = await send(op, await buildRequest(op, column));
          checked++;
          // Where the role may not act at all (403), refusing before the look-up reveals nothing either.
          const allowed = matrix.get(op.key)?.[column] === '403' ? [403, 404] : [404];
          if (!allowed.includes(res.statusCode)) mismatches.push(`${op.key} as ${column} on a record it may not see: expected ${allowed.join(' or ')}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    } finally {
      Object.assign(w, shared);
    }
    expect(checked).toBeGreaterThan(50);
    expect(mismatches).toEqual([]);
  }, 180_000);
  it('refuses every field a role may not write, through PUT /portcalls/{id} and POST /portcalls, naming it, and changes nothing', async () => {
    const userTypeOf: Record<Exclude<TColumn, 'anonymous'>, TUserType> = { terminal_operator: 'terminal_operator', vessel_operator: 'vessel_operator', agent: 'agent', acting: 'terminal_operator' };
    const asTerminal = async () => (await t.app.inject({ method: 'GET', url: `${API_PREFIX}/portcalls/${w.callId}`, headers: headersOf('terminal_operator') })).json() as { payload: TPortcall };
    const equipment = await w.db.selectFrom('cargo_handling_equipments').select('id').where('terminal_id', '=', w.terminalId).orderBy('id').executeTakeFirstOrThrow();
    /** A value of the field other than the one the call (or, on create, a new call) holds, valid for the field. */
    const changed = (field: TPortcallField, held: TPortcall | null, window: { from: string; to: string }): unknown => {
      const hour = (from: string, hours: number) => new Date(Date.parse(from) + hours * 3600_000).toISOString();
      switch (field) {
        case 'berth_start_position':
          return held?.berth_start_position === 100 ? 120 : 100;
        case 'berth_end_position':
          return held?.berth_end_position === 400 ? 420 : 400;
        case 'is_bollards_linked':
          return !(held?.is_bollards_linked ?? true);
        case 'berth_orientation':
          return BERTH_ORIENTATIONS.find((o) => o !== held?.berth_orientation);
        case 'berth_comment':
          return 'Matrix: moved alongside';
        case 'is_dummy':
          return !(held?.is_dummy ?? false);
        case 'sync_shift_cargo_volumes':
          return !(held?.sync_shift_cargo_volumes ?? false);
        case 'card_colour':
          return CARD_COLOUR_CLASSES.find((c) => c !== (held?.card_colour ?? 'default'));
        case 'prise_status':
          return held?.prise_status === 'prise_accepted' ? 'prise_rejected' : 'prise_accepted';
        case 'prise_message':
          return 'Approved (forged)';
        case 'prise_code':
          return 'FORGED-1';
        case 'equipment_details':
          return [...(held?.equipment_details ?? []).map((e) => ({ cargo_handling_equipment_id: e.cargo_handling_equipment_id, start_time: e.start_time, end_time: e.end_time })), { cargo_handling_equipment_id: equipment.id, start_time: hour(window.from, 1), end_time: hour(window.from, 2) }];
        case 'portcall_shift_details': {
          // The case: one more gang on the first card (4 to 5), or a card of 5 gangs on a call without a plan.
          const cards = (held?.portcall_shift_details ?? []).map(({ id: _id, portcall_id: _p, total_resources: _r, ...card }) => card);
          if (cards.length > 0) return cards.map((card, i) => (i === 0 ? { ...card, gangs: card.gangs + 1 } : card));
          return [{ shift_number: 1, start_time: hour(window.from, 1), end_time: hour(window.from, 7), gangs: 5 }];
        }
        default:
          throw new Error(`no changed value for ${field}: add one when a field becomes restricted`);
      }
    };
    const mismatches: string[] = [];
    let checked = 0;
    for (const column of ['terminal_operator', 'vessel_operator', 'agent', 'acting'] as const) {
      for (const field of portcallFieldsRefusedTo(userTypeOf[column])) {
        const before = (await asTerminal()).payload;
        const edit = await t.app.inject({ method: 'PUT', url: `${API_PREFIX}/portcalls/${w.callId}`, headers: headersOf(column), payload: { version: before.version, [field]: changed(field, before, { from: before.berth_arrival, to: before.berth_departure }) } });
        const after = (await asTerminal()).payload;
        const booking = { terminal_id: w.terminalId, ...w.booking, berth_arrival: iso(95), berth_departure: iso(96) };
        const create = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/portcalls`, headers: headersOf(column), payload: { ...booking, [field]: changed(field, null, { from: booking.berth_arrival, to: booking.berth_departure }) } });
        for (const [how, res] of [['PUT', edit], ['POST', create]] as const) {
          checked++;
          const body = res.json() as { status: { status: string; message?: string }; payload: { errors?: { path: string }[] } };
          if (res.statusCode !== 403 || body.status.status !== 'FORBIDDEN' || !body.status.message?.includes(field) || !body.payload.errors?.some((e) => e.path === field)) {
            mismatches.push(`${field} as ${column} through ${how}: expected 403 naming it, got ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
        if (after.version !== before.version || JSON.stringify(after[field as keyof TPortcall]) !== JSON.stringify(before[field as keyof TPortcall])) mismatches.push(`${field} as ${column}: the refused edit changed the call`);
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(mismatches).toEqual([]);
  });

  it('accepts a read-only field sent back unchanged (a client that writes what it read is not refused)', async () => {
    const current = (await t.app.inject({ method: 'GET', url: `${API_PREFIX}/portcalls/${w.callId}`, headers: headersOf('vessel_operator') })).json() as { payload: TPortcall };
    const { card_colour, berth_comment, prise_status, sync_shift_cargo_volumes, version } = current.payload;
    const res = await t.app.inject({ method: 'PUT', url: `${API_PREFIX}/portcalls/${w.callId}`, headers: headersOf('vessel_operator'), payload: { version, card_colour, berth_comment, prise_status, sync_shift_cargo_volumes, comment: 'Matrix: the same read-only values back' } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  });

  it('refuses an agent\u2019s voyage without its call at the terminal before writing it (it was saved, then answered 404)', async () => {
    const before = await w.db.selectFrom('voyages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/voyages`,
      headers: headersOf('agent'),
      payload: { terminal_id: w.terminalId, service_name: 'Agent loop', vessel_id: w.ownVesselId, vessel_operator_id: w.vesselOperatorId, voyage_number_import: 'AG-1', schedule: [{ port_id: w.portId, arrival: iso(90), departure: iso(91) }] },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { payload: { errors: { path: string }[] } }).payload.errors.map((e) => e.path)).toContain('schedule');
    const after = await w.db.selectFrom('voyages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
  it('answers 404, not 403, to AIS settings and detections of a terminal or call the person may not see', async () => {
    const other = await createTerminal(w.db);
    const stranger = await createUser(w.db, { terminalIds: [other.id] });
    const strangerToken = await loginAs(t.app, stranger.email);
    const as = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `${API_PREFIX}${url}`, headers: { [HEADER_TOKEN]: token }, ...(payload ? { payload } : {}) });
    const callId = await freshCall();
    const detectionId = await freshDetection(callId);
    const version = await portcallVersion(callId);
    // A planner of another terminal: neither the terminal nor its calls exist for them.
    expect((await as(strangerToken, 'GET', `/terminals/${w.terminalId}/ais_settings`)).statusCode).toBe(404);
    expect((await as(strangerToken, 'PUT', `/terminals/${w.terminalId}/ais_settings`, { version: await versionOf.aisSettings() })).statusCode).toBe(404);
    expect((await as(strangerToken, 'POST', `/ais_detections/${detectionId}/dismiss`, { version })).statusCode).toBe(404);
    // The vessel side sees the demo terminal: its settings are refused (403); a detection of another company's call is not there (404).
    expect((await as(w.tokens.vessel_operator, 'GET', `/terminals/${w.terminalId}/ais_settings`)).statusCode).toBe(403);
    const hiddenDetection = await freshDetection(w.hidden.callId);
    expect((await as(w.tokens.vessel_operator, 'POST', `/ais_detections/${hiddenDetection}/apply`, { version: await portcallVersion(w.hidden.callId) })).statusCode).toBe(404);
    expect((await as(w.tokens.vessel_operator, 'POST', `/ais_detections/${detectionId}/apply`, { version })).statusCode).toBe(403);
  });
});

