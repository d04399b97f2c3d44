// What each kind of person does in a terminal's day, as API calls: the web app's requests for each screen and
// button. Every action draws its choices from the person's own seeded generator, so a run replays from its seed.
import { type Rng, type TPortcall, ZErrorEnvelope, findPlanClashes } from '@quayline/domain';
import { type SoakRecorder, type TSoakAnswer, type TSoakMethod, retryAfterOf } from './soak-client';
import type { SoakLedger } from './soak-ledger';
import { type TGetOperation, getUrl } from './soak-openapi';
import type { TSoakUser, TSoakWorld } from './soak-world';

const H = 3_600_000;
const DAY = 24 * H;

export type TSoakContext = { world: TSoakWorld; recorder: SoakRecorder; ledger: SoakLedger; reads: TGetOperation[] };

/** One person's working state: the calls it last saw in its list. */
export type TActor = { user: TSoakUser; rng: Rng; calls: number[] };

type TCall = TPortcall & { portcall_shift_details: Record<string, unknown>[] };

function payload<T>(answer: TSoakAnswer): T {
  return (answer.body as { payload: T }).payload;
}

async function send(ctx: TSoakContext, actor: TActor, kind: string, method: TSoakMethod, path: string, body?: unknown): Promise<TSoakAnswer> {
  return ctx.recorder.send(actor.user.server, actor.user.session, { method, path, ...(body !== undefined ? { body } : {}) }, `${actor.user.name} ${kind}`);
}

/** A status the action did not expect for a valid request: a finding (5xx are already one). */
function expectStatus(ctx: TSoakContext, actor: TActor, kind: string, answer: TSoakAnswer, allowed: number[]): boolean {
  if (allowed.includes(answer.status) || answer.status >= 500) return allowed.includes(answer.status);
  ctx.recorder.find('valid requests answered', `${actor.user.name} ${kind}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return false;
}

const isTerminal = (actor: TActor) => actor.user.role === 'terminal_operator' || actor.user.role === 'acting';
const iso = (ms: number) => new Date(ms).toISOString();

async function list(ctx: TSoakContext, actor: TActor): Promise<void> {
  const now = Date.now();
  const params = new URLSearchParams({ terminal_id: String(ctx.world.terminalId), per_page: '100', from: iso(now - DAY), to: iso(now + 14 * DAY) });
  const filter = actor.rng.int(0, 3);
  if (filter === 1) params.set('status', actor.rng.pick(['Approaching', 'Berthed', 'Cargo Ops']));
  if (filter === 2) params.set('q', actor.rng.pick(['a', 'e', 'Nord', 'MSC']));
  if (filter === 3) params.set('include_cancelled', 'true');
  const res = await send(ctx, actor, 'list calls', 'GET', `/portcalls?${params}`);
  if (!expectStatus(ctx, actor, 'list calls', res, [200])) return;
  const ids = payload<{ items: { id: number; status: string }[] }>(res).items.filter((c) => c.status !== 'Cancelled' && c.status !== 'Departed').map((c) => c.id);
  if (ids.length || filter === 0) actor.calls = ids;
}

/** Opens one of the calls the person's list shows, as the details page does (call, times, messages). */
async function openCall(ctx: TSoakContext, actor: TActor): Promise<TCall | null> {
  if (!actor.calls.length) await list(ctx, actor);
  if (!actor.calls.length) return null;
  const id = actor.rng.pick(actor.calls);
  const res = await send(ctx, actor, 'open call', 'GET', `/portcalls/${id}`);
  if (!expectStatus(ctx, actor, 'open call', res, [200])) return null;
  return payload<TCall>(res);
}

async function open(ctx: TSoakContext, actor: TActor): Promise<void> {
  const call = await openCall(ctx, actor);
  if (!call) return;
  for (const part of ['timestamps', 'messages', 'schedule_proposals']) expectStatus(ctx, actor, `open ${part}`, await send(ctx, actor, `open ${part}`, 'GET', `/portcalls/${call.id}/${part}`), [200]);
}

/** A write the server took; one that changed nothing answers with the version it was given and leaves no trace. */
function acknowledgeEdit(ctx: TSoakContext, actor: TActor, callId: number, answer: TSoakAnswer, fields: Record<string, unknown>, sentVersion: number): void {
  const version = payload<{ version: number }>(answer).version;
  ctx.ledger.touchedCalls.add(callId);
  if (version === sentVersion) return;
  for (const [field, value] of Object.entries(fields)) ctx.ledger.edits.push({ callId, field, value, version, by: actor.user.name });
}

async function edit(ctx: TSoakContext, actor: TActor): Promise<void> {
  const call = await openCall(ctx, actor);
  if (!call) return;
  const field = actor.rng.pick(isTerminal(actor) ? ['berth_comment', 'comment'] : ['comment', 'move_count_comments']);
  const value = ctx.ledger.unique(`${actor.user.name} notes`);
  const res = await send(ctx, actor, 'edit call', 'PUT', `/portcalls/${call.id}`, { version: call.version, [field]: value });
  if (expectStatus(ctx, actor, 'edit call', res, [200, 409])) if (res.status === 200) acknowledgeEdit(ctx, actor, call.id, res, { [field]: value }, call.version);
}

/** One negotiation step the person's side may take on the berth arrival, by its label. */
async function negotiate(ctx: TSoakContext, actor: TActor): Promise<void> {
  const call = await openCall(ctx, actor);
  if (!call?.berth_arrival) return;
  const label = call.berth_arrival_state.label;
  const moved = iso(Date.parse(call.berth_arrival) + actor.rng.int(-4, 4) * 15 * 60_000);
  const terminal = isTerminal(actor);
  const step = terminal
    ? label === 'requested'
      ? actor.rng.pick([{ action: 'accept' }, { action: 'propose', date_time: moved, delay_reason_code: 'BER' }])
      : label === null
        ? { action: 'plan', date_time: moved }
        : { action: 'revise', date_time: moved }
    : label === 'planned'
      ? actor.rng.pick([{ action: 'accept' }, { action: 'request', date_time: moved }])
      : { action: 'request', date_time: moved };
  if (step.date_time && Date.parse(step.date_time) >= Date.parse(call.berth_departure)) return;
  const res = await send(ctx, actor, 'negotiate', 'POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', version: call.version, ...step });
  // 422: the negotiation table refuses the step in the time's state (e.g. an actual time), as it would in the app.
  if (expectStatus(ctx, actor, 'negotiate', res, [200, 409, 422]) && res.status === 200) ctx.ledger.touchedCalls.add(call.id);
}

async function shiftCards(ctx: TSoakContext, actor: TActor): Promise<void> {
  const call = await openCall(ctx, actor);
  if (!call?.portcall_shift_details.length) return;
  const cards = call.portcall_shift_details.map(({ id: _id, portcall_id: _p, total_resources: _t, ...card }) => card as Record<string, unknown> & { gangs: number });
  const card = actor.rng.pick(cards);
  card.gangs = Math.max(0, Math.min(50, card.gangs + actor.rng.pick([-1, 1])));
  const res = await send(ctx, actor, 'edit shift cards', 'PUT', `/portcalls/${call.id}/shift_details`, { version: call.version, portcall_shift_details: cards });
  if (expectStatus(ctx, actor, 'edit shift cards', res, [200, 409, 422]) && res.status === 200) ctx.ledger.touchedCalls.add(call.id);
}

async function message(ctx: TSoakContext, actor: TActor): Promise<void> {
  if (!actor.calls.length) await list(ctx, actor);
  if (!actor.calls.length) return;
  const callId = actor.rng.pick(actor.calls);
  const body = ctx.ledger.unique(`${actor.user.name} says`);
  const res = await send(ctx, actor, 'message', 'POST', `/portcalls/${callId}/messages`, { body });
  if (expectStatus(ctx, actor, 'message', res, [200])) ctx.ledger.messages.push({ callId, body, by: actor.user.name });
}

function shiftedPlace(actor: TActor, call: TCall, quayLength: number): { berth_start_position: number; berth_end_position: number } | null {
  if (call.berth_start_position === null || call.berth_end_position === null) return null;
  const length = Number(call.berth_end_position) - Number(call.berth_start_position);
  const start = Math.max(0, Math.min(quayLength - length, Number(call.berth_start_position) + actor.rng.int(-4, 4) * 10));
  return { berth_start_position: start, berth_end_position: start + length };
}

async function liveMove(ctx: TSoakContext, actor: TActor): Promise<void> {
  const call = await openCall(ctx, actor);
  if (!call) return;
  const place = shiftedPlace(actor, call, ctx.world.quayLength);
  if (!place) return;
  const res = await send(ctx, actor, 'move in live plan', 'PUT', `/portcalls/${call.id}`, { version: call.version, ...place });
  if (expectStatus(ctx, actor, 'move in live plan', res, [200, 409, 422]) && res.status === 200) acknowledgeEdit(ctx, actor, call.id, res, { berth_start_position: place.berth_start_position }, call.version);
}

type TDraft = { version: number; changes: { portcall_id: number; berth_arrival?: string; berth_departure?: string; berth_start_position?: number | null; berth_end_position?: number | null }[] };
type TPlaced = { id: number; version: number; berth_arrival: string; berth_departure: string; berth_start_position: number | null; berth_end_position: number | null; draft_inbound: number | null; draft_outbound: number | null };

async function livePlan(ctx: TSoakContext, actor: TActor): Promise<TPlaced[] | null> {
  const now = Date.now();
  const params = new URLSearchParams({ terminal_id: String(ctx.world.terminalId), per_page: '100', from: iso(now - 2 * DAY), to: iso(now + 31 * DAY) });
  const calls: TPlaced[] = [];
  for (let page = 1; page <= 5; page++) {
    params.set('page', String(page));
    const res = await send(ctx, actor, 'read live plan', 'GET', `/portcalls?${params}`);
    if (!expectStatus(ctx, actor, 'read live plan', res, [200])) return null;
    const body = payload<{ items: TPlaced[]; meta: { total_pages: number } }>(res);
    calls.push(...body.items);
    if (page >= body.meta.total_pages) break;
  }
  return calls;
}

const clashKey = (c: { kind: string; callIds: number[] }) => `${c.kind}:${[...c.callIds].sort((a, b) => a - b).join(',')}`;
const CHECKED_CLASHES = new Set(['overlap', 'outside_quay']);

/**
 * Publishes the person's sandbox. Before, it works out what the planner sees in the sandbox (the live plan with the
 * draft's moves): the clashes the planner is warned about. After, every overlap or off-quay clash of a published
 * call in the live plan must be one of those, unless a call in it changed meanwhile (someone else's later write).
 */
async function publish(ctx: TSoakContext, actor: TActor, draft: TDraft): Promise<void> {
  if (!draft.changes.length) return;
  const before = await livePlan(ctx, actor);
  if (!before) return;
  const moves = new Map(draft.changes.map((c) => [c.portcall_id, c]));
  const seen = before.map((c) => ({ ...c, ...moves.get(c.id) }));
  const planned = seen.filter((c) => c.berth_start_position !== null && c.berth_start_position !== undefined && c.berth_end_position !== null && c.berth_end_position !== undefined);
  const warned = new Set(
    findPlanClashes(
      planned.map((c) => ({ id: c.id, start: Number(c.berth_start_position), end: Number(c.berth_end_position), from: Date.parse(c.berth_arrival), to: Date.parse(c.berth_departure), draft: 0 })),
      { length: ctx.world.quayLength, clearance: ctx.world.clearance, sections: [], blockZones: [] },
    )
      .filter((c) => CHECKED_CLASHES.has(c.kind))
      .map(clashKey),
  );
  const res = await send(ctx, actor, 'publish sandbox', 'POST', '/draft_portcalls/publish', { terminal_id: ctx.world.terminalId, version: draft.version });
  if (!expectStatus(ctx, actor, 'publish sandbox', res, [200, 409])) return;
  if (res.status !== 200) return;
  for (const id of moves.keys()) ctx.ledger.touchedCalls.add(id);
  const now = Date.now();
  const clashes = await send(ctx, actor, 'read clashes', 'GET', `/berth_plan/clashes?terminal_id=${ctx.world.terminalId}&from=${encodeURIComponent(iso(now - 2 * DAY))}&to=${encodeURIComponent(iso(now + 31 * DAY))}`);
  if (!expectStatus(ctx, actor, 'read clashes', clashes, [200])) return;
  const after = await livePlan(ctx, actor);
  if (!after) return;
  const versionBefore = new Map(before.map((c) => [c.id, c.version]));
  const versionAfter = new Map(after.map((c) => [c.id, c.version]));
  // A published call moved by exactly one version; any other call in the clash must not have moved at all.
  const unchanged = (id: number) => versionAfter.get(id) === (versionBefore.get(id) ?? -1) + (moves.has(id) ? 1 : 0);
  ctx.recorder.note('published plans checked for unwarned clashes');
  for (const clash of payload<{ clashes: { kind: string; callIds: number[] }[] }>(clashes).clashes) {
    if (!CHECKED_CLASHES.has(clash.kind) || !clash.callIds.some((id) => moves.has(id)) || warned.has(clashKey(clash))) continue;
    if (clash.callIds.every(unchanged)) ctx.recorder.find('no unwarned clash in a published plan', `${actor.user.name}: published ${clashKey(clash)}, which the sandbox did not show`);
  }
}

async function sandbox(ctx: TSoakContext, actor: TActor): Promise<void> {
  const got = await send(ctx, actor, 'open sandbox', 'GET', `/draft_portcalls?terminal_id=${ctx.world.terminalId}`);
  if (!expectStatus(ctx, actor, 'open sandbox', got, [200])) return;
  let draft = payload<TDraft>(got);
  const calls: TCall[] = [];
  for (let i = actor.rng.int(1, 3); i > 0; i--) {
    const call = await openCall(ctx, actor);
    if (call) calls.push(call);
  }
  const changes = calls.flatMap((call) => {
    const place = shiftedPlace(actor, call, ctx.world.quayLength);
    return place ? [{ portcall_id: call.id, ...place }] : [];
  });
  if (changes.length) {
    const moved = await send(ctx, actor, 'move in sandbox', 'PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: ctx.world.terminalId, version: draft.version, changes });
    if (!expectStatus(ctx, actor, 'move in sandbox', moved, [200, 409, 422])) return;
    if (moved.status === 200) draft = payload<TDraft>(moved);
  }
  const next = actor.rng.int(0, 3);
  if (next === 0) {
    const undone = await send(ctx, actor, 'undo in sandbox', 'POST', '/draft_portcalls/undo', { terminal_id: ctx.world.terminalId, version: draft.version });
    expectStatus(ctx, actor, 'undo in sandbox', undone, [200, 409, 422]);
  } else if (next === 1) {
    const reverted = await send(ctx, actor, 'revert sandbox', 'POST', '/draft_portcalls/revert', { terminal_id: ctx.world.terminalId, version: draft.version });
    expectStatus(ctx, actor, 'revert sandbox', reverted, [200, 409]);
  } else {
    await publish(ctx, actor, draft);
  }
}

async function optimize(ctx: TSoakContext, actor: TActor): Promise<void> {
  const got = await send(ctx, actor, 'open sandbox', 'GET', `/draft_portcalls?terminal_id=${ctx.world.terminalId}`);
  if (!expectStatus(ctx, actor, 'open sandbox', got, [200])) return;
  const start = Date.now() + DAY;
  const res = await send(ctx, actor, 'optimize', 'POST', '/berth_plan/optimize', {
    terminal_id: ctx.world.terminalId,
    window_start: iso(start),
    window_end: iso(start + 3 * DAY),
    seconds: 1,
    seed: actor.rng.int(0, 1_000_000),
    version: payload<TDraft>(got).version,
  });
  // 503 with a time to come back: every optimizer run is taken; the planner tries again later.
  if (!expectStatus(ctx, actor, 'optimize', res, [200, 409, ...(retryAfterOf(res) !== undefined ? [503] : [])])) return;
  if (res.status !== 200 || !actor.rng.chance(0.7)) return;
  const draft = await send(ctx, actor, 'open sandbox', 'GET', `/draft_portcalls?terminal_id=${ctx.world.terminalId}`);
  if (expectStatus(ctx, actor, 'open sandbox', draft, [200])) await publish(ctx, actor, payload<TDraft>(draft));
}

function scheduleFile(ctx: TSoakContext, actor: TActor, format: 'ovs' | 'csv'): string {
  const vessel = actor.rng.pick(ctx.world.ownVessels);
  const voyage = `${actor.rng.int(1000, 9999)}${format === 'ovs' ? 'W' : 'E'}`;
  const arrival = Date.now() + actor.rng.int(20, 40) * DAY + actor.rng.int(0, 23) * H;
  if (format === 'csv') {
    return [
      'carrier_code,service_code,service_name,vessel_imo,vessel_name,voyage_import,voyage_export,port_code,port_eta,port_etd,sequence',
      `${ctx.world.vesselOperatorCode},SQX,Soak Express,${vessel.imo},${vessel.name},${voyage},${voyage},${ctx.world.unlocode},${iso(arrival)},${iso(arrival + 20 * H)},1`,
    ].join('\n');
  }
  return JSON.stringify([
    {
      carrierServiceName: 'Soak Loop',
      carrierServiceCode: 'SLP',
      vesselSchedules: [
        {
          vesselOperatorSMDGLinerCode: ctx.world.vesselOperatorCode,
          vesselIMONumber: vessel.imo,
          vesselName: vessel.name,
          isDummyVessel: false,
          transportCalls: [
            {
              transportCallReference: `${voyage}-1`,
              carrierImportVoyageNumber: voyage,
              carrierExportVoyageNumber: voyage,
              location: { locationType: 'UNLO', UNLocationCode: ctx.world.unlocode },
              timestamps: [
                { eventTypeCode: 'ARRI', eventClassifierCode: 'PLN', eventDateTime: iso(arrival) },
                { eventTypeCode: 'DEPA', eventClassifierCode: 'PLN', eventDateTime: iso(arrival + 20 * H) },
              ],
            },
          ],
        },
      ],
    },
  ]);
}

async function upload(ctx: TSoakContext, actor: TActor): Promise<void> {
  const format = actor.rng.pick(['ovs', 'csv'] as const);
  const res = await send(ctx, actor, `upload ${format.toUpperCase()}`, 'POST', '/schedule_providers/upload', { terminal_id: ctx.world.terminalId, format, source: actor.rng.pick(['manual', 'gnet']), content: scheduleFile(ctx, actor, format) });
  if (!expectStatus(ctx, actor, `upload ${format.toUpperCase()}`, res, [200])) return;
  for (const change of payload<{ changes: { kind: string; portcall_id: number | null }[] }>(res).changes) {
    if (change.portcall_id === null) continue;
    ctx.ledger.touchedCalls.add(change.portcall_id);
    if (change.kind === 'portcall_created') ctx.ledger.createdCalls.push({ callId: change.portcall_id, by: actor.user.name });
  }
}

async function importDcsa(ctx: TSoakContext, actor: TActor): Promise<void> {
  const vessel = actor.rng.pick(ctx.world.ownVessels);
  const arrival = Date.now() + actor.rng.int(10, 40) * DAY + actor.rng.int(0, 23) * H;
  const ids = { portCallID: crypto.randomUUID(), terminalCallID: crypto.randomUUID(), arri: crypto.randomUUID(), depa: crypto.randomUUID() };
  const doc = {
    portCall: { portCallID: ids.portCallID, UNLocationCode: ctx.world.unlocode, vessel: { vesselIMONumber: vessel.imo, name: vessel.name } },
    terminalCalls: [{ terminalCallID: ids.terminalCallID, portCallID: ids.portCallID, carrierServiceName: 'Soak DCSA', carrierServiceCode: 'SDCSA', carrierImportVoyageNumber: `${actor.rng.int(100, 999)}N` }],
    portCallServices: [
      { terminalCallID: ids.terminalCallID, portCallServiceID: ids.arri, portCallServiceTypeCode: 'BERTH', portCallServiceEventTypeCode: 'ARRI', portCallServiceLocation: { UNLocationCode: ctx.world.unlocode } },
      { terminalCallID: ids.terminalCallID, portCallServiceID: ids.depa, portCallServiceTypeCode: 'BERTH', portCallServiceEventTypeCode: 'DEPA', portCallServiceLocation: { UNLocationCode: ctx.world.unlocode } },
    ],
    timestamps: [
      { timestampID: crypto.randomUUID(), portCallServiceID: ids.arri, classifierCode: 'REQ', dateTime: iso(arrival) },
      { timestampID: crypto.randomUUID(), portCallServiceID: ids.depa, classifierCode: 'REQ', dateTime: iso(arrival + DAY) },
    ],
  };
  const res = await send(ctx, actor, 'import DCSA', 'POST', '/portcalls/dcsa', doc);
  if (expectStatus(ctx, actor, 'import DCSA', res, [201]) && res.status === 201) created(ctx, actor, res);
}

function created(ctx: TSoakContext, actor: TActor, res: TSoakAnswer): void {
  const call = payload<{ id: number }>(res);
  ctx.ledger.createdCalls.push({ callId: call.id, by: actor.user.name });
  ctx.ledger.touchedCalls.add(call.id);
  actor.calls.push(call.id);
}

async function book(ctx: TSoakContext, actor: TActor): Promise<void> {
  const vessel = actor.rng.pick(ctx.world.ownVessels);
  const arrival = Date.now() + actor.rng.int(5, 40) * DAY + actor.rng.int(0, 23) * H;
  const res = await send(ctx, actor, 'book call', 'POST', '/portcalls', {
    terminal_id: ctx.world.terminalId,
    vessel_id: vessel.id,
    vessel_operator_id: ctx.world.vesselOperatorOrgId,
    agent_id: ctx.world.agencyOrgId,
    berth_arrival: iso(arrival),
    berth_departure: iso(arrival + actor.rng.int(12, 36) * H),
  });
  if (expectStatus(ctx, actor, 'book call', res, [201]) && res.status === 201) created(ctx, actor, res);
}

async function prise(ctx: TSoakContext, actor: TActor): Promise<void> {
  if (!actor.calls.length) await list(ctx, actor);
  if (!actor.calls.length) return;
  const callId = actor.rng.pick(actor.calls);
  const got = await send(ctx, actor, 'open PRISE notice', 'GET', `/portcalls/${callId}/prise_notice`);
  // 404: no PRISE for this call (e.g. not at a PRISE port); 403: the viewer is not the party that files it.
  if (!expectStatus(ctx, actor, 'open PRISE notice', got, [200, 403, 404]) || got.status !== 200) return;
  const notice = payload<{ version: number; can_submit: boolean }>(got);
  const filled = await send(ctx, actor, 'fill PRISE notice', 'PUT', `/portcalls/${callId}/prise_notice`, { version: notice.version, dangerous_goods: actor.rng.chance(0.2), persons_on_board: actor.rng.int(12, 30) });
  if (!expectStatus(ctx, actor, 'fill PRISE notice', filled, [200, 403, 409, 422]) || filled.status !== 200) return;
  // The screen offers sending only for a complete notice (the call's pilot and berth times, its berth).
  const complete = payload<{ version: number; can_submit: boolean }>(filled);
  if (!complete.can_submit) return;
  const submitted = await send(ctx, actor, 'submit PRISE notice', 'POST', `/portcalls/${callId}/prise_notice/submit`, { version: complete.version });
  expectStatus(ctx, actor, 'submit PRISE notice', submitted, [200, 409, 422]);
}

/** A screen that only reads: dashboard, reports, tasks, notifications, downloads (any GET of the document). */
async function read(ctx: TSoakContext, actor: TActor): Promise<void> {
  if (!actor.calls.length) await list(ctx, actor);
  const operation = actor.rng.pick(ctx.reads);
  const callId = actor.calls.length ? actor.rng.pick(actor.calls) : 1;
  await send(ctx, actor, 'read a screen', 'GET', getUrl(operation, { terminalId: ctx.world.terminalId, portId: ctx.world.portId, callId, vesselId: ctx.world.ownVessels[0]!.id, voyageId: null, templateId: null, now: new Date() }));
}

/** The odd mistake: a stale version (409), a malformed value (400 in the envelope), a double click (one wins). */
async function mistake(ctx: TSoakContext, actor: TActor): Promise<void> {
  const call = await openCall(ctx, actor);
  if (!call) return;
  const kind = actor.rng.pick(['stale version', 'bad input', 'double click'] as const);
  const field = isTerminal(actor) ? 'berth_comment' : 'comment';
  if (kind === 'stale version') {
    if (call.version < 2) return;
    const res = await send(ctx, actor, kind, 'PUT', `/portcalls/${call.id}`, { version: call.version - 1, [field]: 'stale' });
    if (res.status !== 409) ctx.recorder.find('a stale version answers 409', `${actor.user.name}: PUT /portcalls/${call.id} with version ${call.version - 1} of ${call.version} answered ${res.status}`);
  } else if (kind === 'bad input') {
    const res = await send(ctx, actor, kind, 'PUT', `/portcalls/${call.id}`, { version: call.version, berth_departure: 'yesterday' });
    if (res.status !== 400 || !ZErrorEnvelope.safeParse(res.body).success) ctx.recorder.find('bad input answers 400 in the envelope', `${actor.user.name}: PUT /portcalls/${call.id} with a malformed time answered ${res.status} ${res.text.slice(0, 200)}`);
  } else {
    const value = ctx.ledger.unique(`${actor.user.name} double click`);
    const [a, b] = await Promise.all([0, 1].map(() => send(ctx, actor, kind, 'PUT', `/portcalls/${call.id}`, { version: call.version, [field]: value })));
    const won = [a!, b!].filter((r) => r.status === 200);
    if (won.length > 1 || [a!, b!].some((r) => r.status !== 200 && r.status !== 409)) ctx.recorder.find('a double click writes once', `${actor.user.name}: two PUT /portcalls/${call.id} with version ${call.version} answered ${a!.status} and ${b!.status}`);
    if (won[0]) acknowledgeEdit(ctx, actor, call.id, won[0], { [field]: value }, call.version);
  }
}

export type TAction = (ctx: TSoakContext, actor: TActor) => Promise<void>;

/** What each role does, and how often, in a day (relative weights). */
export const DAY_OF: Record<TSoakUser['role'], [string, TAction, number][]> = {
  terminal_operator: [
    ['list', list, 3], ['open', open, 3], ['edit', edit, 2], ['negotiate', negotiate, 2], ['shift cards', shiftCards, 1], ['message', message, 1],
    ['live move', liveMove, 1], ['sandbox', sandbox, 1.5], ['optimize', optimize, 0.3], ['upload schedule', upload, 0.6], ['read', read, 4], ['mistake', mistake, 1], ['book', book, 0.3],
  ],
  acting: [
    ['list', list, 3], ['open', open, 3], ['edit', edit, 2], ['negotiate', negotiate, 2], ['message', message, 1], ['live move', liveMove, 1], ['sandbox', sandbox, 1], ['read', read, 3], ['mistake', mistake, 1],
  ],
  vessel_operator: [['list', list, 3], ['open', open, 3], ['edit', edit, 1], ['negotiate', negotiate, 2], ['message', message, 1], ['book', book, 1], ['import DCSA', importDcsa, 0.6], ['read', read, 3], ['mistake', mistake, 1]],
  agent: [['list', list, 3], ['open', open, 3], ['edit', edit, 1], ['negotiate', negotiate, 2], ['message', message, 1], ['book', book, 0.5], ['PRISE', prise, 1], ['import DCSA', importDcsa, 0.3], ['read', read, 3], ['mistake', mistake, 1]],
};

/** One thing the person does next, chosen by the weights; returns its name for the report. */
export async function actOnce(ctx: TSoakContext, actor: TActor): Promise<string> {
  const choices = DAY_OF[actor.user.role];
  let roll = actor.rng.next() * choices.reduce((sum, [, , w]) => sum + w, 0);
  for (const [name, action, weight] of choices) {
    roll -= weight;
    if (roll <= 0) {
      await action(ctx, actor);
      return name;
    }
  }
  const [name, action] = choices[0]!;
  await action(ctx, actor);
  return name;
}
