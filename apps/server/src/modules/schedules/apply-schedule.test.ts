import type { TNegotiatedTime } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortcallWorld, type PortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { applyScheduleToPortcall, requestCancelFromSchedule } from './apply-schedule';

const H = 3_600_000;
const DAY = 24 * H;

describe.each(DB_TARGETS)('schedule times written into a port call on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  const T0 = Date.now() + 10 * DAY;
  const at = (hours: number) => new Date(T0 + hours * H).toISOString();

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  async function requestedCall(start = 0) {
    const res = await w.agent('POST', '/portcalls', w.request(at(start), at(start + 20)));
    expect(res.statusCode).toBe(201);
    await t.database.db.updateTable('portcalls').set({ schedule_syncable: true }).where('id', '=', res.json().payload.id).execute();
    return res.json().payload as { id: number; version: number };
  }

  async function acceptedCall(start = 0) {
    const call = await requestedCall(start);
    let version = call.version;
    for (const time of ['berth_arrival', 'berth_departure'] as const) {
      const res = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time, action: 'accept', version });
      expect(res.statusCode).toBe(200);
      version = res.json().payload.version;
    }
    return { id: call.id, version };
  }

  const apply = (portcallId: number, times: Partial<Record<TNegotiatedTime, string>>, thresholdMinutes = 60) =>
    t.database.db.transaction().execute((trx) => applyScheduleToPortcall(t.app.ctx, trx, { portcallId, times, actor: { kind: 'automated', source: 'gnet' }, thresholdMinutes, syncRunId: null, voyageId: null }));
  const read = async (id: number) => (await w.planner('GET', `/portcalls/${id}`)).json().payload;

  it('turns a new time on a requested time into a new request (the vessel side may not estimate over its own request), by the automated creator, and both sides are told', async () => {
    const call = await requestedCall(0);
    const changes = await apply(call.id, { berth_arrival: at(3), berth_departure: at(25) });
    expect(changes.map((c) => [c.kind, c.time, c.after])).toEqual([
      ['request', 'berth_arrival', at(3)],
      ['request', 'berth_departure', at(25)],
    ]);
    const after = await read(call.id);
    expect([after.berth_arrival, after.berth_arrival_state, after.berth_departure, after.version]).toEqual([at(3), { label: 'requested', change_label: 'to change' }, at(25), call.version + 1]);
    const chain = (await w.planner('GET', `/portcalls/${call.id}/timestamps`)).json().payload as { action: string; classifier: string; created_by: { id: number | null; name: string; user_type: string } }[];
    expect(chain.at(-1)).toMatchObject({ action: 'request', classifier: 'REQ', created_by: { id: null, name: 'Schedule sync (gnet)', user_type: 'automated' } });
    const audit = (await w.planner('GET', `/portcall_audit?portcall_id=${call.id}`)).json().payload.items as { field: string; actor: { user_type: string } }[];
    expect(audit.filter((e) => e.actor.user_type === 'automated').map((e) => e.field)).toEqual(['berth_arrival', 'berth_departure']);
    const agentNews = (await w.agent('GET', '/notification_messages')).json().payload.items as { portcall_id: number }[];
    expect(agentNews.some((n) => n.portcall_id === call.id)).toBe(true);
    // The request waits for the terminal, which may answer it as any request.
    const accepted = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: after.version });
    expect([accepted.statusCode, accepted.json().payload.berth_arrival_state?.label]).toEqual([200, 'accepted']);
  });

  it('moves a time not set yet, or only estimated, as an estimate', async () => {
    const call = await requestedCall(50);
    const first = await apply(call.id, { pilot_boarding_place_arrival: at(48) });
    expect(first.map((c) => [c.kind, c.time, c.before, c.after])).toEqual([['estimate', 'pilot_boarding_place_arrival', null, at(48)]]);
    const second = await apply(call.id, { pilot_boarding_place_arrival: at(47) });
    expect(second.map((c) => [c.kind, c.before, c.after])).toEqual([['estimate', at(48), at(47)]]);
    const after = await read(call.id);
    expect([after.pilot_boarding_place_arrival, after.pilot_boarding_place_arrival_state.label, after.berth_arrival_state.label]).toEqual([at(47), 'estimated', 'requested']);
    const chain = (await w.planner('GET', `/portcalls/${call.id}/timestamps`)).json().payload as { action: string; classifier: string }[];
    expect(chain.at(-1)).toMatchObject({ action: 'estimate', classifier: 'EST' });
  });

  it('never overwrites an accepted time: a change beyond the threshold becomes one open proposal', async () => {
    const call = await acceptedCall(100);
    const first = await apply(call.id, { berth_arrival: at(100 + 4) });
    expect(first.map((c) => [c.kind, c.before, c.after])).toEqual([['proposal', at(100), at(104)]]);
    const after = await read(call.id);
    expect([after.berth_arrival, after.berth_arrival_state.label]).toEqual([at(100), 'accepted']);
    // The next poll repeats the same schedule: no second proposal.
    expect(await apply(call.id, { berth_arrival: at(104) })).toEqual([]);
    // A newer schedule replaces the open proposal.
    await apply(call.id, { berth_arrival: at(106) });
    const proposals = await t.database.db.selectFrom('schedule_proposals').select(['status', 'proposed_time', 'difference_minutes']).where('portcall_id', '=', call.id).orderBy('id').execute();
    expect(proposals.map((p) => [p.status, new Date(p.proposed_time).toISOString(), p.difference_minutes])).toEqual([
      ['superseded', at(104), 240],
      ['open', at(106), 360],
    ]);
    const chain = (await w.planner('GET', `/portcalls/${call.id}/timestamps`)).json().payload as { action: string; label: string | null }[];
    expect(chain.filter((s) => s.action === 'schedule_proposal').map((s) => s.label)).toEqual(['accepted', 'accepted']);
  });

  it('keeps the turn with the vessel side after a proposal on a time the terminal planned, and predicts the arrival from it', async () => {
    const call = await requestedCall(600);
    const proposed = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: at(602), version: call.version });
    expect(proposed.statusCode).toBe(200);
    expect((await apply(call.id, { berth_arrival: at(610) })).map((c) => c.kind)).toEqual(['proposal']);
    const before = await read(call.id);
    expect(before.predicted_berth_arrival).toMatchObject({ predicted_time: at(610), difference: 480, status: 'delayed' });
    const accepted = await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: before.version });
    expect(accepted.statusCode).toBe(200);
    expect([accepted.json().payload.berth_arrival, accepted.json().payload.berth_arrival_state.label]).toEqual([at(602), 'accepted']);
  });

  it('records a change to an agreed time within the threshold without writing anything', async () => {
    const call = await acceptedCall(200);
    const changes = await apply(call.id, { berth_arrival: at(200.5) });
    expect(changes.map((c) => c.kind)).toEqual(['within_threshold']);
    expect((await read(call.id)).version).toBe(call.version);
  });

  it('leaves a call alone whose sync was stopped', async () => {
    const call = await requestedCall(300);
    await t.database.db.updateTable('portcalls').set({ schedule_syncable: false }).where('id', '=', call.id).execute();
    expect((await apply(call.id, { berth_arrival: at(305) })).map((c) => c.kind)).toEqual(['sync_inactive']);
    expect((await read(call.id)).berth_arrival).toBe(at(300));
  });

  it('does not turn a berth window inside out', async () => {
    const call = await requestedCall(400);
    const changes = await apply(call.id, { berth_arrival: at(430) });
    expect(changes.map((c) => c.kind)).toEqual(['skipped']);
    expect((await read(call.id)).berth_arrival).toBe(at(400));
  });

  it('asks the terminal to cancel a call the schedule omits, and the terminal can answer', async () => {
    const call = await acceptedCall(500);
    const changes = await t.database.db.transaction().execute((trx) => requestCancelFromSchedule(t.app.ctx, trx, { portcallId: call.id, actor: { kind: 'automated', source: 'portcast' }, syncRunId: null, voyageId: null, note: 'OMIT in the carrier schedule' }));
    expect(changes.map((c) => c.kind)).toEqual(['cancel_requested']);
    const after = await read(call.id);
    expect(after.berth_arrival_state.label).toBe('cancel_requested');
    const refuse = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'reject_cancel', version: after.version });
    expect(refuse.statusCode).toBe(200);
    expect(refuse.json().payload.berth_arrival_state.label).toBe('accepted');
  });
});
