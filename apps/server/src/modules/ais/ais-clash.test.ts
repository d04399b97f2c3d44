// An AIS berth arrival recorded automatically onto quay still occupied reaches the terminal's planners at once, and
// tells the vessel side that its berth time is at risk without naming the other carrier's call; a time that clashes
// with nothing tells nobody of a clash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherCarrier } from '../../test/fixtures';
import { createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { recordAisTime } from './geofence/record-ais-time';

const H = 3_600_000;
const NOW = Date.parse('2027-11-08T06:00:00Z');
const at = (hours: number) => new Date(NOW + hours * H);

describe.each(DB_TARGETS)('an automated berth time that clashes, on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {}, { now: new Date(NOW) });
  });
  afterAll(async () => t?.close());

  it('notifies the terminal of the clash and the vessel side of the risk, without the other carrier', async () => {
    const w = await createPortcallWorld(t);
    const db = t.database.db;
    await db.updateTable('terminals').set({ ais_actuals_mode: 'apply' }).where('id', '=', w.terminal.id).execute();
    const other = await createOtherCarrier(db, w.planner);
    const create = other.book;
    // The other carrier's call still lies at 0-250 m until 12:00; ours is planned there from 14:00, and one elsewhere.
    await create({ ...w.request(at(-10).toISOString(), at(6).toISOString(), { berth_start_position: 0, berth_end_position: 250 }), ...other.booking });
    const ours = await create(w.request(at(8).toISOString(), at(30).toISOString(), { berth_start_position: 100, berth_end_position: 350 }));
    const free = await create(w.request(at(8).toISOString(), at(30).toISOString(), { berth_start_position: 600, berth_end_position: 850 }));
    const since = Number((await db.selectFrom('notification_messages').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);

    // AIS sees both berthed at 08:00, two hours early: ours onto the other carrier's stretch.
    for (const id of [ours.id, free.id]) {
      const detection = await db.transaction().execute((trx) => recordAisTime(trx, { portcallId: id, mode: 'apply', detected: { time_type: 'berth_arrival', date_time: at(2) }, now: at(2) }));
      expect(detection?.status).toBe('applied');
    }

    const notes = await db.selectFrom('notification_messages').select(['portal_user_id', 'portcall_id', 'details']).where('id', '>', since).execute();
    const about = (action: string) => notes.filter((n) => (n.details as { action?: string }).action === action);
    expect(about('ais_clash').map((n) => [n.portal_user_id, n.portcall_id])).toEqual([[w.users.planner.user.id, ours.id]]);
    expect(about('berth_time_at_risk').map((n) => [n.portal_user_id, n.portcall_id]).sort()).toEqual([[w.users.agent.user.id, ours.id], [w.users.vesselSide.user.id, ours.id]].sort());
    expect(JSON.stringify(about('berth_time_at_risk'))).not.toContain(other.vessel.name);

    // The vessel side reads it in its list, as one sentence's parts.
    const list = (await w.vesselSide('GET', '/notification_messages')).json().payload.items as { portcall_id: number; details: { action?: string; field?: string } }[];
    expect(list.find((n) => n.details.action === 'berth_time_at_risk')).toMatchObject({ portcall_id: ours.id, details: { field: 'berth_arrival' } });
  });
});
