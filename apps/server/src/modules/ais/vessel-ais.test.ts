import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVessel } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { findActiveCallsOfMmsis } from './ais.repository';
import { findAisRowsOfVessels, isVesselOfMmsis, vesselAisMmsi } from './vessel-ais';

const H = 3_600_000;

describe.each(DB_TARGETS)("a vessel's AIS row on %s", (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  const db = () => t.database.db;
  const ago = (hours: number) => new Date(t.clock.now().getTime() - hours * H);

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(() => t?.close());

  /** A vessel and a call of it at the test terminal arriving in a day, so the batch readers see it. */
  async function vesselWithCall(mmsi: string | null) {
    const vessel = await createVessel(db(), { vesselOperatorId: w.operator.id, mmsi });
    const at = t.clock.now().getTime();
    const res = await w.planner('POST', '/portcalls', w.request(new Date(at + 24 * H).toISOString(), new Date(at + 48 * H).toISOString(), { vessel_id: vessel.id }));
    expect(res.statusCode, res.body).toBe(201);
    return { vessel, callId: res.json().payload.id as number };
  }
  const aisRow = (mmsi: string, imo: string, staticHoursAgo: number) => db().insertInto('ais_vessels').values({ mmsi, imo_number: imo, static_received_at: ago(staticHoursAgo) }).execute();
  const mmsiOf = async (vesselId: number) =>
    (await db().selectFrom('vessels').select(vesselAisMmsi('vessels').as('mmsi')).where('id', '=', vesselId).executeTakeFirstOrThrow()).mmsi;
  const matches = async (vesselId: number, mmsis: string[]) =>
    (await db().selectFrom('vessels').select('id').where('id', '=', vesselId).where(isVesselOfMmsis(mmsis)).execute()).length === 1;

  it("is the row of the record's own MMSI, never another MMSI's that reports the same IMO number", async () => {
    const { vessel, callId } = await vesselWithCall('211888001');
    await aisRow('211888001', vessel.imo_number, 10);
    await aisRow('211888002', vessel.imo_number, 1);
    expect(await mmsiOf(vessel.id)).toBe('211888001');
    expect((await findAisRowsOfVessels(db(), [vessel.id])).get(vessel.id)?.mmsi).toBe('211888001');
    expect(await matches(vessel.id, ['211888002'])).toBe(false);
    expect(await matches(vessel.id, ['211888001'])).toBe(true);
    expect((await findActiveCallsOfMmsis(db(), ['211888002'], t.clock.now())).map((c) => c.portcall_id)).not.toContain(callId);
    expect((await findActiveCallsOfMmsis(db(), ['211888001'], t.clock.now())).filter((c) => c.portcall_id === callId)).toEqual([expect.objectContaining({ mmsi: '211888001' })]);
  });

  it('has none when AIS has not heard the recorded MMSI, even if another MMSI reports its IMO number', async () => {
    const { vessel } = await vesselWithCall('211888011');
    await aisRow('211888012', vessel.imo_number, 1);
    expect((await findAisRowsOfVessels(db(), [vessel.id])).has(vessel.id)).toBe(false);
  });

  it('is, for a record without an MMSI, the row whose static report named its IMO number most recently', async () => {
    const { vessel, callId } = await vesselWithCall(null);
    await aisRow('211888021', vessel.imo_number, 5);
    await aisRow('211888022', vessel.imo_number, 1);
    await aisRow('211888023', vessel.imo_number, 9);
    expect(await mmsiOf(vessel.id)).toBe('211888022');
    expect((await findAisRowsOfVessels(db(), [vessel.id])).get(vessel.id)?.mmsi).toBe('211888022');
    expect(await matches(vessel.id, ['211888022'])).toBe(true);
    expect(await matches(vessel.id, ['211888021', '211888023'])).toBe(false);
    expect((await findActiveCallsOfMmsis(db(), ['211888021', '211888022', '211888023'], t.clock.now())).filter((c) => c.portcall_id === callId)).toEqual([
      expect.objectContaining({ mmsi: '211888022' }),
    ]);
  });

  it('is absent for a vessel AIS knows neither by MMSI nor by IMO number', async () => {
    const { vessel } = await vesselWithCall(null);
    expect(await mmsiOf(vessel.id)).toBeNull();
    expect(await matches(vessel.id, ['211888031'])).toBe(false);
    expect((await findAisRowsOfVessels(db(), [vessel.id])).size).toBe(0);
  });
});
