// The whole AIS path in one app: sentences arrive over UDP, the batch writer stores them, and the listeners wired at
// start (ais-batch-listeners.ts) predict the approaching call's arrival and record the berthing as an actual time.
import dgram from 'node:dgram';
import { destinationPoint, quayPoint, waterBearing } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVessel } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { encodePositionReport } from './codec/encode';
import { withTagBlock } from './codec/nmea';
import { UdpAisSource } from './ingest/sources/udp-source';
import { waitFor } from '../../test/wait-for';

const MIN = 60_000;
const H = 60 * MIN;
const quay = { origin: { latitude: 53.5297, longitude: 9.9207 }, bearingDeg: 100, waterSide: 'right' as const };
const berthSpot = destinationPoint(quayPoint(quay, 350), waterBearing(quay), 25);

describe.each(DB_TARGETS)('AIS from the socket to the port call on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;

  beforeAll(async () => {
    t = await createTestApp(target, { ais: { enabled: true, tcpFeeds: [], udp: { host: '127.0.0.1', port: 0 }, replay: null, retentionDays: 30, demoReplay: false } });
    w = await createPortcallWorld(t);
    const db = t.database.db;
    await db.updateTable('terminals').set({ quay_origin_latitude: quay.origin.latitude, quay_origin_longitude: quay.origin.longitude, quay_bearing_deg: quay.bearingDeg, quay_water_side: quay.waterSide, ais_actuals_mode: 'apply' }).where('id', '=', w.terminal.id).execute();
  });
  afterAll(() => t?.close());

  async function sendUdp(lines: string[]): Promise<void> {
    const port = t.app.aisIngest?.sourceOf(UdpAisSource)?.address()?.port;
    if (!port) throw new Error('no UDP source');
    const client = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => client.send(Buffer.from(lines.join('\r\n'), 'latin1'), port, '127.0.0.1', (err) => (err ? reject(err) : resolve())));
    client.close();
  }

  const report = (mmsi: string, p: { latitude: number; longitude: number }, knots: number, at: Date, navStatus: 0 | 5 = 0) =>
    withTagBlock(encodePositionReport({ mmsi, navStatus, sog: knots, cog: 100, heading: 100, lat: p.latitude, lon: p.longitude, second: at.getUTCSeconds() })[0]!, at);

  it('predicts an approaching vessel from what it sends, then records its berthing as the actual berth arrival', async () => {
    const vessel = await createVessel(t.database.db, { vesselOperatorId: w.operator.id });
    const mmsi = vessel.mmsi!;
    const now = t.clock.now().getTime();
    const planned = new Date(Math.ceil((now + 6 * H) / H) * H);
    const created = await w.planner('POST', '/portcalls', w.request(planned.toISOString(), new Date(planned.getTime() + 20 * H).toISOString(), { vessel_id: vessel.id, berth_start_position: 200, berth_end_position: 500 }));
    expect(created.statusCode).toBe(201);
    const callId: number = created.json().payload.id;

    // Forty minutes of reports at 12 kn, 40 nm down the Elbe from the berth, an hour and a half ago (a tag block
    // in the future would be refused, so the story lies in the past).
    const start = destinationPoint(berthSpot, 300, 40 * 1852);
    await sendUdp(Array.from({ length: 5 }, (_, i) => report(mmsi, destinationPoint(start, 120, i * 10 * 1852 * (12 / 60)), 12, new Date(now - (100 - i * 10) * MIN))));
    const predicted = await waitFor(async () => (await w.planner('GET', `/portcalls/${callId}`)).json().payload.predicted_berth_arrival);
    expect(predicted.source).toBe('ais');
    const hoursAway = (Date.parse(predicted.predicted_time) - now) / H;
    expect(hoursAway).toBeGreaterThan(1);
    expect(hoursAway).toBeLessThan(8);

    // Alongside: below 0.5 kn, moored, for six minutes inside the berth.
    const alongside = now - 45 * MIN;
    await sendUdp(Array.from({ length: 7 }, (_, i) => report(mmsi, destinationPoint(berthSpot, i * 50, 2), 0.1, new Date(alongside + i * MIN), 5)));
    const berthed = await waitFor(async () => {
      const call = (await w.planner('GET', `/portcalls/${callId}`)).json().payload;
      return call.berth_arrival_state.label === 'actual' ? call : null;
    });
    expect(berthed.status).toBe('Berthed');
    expect(Date.parse(berthed.berth_arrival)).toBe(Math.floor(alongside / 1000) * 1000);
    const step = await t.database.db.selectFrom('portcall_timestamps').selectAll().where('portcall_id', '=', callId).where('time_type', '=', 'berth_arrival').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(step).toMatchObject({ action: 'actual', creator_type: 'automated', source: 'ais_berth_arrival', created_by: null });
  });
});
