// The dashboard's alerts and the berth planner hold the plan to one clash rule (packages/domain berth-clashes.ts): the
// calls the planner finds in a clash, from its own projection and quay, are exactly those with a berth-clash or
// under-keel alert, including a call without a declared draft held to its vessel's maximum draft; and the vessel side
// learns its call clashes without being shown the other carrier's call.
import { findPlanClashes, planQuayOf, plannedCallOf, type TDashboardAlert, type TPlannedCall, type TPlannerPortcall, type TTerminalDetail } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherCarrier } from '../../test/fixtures';
import { createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3_600_000;
const NOW = Date.parse('2027-10-04T06:00:00Z');
const at = (hours: number) => new Date(NOW + hours * H).toISOString();

describe.each(DB_TARGETS)('one clash rule for alerts and planner on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {}, { now: new Date(NOW) });
  });
  afterAll(async () => t?.close());

  it('finds the same calls in a clash on the planner and in the alerts, and hides the other carrier from the vessel side', async () => {
    const w = await createPortcallWorld(t);
    const db = t.database.db;
    // Deeper than the south berth (13.25 m): a call of this vessel without a declared draft cannot lie there.
    await db.updateTable('vessels').set({ max_draft_m: '14' }).where('id', '=', w.vessel.id).execute();
    const other = await createOtherCarrier(db, w.planner);
    const create = other.book;
    const mine = await create(w.request(at(4), at(24), { berth_start_position: 0, berth_end_position: 200 }));
    const theirs = await create({ ...w.request(at(10), at(30), { berth_start_position: 150, berth_end_position: 350 }), ...other.booking });
    const shallow = await create(w.request(at(40), at(60), { berth_start_position: 500, berth_end_position: 700 }));
    const fine = await create(w.request(at(70), at(90), { berth_start_position: 0, berth_end_position: 200 }));

    // The planner's view: its projection and quay through the domain rule, as the screen computes them.
    const window = `terminal_id=${w.terminal.id}&from=${at(-24)}&to=${at(7 * 24)}`;
    const calls = (await w.planner('GET', `/berth_plan/portcalls?${window}`)).json().payload.items as TPlannerPortcall[];
    const terminal = (await w.planner('GET', `/terminals/${w.terminal.id}`)).json().payload as TTerminalDetail;
    const planned = calls.map(plannedCallOf).filter((c): c is TPlannedCall => c !== null);
    const clashes = findPlanClashes(planned, planQuayOf({ terminal, blockZones: [] }));
    const plannerSays = new Set(clashes.flatMap((c) => c.callIds.map((id) => `${id}:${c.kind === 'too_shallow' ? 'under_keel' : 'berth_clash'}`)));
    expect(plannerSays).toEqual(new Set([`${mine.id}:berth_clash`, `${theirs.id}:berth_clash`, `${shallow.id}:under_keel`]));

    // The alerts of each call, as the terminal sees them.
    const alertsOf = async (who: 'planner' | 'vesselSide', id: number) => ((await w[who]('GET', `/dashboard/alerts?portcall_id=${id}`)).json().payload.items as TDashboardAlert[]).filter((a) => a.rule === 'berth_clash' || a.rule === 'under_keel');
    const alertsSay = new Set<string>();
    for (const c of [mine, theirs, shallow, fine]) for (const a of await alertsOf('planner', c.id)) alertsSay.add(`${a.portcall_id}:${a.rule}`);
    expect(alertsSay).toEqual(plannerSays);
    expect((await alertsOf('planner', mine.id))[0]!.why.other_portcall_id).toBe(theirs.id);

    // The vessel side hears that its berth time is at risk, without the other carrier's call.
    const risk = await alertsOf('vesselSide', mine.id);
    expect(risk.map((a) => a.rule)).toEqual(['berth_clash']);
    expect(risk[0]!.why.other_portcall_id).toBeNull();
    expect(JSON.stringify(risk)).not.toContain(other.vessel.name);
  });
});
