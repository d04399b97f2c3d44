// What must hold after (and, for the sweep, during) the day: every GET answers every role without a 5xx, every
// acknowledged write is there, every committed version of a call has its audit rows, and everything written for a
// reader (notifications, tasks, alerts, realtime events) can be read by that reader.
import { REALTIME_EVENT_PAYLOADS, ZDashboardAlerts, ZNotificationList, ZRealtimeServerMessage, isRealtimeEventName, realtimeChannels } from '@quayline/domain';
import type { Kysely } from 'kysely';
import { WebSocket } from 'ws';
import type { DB } from '../../db/schema';
import { realtimeUrl } from '../realtime-client';
import type { SoakRecorder } from './soak-client';
import type { SoakLedger } from './soak-ledger';
import { type TGetOperation, getUrl } from './soak-openapi';
import type { TSoakWorld } from './soak-world';

/** Every GET operation of the document for one person of each role (or of the first `roleCount` roles). */
export async function sweepGets(db: Kysely<DB>, world: TSoakWorld, recorder: SoakRecorder, operations: TGetOperation[], roleCount = 4): Promise<void> {
  const call = await db.selectFrom('portcalls').select(['id', 'vessel_id', 'voyage_id']).where('terminal_id', '=', world.terminalId).where('vessel_operator_id', '=', world.vesselOperatorOrgId).where('agent_id', '=', world.agencyOrgId).where('voyage_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  const template = await db.selectFrom('voyage_templates').select('id').where('vessel_operator_id', '=', world.vesselOperatorOrgId).orderBy('id').executeTakeFirst();
  const targets = { terminalId: world.terminalId, portId: world.portId, callId: call.id, vesselId: call.vessel_id, voyageId: call.voyage_id, templateId: template?.id ?? null, now: new Date() };
  const roles = new Set<string>();
  for (const user of world.users) {
    // One person per role is enough for the sweep; the others did the same reads during the day.
    if (roles.has(user.role) || roles.size >= roleCount) continue;
    roles.add(user.role);
    for (const operation of operations) {
      await recorder.send(user.server, user.session, { method: 'GET', path: getUrl(operation, targets) }, `sweep as ${user.name}`);
      recorder.count(`GET ${operation.path}`, 'sweep');
    }
  }
}

export async function checkAcknowledgedWrites(db: Kysely<DB>, world: TSoakWorld, recorder: SoakRecorder, ledger: SoakLedger): Promise<void> {
  const createdIds = ledger.createdCalls.map((c) => c.callId);
  const found = createdIds.length ? new Set((await db.selectFrom('portcalls').select('id').where('id', 'in', createdIds).execute()).map((r) => r.id)) : new Set<number>();
  recorder.note('new calls found again', found.size);
  for (const c of ledger.createdCalls) if (!found.has(c.callId)) recorder.find('every acknowledged write is present', `call ${c.callId} booked by ${c.by} is missing`);

  // Each acknowledged edit wrote its value in an audit row of that call and field (later edits may overwrite the value itself).
  const callIds = [...new Set(ledger.edits.map((e) => e.callId))];
  const rows = callIds.length ? await db.selectFrom('portcall_audit_events').select(['portcall_id', 'field', 'new_value']).where('portcall_id', 'in', callIds).where('created_at', '>=', world.startedAt).execute() : [];
  recorder.note('edits looked up in the audit trail', ledger.edits.length);
  const audited = new Set(rows.map((r) => `${r.portcall_id}|${r.field}|${JSON.stringify(r.new_value)}`));
  for (const e of ledger.edits) {
    if (!audited.has(`${e.callId}|${e.field}|${JSON.stringify(e.value)}`)) recorder.find('every acknowledged write is present', `${e.by}'s ${e.field} = ${JSON.stringify(e.value)} on call ${e.callId} (version ${e.version}) has no audit row`);
  }

  const bodies = ledger.messages.length ? new Set((await db.selectFrom('portcall_messages').select(['portcall_id', 'body']).where('created_at', '>=', world.startedAt).execute()).map((m) => `${m.portcall_id}|${m.body}`)) : new Set<string>();
  recorder.note('messages looked up', ledger.messages.length);
  for (const m of ledger.messages) if (!bodies.has(`${m.callId}|${m.body}`)) recorder.find('every acknowledged write is present', `${m.by}'s message on call ${m.callId} is missing`);
}

/**
 * Every committed version of a call the soak wrote has its audit rows: the version moved by as many writes as the
 * audit trail holds (one write's rows share their instant), counted from the version the call had when the day began.
 */
export async function checkVersionsAgainstAudit(db: Kysely<DB>, world: TSoakWorld, recorder: SoakRecorder, ledger: SoakLedger, versionsAtStart: Map<number, number>): Promise<void> {
  const ids = [...ledger.touchedCalls];
  if (!ids.length) return;
  const calls = await db.selectFrom('portcalls').select(['id', 'version']).where('id', 'in', ids).execute();
  const rows = await db.selectFrom('portcall_audit_events').select(['portcall_id', 'created_at', 'actor_user_id', 'creator_type', 'source']).where('portcall_id', 'in', ids).where('created_at', '>=', world.startedAt).execute();
  const writes = new Map<number, Set<string>>();
  for (const r of rows) {
    const key = `${new Date(r.created_at).toISOString()}|${r.actor_user_id}|${r.creator_type}|${r.source}`;
    writes.set(r.portcall_id, (writes.get(r.portcall_id) ?? new Set()).add(key));
  }
  recorder.note('calls whose versions were compared with their audit trail', calls.length);
  recorder.note('committed versions compared', calls.reduce((sum, c) => sum + c.version - (versionsAtStart.get(c.id) ?? 0), 0));
  for (const call of calls) {
    const moved = call.version - (versionsAtStart.get(call.id) ?? 0);
    const auditedWrites = writes.get(call.id)?.size ?? 0;
    if (moved !== auditedWrites) recorder.find('audit rows equal committed versions', `call ${call.id}: version moved by ${moved} during the run, its audit trail holds ${auditedWrites} write(s)`);
  }
}

/** Reads what was written for each person: the bell, the task list, the alerts, and the realtime events on their channels. */
export async function checkReaders(db: Kysely<DB>, world: TSoakWorld, recorder: SoakRecorder): Promise<void> {
  for (const user of world.users) {
    const bell = await recorder.send(user.server, user.session, { method: 'GET', path: '/notification_messages?per_page=100' }, `${user.name} bell`);
    recorder.count('read the bell (check)', 'sweep');
    const parsed = bell.status === 200 ? ZNotificationList.safeParse((bell.body as { payload: unknown }).payload) : null;
    if (!parsed?.success) recorder.find('every notification can be read by its reader', `${user.name}: GET /notification_messages answered ${bell.status} ${parsed?.error.message.slice(0, 300) ?? bell.text.slice(0, 300)}`);
    else {
      const stored = await db.selectFrom('notification_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('portal_user_id', '=', user.userId).executeTakeFirstOrThrow();
      recorder.note('notifications counted in bells', Number(stored.n));
      if (parsed.data.meta.total_count !== Number(stored.n)) recorder.find('every notification can be read by its reader', `${user.name}: the bell counts ${parsed.data.meta.total_count} notifications, the database holds ${stored.n}`);
    }
    const alerts = await recorder.send(user.server, user.session, { method: 'GET', path: `/dashboard/alerts?terminal_id=${world.terminalId}&include_acknowledged=true` }, `${user.name} alerts`);
    recorder.count('read the alerts (check)', 'sweep');
    if (alerts.status !== 200 || !ZDashboardAlerts.safeParse((alerts.body as { payload: unknown }).payload).success) recorder.find('every alert can be read by its reader', `${user.name}: GET /dashboard/alerts answered ${alerts.status} ${alerts.text.slice(0, 300)}`);
    const tasks = await recorder.send(user.server, user.session, { method: 'GET', path: `/tasks?terminal_id=${world.terminalId}` }, `${user.name} tasks`);
    recorder.count('read the tasks (check)', 'sweep');
    if (tasks.status !== 200) recorder.find('every task can be read by its reader', `${user.name}: GET /tasks answered ${tasks.status} ${tasks.text.slice(0, 300)}`);
  }
  await checkRealtime(db, world, recorder);
}

async function checkRealtime(db: Kysely<DB>, world: TSoakWorld, recorder: SoakRecorder): Promise<void> {
  const events = await db.selectFrom('realtime_events').select(['id', 'channel', 'event', 'payload']).where('id', '>=', world.firstEventId).execute();
  recorder.note('realtime events parsed', events.length);
  for (const e of events) {
    const schema = isRealtimeEventName(e.event) ? REALTIME_EVENT_PAYLOADS[e.event] : null;
    if (!schema) recorder.find('every realtime event can be read', `event ${e.id} on ${e.channel}: unknown event name ${e.event}`);
    else if (!schema.safeParse(e.payload).success) recorder.find('every realtime event can be read', `event ${e.id} (${e.event}) on ${e.channel}: payload does not parse: ${JSON.stringify(e.payload).slice(0, 200)}`);
  }
  // Each person subscribes to its own channel and its side's channel from the day's first event, as a browser that
  // was offline all day would, and must get every event stored there, each one a valid message.
  for (const user of world.users) {
    const channels = [realtimeChannels.user(user.userId), user.role === 'vessel_operator' ? realtimeChannels.vesselOperator(user.organisationId) : user.role === 'agent' ? realtimeChannels.agent(user.organisationId) : realtimeChannels.terminal(world.terminalId)];
    for (const channel of channels) {
      const stored = events.filter((e) => e.channel === channel).map((e) => Number(e.id));
      const got = await replay(user.server.url, user.session.token, user.session.proxyToken, channel, world.firstEventId - 1, stored.length);
      recorder.count('replay realtime (check)', 'sweep');
      recorder.note('realtime events replayed to their readers', got.ids.length);
      if (got.problem) recorder.find('every realtime event can be read by its reader', `${user.name} on ${channel}: ${got.problem}`);
      else {
        const missing = stored.filter((id) => !got.ids.includes(id));
        if (missing.length) recorder.find('every realtime event can be read by its reader', `${user.name} on ${channel}: ${missing.length} of ${stored.length} stored events not replayed (first ${missing[0]})`);
      }
    }
  }
}

/** Subscribes from `after` and collects event ids until `expected` arrived or the socket stays quiet. */
async function replay(baseUrl: string, token: string, proxyToken: string | undefined, channel: string, after: number, expected: number): Promise<{ ids: number[]; problem?: string }> {
  const ws = new WebSocket(realtimeUrl(baseUrl, { token, ...(proxyToken ? { proxy_token: proxyToken } : {}) }));
  const ids: number[] = [];
  let problem: string | undefined;
  let subscribed = false;
  await new Promise<void>((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(quiet);
      resolve();
    };
    // The replay arrives in one burst after the subscription; quiet for this long means it is over.
    const rearm = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, subscribed ? 2_000 : 20_000);
    };
    rearm();
    ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', channel, last_event_id: after })));
    ws.once('error', (error) => {
      problem = `socket error ${error.message}`;
      done();
    });
    ws.on('message', (data) => {
      const parsed = ZRealtimeServerMessage.safeParse(JSON.parse(String(data)));
      if (!parsed.success) problem = `a message does not parse: ${String(data).slice(0, 200)}`;
      else if (parsed.data.type === 'subscribed') subscribed = true;
      else if (parsed.data.type === 'event') ids.push(parsed.data.id);
      else if (parsed.data.type === 'error') problem = `refused: ${JSON.stringify(parsed.data)}`;
      if (problem || (subscribed && ids.length >= expected)) done();
      else rearm();
    });
  });
  if (!subscribed && !problem) problem = 'no subscription confirmed';
  ws.close();
  return problem ? { ids, problem } : { ids };
}
