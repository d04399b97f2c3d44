import dgram from 'node:dgram';
import net from 'node:net';
import { type TAisPositionsEvent, type TRealtimeServerMessage, realtimeChannels } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aisRetentionDays, readAisConfig, readConfig } from '../../../config';
import { createOrganisation, createTerminal, createUser, createVessel, loginAs, randomImo } from '../../../test/fixtures';
import { type TTestSocket, connectRealtime, listenOnFreePort } from '../../../test/realtime-client';
import { DB_TARGETS, type TestApp, createTestApp } from '../../../test/test-app';
import { withTagBlock } from '../codec/nmea';
import { TYPE1_MOORED } from '../fixtures/real-sentences';
import { encodePositionReport, encodeStaticVoyage } from '../codec/encode';
import { type TAisPositionBatch, onAisBatch } from './after-batch';
import { AisIngest } from './ais-ingest';
import { AisBatchWriter } from './batch-writer';
import { ReplayAisSource } from './sources/replay-source';
import { TcpAisSource } from './sources/tcp-source';
import { UdpAisSource } from './sources/udp-source';
import { waitFor } from '../../../test/wait-for';

async function nextAisEvent(socket: TTestSocket, timeoutMs = 5000): Promise<TAisPositionsEvent> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message: TRealtimeServerMessage = await socket.next(Math.max(1, deadline - Date.now()));
    if (message.type === 'event' && message.event === 'ais.positions') return message.payload as TAisPositionsEvent;
  }
}

/** A type 1 report from the project's encoder (codec/encode.ts). */
function positionSentence(p: { mmsi: string; latitude: number; longitude: number; speedKnots?: number; courseDeg?: number; headingDeg?: number }): string {
  return encodePositionReport({ mmsi: p.mmsi, navStatus: 0, sog: p.speedKnots ?? null, cog: p.courseDeg ?? null, heading: p.headingDeg ?? null, lat: p.latitude, lon: p.longitude, second: 0 })[0]!;
}

let mmsiCounter = 0;
function freshMmsi(): string {
  mmsiCounter++;
  return `2119${String(process.pid % 1000).padStart(3, '0')}${String(mmsiCounter).padStart(2, '0')}`;
}

describe('AIS configuration and reconnect timing', () => {
  it('reads the sources from the environment, with defaults', () => {
    expect(readAisConfig({}, true, '/srv')).toEqual({ enabled: true, tcpFeeds: [], udp: null, replay: null, retentionDays: 30, demoReplay: true });
    expect(readAisConfig({}, false, '/srv').demoReplay).toBe(false);
    const env = { AIS_TCP_FEEDS: 'feed.example:5631, 10.0.0.7:10110', AIS_UDP_PORT: '10111', AIS_REPLAY_FILE: 'rec/day.nmea', AIS_REPLAY_SPEED: '10', AIS_REPLAY_ALIGN: 'now', AIS_RETENTION_DAYS: '7', AIS_DEMO_REPLAY: 'false', AIS_INGEST: 'false' };
    expect(readAisConfig(env, true, '/srv')).toEqual({
      enabled: false,
      tcpFeeds: [
        { host: 'feed.example', port: 5631 },
        { host: '10.0.0.7', port: 10110 },
      ],
      udp: { host: '0.0.0.0', port: 10111 },
      replay: { file: '/srv/rec/day.nmea', speed: 10, align: 'now' },
      retentionDays: 7,
      demoReplay: false,
    });
    expect(() => readAisConfig({ AIS_TCP_FEEDS: 'no-port' }, true, '/srv')).toThrow(/host:port/);
    expect(() => readAisConfig({ AIS_REPLAY_ALIGN: 'later' }, true, '/srv')).toThrow(/AIS_REPLAY_ALIGN/);
    expect(aisRetentionDays(readConfig({ AIS_RETENTION_DAYS: '12' }, '/srv'))).toBe(12);
  });

  it('backs off exponentially from 1 s to at most 60 s, with jitter', () => {
    const source = new TcpAisSource({ host: '127.0.0.1', port: 1, log: { info() {}, warn() {}, error() {} } });
    for (let i = 0; i < 50; i++) {
      expect(source.backoffMs(0)).toBeGreaterThanOrEqual(750);
      expect(source.backoffMs(0)).toBeLessThanOrEqual(1250);
      expect(source.backoffMs(3)).toBeGreaterThanOrEqual(6000);
      expect(source.backoffMs(3)).toBeLessThanOrEqual(10_000);
      expect(source.backoffMs(20)).toBeLessThanOrEqual(60_000);
      expect(source.backoffMs(20)).toBeGreaterThanOrEqual(45_000);
    }
  });
});

describe.each(DB_TARGETS)('AIS ingest over UDP and TCP on %s', (target) => {
  let t: TestApp;
  let baseUrl: string;
  let feed: net.Server;
  const feedSockets: net.Socket[] = [];
  let feedConnections = 0;
  const sockets: TTestSocket[] = [];
  const batches: TAisPositionBatch[] = [];
  const removeListeners: (() => void)[] = [];

  beforeAll(async () => {
    // The feed a TCP source connects to: it remembers its clients so a test can write to them or drop them.
    feed = net.createServer((socket) => {
      feedConnections++;
      feedSockets.push(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', () => resolve()));
    const feedPort = (feed.address() as net.AddressInfo).port;
    t = await createTestApp(target, {
      ais: { enabled: true, tcpFeeds: [{ host: '127.0.0.1', port: feedPort }], udp: { host: '127.0.0.1', port: 0 }, replay: null, retentionDays: 30, demoReplay: false },
    });
    baseUrl = await listenOnFreePort(t.app);
    removeListeners.push(onAisBatch(async (_ctx, batch) => void batches.push(batch)));
    // A broken listener must not stop the ingest or the other listeners.
    removeListeners.push(
      onAisBatch(async () => {
        throw new Error('listener failure on purpose');
      }),
    );
    await waitFor(async () => feedSockets.length > 0);
  });
  afterAll(async () => {
    for (const remove of removeListeners) remove();
    await Promise.all(sockets.map((s) => s.close()));
    await t?.close();
    for (const s of feedSockets) s.destroy();
    await new Promise((resolve) => feed?.close(resolve));
  });

  /** A terminal with an approaching call of a vessel (MMSI known), its planner, its vessel operator and the agent, each with a live socket. */
  async function world(options: { vesselMmsi?: string | null; imo?: string; withoutCallSign?: boolean } = {}) {
    const db = t.database.db;
    const terminal = await createTerminal(db);
    const operator = await createOrganisation(db, 'vessel_operator');
    const otherOperator = await createOrganisation(db, 'vessel_operator');
    const agency = await createOrganisation(db, 'agent');
    const vessel = await createVessel(db, { vesselOperatorId: operator.id, mmsi: options.vesselMmsi === undefined ? freshMmsi() : options.vesselMmsi, ...(options.imo ? { imoNumber: options.imo } : {}) });
    if (!options.withoutCallSign) await db.updateTable('vessels').set({ call_sign: 'KEEP' }).where('id', '=', vessel.id).execute();
    const now = t.clock.now().getTime();
    const call = await db
      .insertInto('portcalls')
      .values({ terminal_id: terminal.id, vessel_id: vessel.id, vessel_operator_id: operator.id, agent_id: agency.id, status: 'Approaching', berth_arrival: new Date(now + 86_400_000), berth_departure: new Date(now + 2 * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const connect = async (userType: 'terminal_operator' | 'vessel_operator' | 'agent', organisationId: number | null, channel: string) => {
      const user = await createUser(db, { userType, organisationId, terminalIds: [terminal.id] });
      const socket = await connectRealtime(baseUrl, { headers: { 'x-portal-token': await loginAs(t.app, user.email) } });
      sockets.push(socket);
      socket.send({ type: 'subscribe', channel });
      expect((await socket.next()).type).toBe('subscribed');
      return socket;
    };
    return {
      terminal,
      vessel,
      callId: call.id,
      planner: await connect('terminal_operator', null, realtimeChannels.terminal(terminal.id)),
      carrier: await connect('vessel_operator', operator.id, realtimeChannels.vesselOperator(operator.id)),
      otherCarrier: await connect('vessel_operator', otherOperator.id, realtimeChannels.vesselOperator(otherOperator.id)),
      agent: await connect('agent', agency.id, realtimeChannels.agent(agency.id)),
    };
  }

  function udpPort(): number {
    const source = t.app.aisIngest?.sourceOf(UdpAisSource);
    const port = source?.address()?.port;
    if (!port) throw new Error('no UDP source');
    return port;
  }

  async function sendUdp(text: string): Promise<void> {
    const client = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => client.send(Buffer.from(text, 'latin1'), udpPort(), '127.0.0.1', (err) => (err ? reject(err) : resolve())));
    client.close();
  }

  it('UDP: a datagram of several lines becomes track rows, the latest position per vessel, and one realtime event per channel', async () => {
    const w = await world();
    const mmsi = w.vessel.mmsi!;
    const now = t.clock.now().getTime();
    const older = withTagBlock(positionSentence({ mmsi, latitude: 54.01, longitude: 8.1, speedKnots: 12.5, courseDeg: 120, headingDeg: 118 }), new Date(now - 60_000));
    const newer = withTagBlock(positionSentence({ mmsi, latitude: 54.02, longitude: 8.12, speedKnots: 12.4, courseDeg: 121, headingDeg: 119 }), new Date(now - 30_000));
    const before = t.app.aisIngest!.stats().decoder;
    // Newest first in the datagram: the latest position must still be the newer one.
    await sendUdp(`${newer}\r\n${older}\r\n${TYPE1_MOORED.line.replace('*5C', '*00')}\n`);

    const rows = await waitFor(async () => {
      const found = await t.database.db.selectFrom('ais_positions').selectAll().where('mmsi', '=', mmsi).orderBy('received_at').execute();
      return found.length === 2 ? found : null;
    });
    expect(rows.map((r) => [r.latitude, r.longitude, new Date(r.received_at).getTime()])).toEqual([
      [54.01, 8.1, Math.floor((now - 60_000) / 1000) * 1000],
      [54.02, 8.12, Math.floor((now - 30_000) / 1000) * 1000],
    ]);
    const latest = await t.database.db.selectFrom('ais_vessels').selectAll().where('mmsi', '=', mmsi).executeTakeFirstOrThrow();
    expect(latest).toMatchObject({ latitude: 54.02, longitude: 8.12, speed_knots: 12.4, course_deg: 121, heading_deg: 119, nav_status: 0 });

    const event = await nextAisEvent(w.planner);
    expect(event.terminal_id).toBe(w.terminal.id);
    expect(event.positions.map((p) => [p.portcall_id, p.mmsi, p.latitude])).toEqual([
      [w.callId, mmsi, 54.01],
      [w.callId, mmsi, 54.02],
    ]);
    expect((await nextAisEvent(w.carrier)).positions).toHaveLength(2);
    expect((await nextAisEvent(w.agent)).terminal_id).toBe(w.terminal.id);
    await w.otherCarrier.expectSilence(300);

    const after = t.app.aisIngest!.stats().decoder;
    expect(after.skipped.checksum - before.skipped.checksum).toBe(1);
    expect(after.decoded - before.decoded).toBe(2);
    await waitFor(async () => batches.some((b) => b.some((p) => p.mmsi === mmsi)));
  });

  it('UDP: a position without an active call is stored but published to no one', async () => {
    const w = await world();
    const stranger = freshMmsi();
    await sendUdp(positionSentence({ mmsi: stranger, latitude: 53.9, longitude: 8.5, speedKnots: 3 }));
    await waitFor(async () => t.database.db.selectFrom('ais_vessels').select('mmsi').where('mmsi', '=', stranger).executeTakeFirst());
    await w.planner.expectSilence(400);
  });

  it('TCP: a type 5 links the vessel record by IMO, fills its missing call sign (never its recorded dimensions), and remembers what it filled', async () => {
    const imo = randomImo();
    const w = await world({ vesselMmsi: null, imo, withoutCallSign: true });
    const mmsi = freshMmsi();
    const lines = encodeStaticVoyage({ mmsi, imo, callSign: 'DQLN', name: 'QUAYLINE TEST', shipType: 71, dimA: 180, dimB: 20, dimC: 14, dimD: 16, draught: 9.8, destination: 'DEHAM', eta: { month: 1, day: 1, hour: 6, minute: 0 } });
    // Split mid-line across writes: the line splitter must join them.
    const text = `${lines[0]}\r\n${lines[1]}\r\n${positionSentence({ mmsi, latitude: 53.6, longitude: 9.6, speedKnots: 8 })}\r\n`;
    feedSockets.at(-1)!.write(text.slice(0, 37));
    await new Promise((resolve) => setTimeout(resolve, 20));
    feedSockets.at(-1)!.write(text.slice(37));

    const linked = await waitFor(async () => {
      const v = await t.database.db.selectFrom('vessels').select(['mmsi', 'length_overall_m', 'beam_m', 'call_sign']).where('id', '=', w.vessel.id).executeTakeFirstOrThrow();
      return v.mmsi ? v : null;
    });
    // The record's own length and beam (199.9 x 32.2 from the fixture) stay: AIS fills only what is missing.
    expect(linked).toEqual({ mmsi, length_overall_m: '199.90', beam_m: '32.20', call_sign: 'DQLN' });
    const ais = await waitFor(async () => {
      const row = await t.database.db.selectFrom('ais_vessels').selectAll().where('mmsi', '=', mmsi).executeTakeFirst();
      return row?.latitude ? row : null;
    });
    expect(ais).toMatchObject({ imo_number: imo, name: 'QUAYLINE TEST', call_sign: 'DQLN', ship_type: 71, length_m: '200', beam_m: '30', draught_m: '9.8', destination: 'DEHAM', filled_fields: ['call_sign'] });
    expect(new Date(ais.reported_eta!).getUTCMonth()).toBe(0);
    // The position that followed the type 5 reaches the call through the new link.
    expect((await nextAisEvent(w.planner)).positions[0]).toMatchObject({ portcall_id: w.callId, mmsi, latitude: 53.6 });
  });

  it('TCP: reconnects after the feed drops the connection and keeps ingesting', async () => {
    const w = await world();
    const mmsi = w.vessel.mmsi!;
    const source = t.app.aisIngest!.sourceOf(TcpAisSource)!;
    const connectsBefore = source.stats.connects;
    const connectionsBefore = feedConnections;
    feedSockets.at(-1)!.destroy();
    await waitFor(async () => feedConnections > connectionsBefore, 5000);
    await waitFor(async () => source.stats.connects > connectsBefore);
    expect(source.stats.disconnects).toBeGreaterThanOrEqual(1);
    feedSockets.at(-1)!.write(`${positionSentence({ mmsi, latitude: 53.55, longitude: 9.9, speedKnots: 4 })}\n`);
    await waitFor(async () => t.database.db.selectFrom('ais_positions').select('id').where('mmsi', '=', mmsi).executeTakeFirst());
    expect((await nextAisEvent(w.planner)).positions[0]?.latitude).toBe(53.55);
  });

  it('survives a flood of bad lines and counts each reason', async () => {
    const before = t.app.aisIngest!.stats().decoder.skipped;
    const bad = [
      '!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0*5D', // checksum
      '!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA', // truncated
      '!AIVDM,1,1,,A,403OviQuMGCqWrRO9>E6fE700@GO,0*4D', // type 4: not used
      '!AIVDM,2,2,9,A,88888888880,2*2D', // a second fragment without its first
      positionSentence({ mmsi: freshMmsi(), latitude: 91, longitude: 181 }), // not available
      'complete nonsense',
    ];
    await sendUdp(bad.join('\n'));
    const after = await waitFor(async () => {
      const s = t.app.aisIngest!.stats().decoder.skipped;
      return s.malformed > before.malformed ? s : null;
    });
    expect({
      checksum: after.checksum - before.checksum,
      truncated: after.truncated - before.truncated,
      unknown_type: after.unknown_type - before.unknown_type,
      missing_fragment: after.missing_fragment - before.missing_fragment,
      bad_coordinates: after.bad_coordinates - before.bad_coordinates,
      malformed: after.malformed - before.malformed,
    }).toEqual({ checksum: 1, truncated: 1, unknown_type: 1, missing_fragment: 1, bad_coordinates: 1, malformed: 1 });
  });

  it('replays lines from memory: align now ingests the past at once with its own times', async () => {
    const w = await world();
    const mmsi = w.vessel.mmsi!;
    const now = t.clock.now().getTime();
    const lines = [3, 2, 1].map((minutesAgo, i) => withTagBlock(positionSentence({ mmsi, latitude: 54 + i / 100, longitude: 8, speedKnots: 10 }), new Date(now - minutesAgo * 60_000)));
    const replay = new ReplayAisSource({ lines, speed: 1, align: 'now', now: () => t.clock.now(), log: t.app.log });
    await t.app.aisIngest!.addSource(replay);
    await replay.finished();
    const rows = await waitFor(async () => {
      const found = await t.database.db.selectFrom('ais_positions').select(['received_at', 'latitude']).where('mmsi', '=', mmsi).orderBy('received_at').execute();
      return found.length === 3 ? found : null;
    });
    expect(rows.map((r) => new Date(r.received_at).getTime())).toEqual([3, 2, 1].map((m) => Math.floor((now - m * 60_000) / 1000) * 1000));
  });

  it('skips what an earlier run already stored when told where it stopped (a restarted demo replay)', async () => {
    const w = await world();
    const mmsi = w.vessel.mmsi!;
    const now = t.clock.now().getTime();
    const lines = [4, 3, 2].map((minutesAgo, i) => withTagBlock(positionSentence({ mmsi, latitude: 54.2 + i / 100, longitude: 8, speedKnots: 10 }), new Date(now - minutesAgo * 60_000)));
    const replay = new ReplayAisSource({ lines, speed: 1, align: 'now', now: () => t.clock.now(), log: t.app.log, skipUntil: new Date(now - 3 * 60_000) });
    await t.app.aisIngest!.addSource(replay);
    await replay.finished();
    await t.app.aisIngest!.writer.flush();
    const rows = await t.database.db.selectFrom('ais_positions').select(['latitude']).where('mmsi', '=', mmsi).execute();
    expect(rows.map((r) => r.latitude)).toEqual([54.22]);
  });

  it('keeps writing while a slow listener works: the listeners catch up with everything committed meanwhile', async () => {
    const writer = new AisBatchWriter(t.app.ctx, t.app.log, { flushAtCount: 1000, flushIntervalMs: 60_000 });
    const mmsi = freshMmsi();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: number[] = [];
    let entered: () => void = () => {};
    const holding = new Promise<void>((resolve) => (entered = resolve));
    const remove = onAisBatch(async (_ctx, batch) => {
      const mine = batch.filter((p) => p.mmsi === mmsi);
      if (mine.length === 0) return;
      seen.push(mine.length);
      entered();
      await gate;
    });
    try {
      const report = (i: number) => ({ kind: 'position' as const, type: 1 as const, mmsi, latitude: 54 + i / 100, longitude: 8, speed_knots: 5, course_deg: 90, heading_deg: 90, nav_status: 0, received_at: new Date(t.clock.now().getTime() - (10 - i) * 1000) });
      writer.push([report(0)]);
      await writer.flush();
      // The listeners run after the commit, behind the app's own (geofences): wait until ours holds on the gate.
      await holding;
      // The listener now holds on the gate; the next batches are written all the same.
      writer.push([report(1), report(2)]);
      await writer.flush();
      writer.push([report(3)]);
      await writer.flush();
      const rows = await t.database.db.selectFrom('ais_positions').select('id').where('mmsi', '=', mmsi).execute();
      expect(rows).toHaveLength(4);
      expect(seen).toEqual([1]);
      release();
      await writer.settled();
      // The three positions committed while it worked reach it in one run, in commit order.
      expect(seen).toEqual([1, 3]);
    } finally {
      release();
      remove();
      await writer.stop();
    }
  });

  it('never waits on the database: beyond the bounded queue messages are dropped and counted', async () => {
    const writer = new AisBatchWriter(t.app.ctx, t.app.log, { maxQueue: 3, flushAtCount: 1000, flushIntervalMs: 60_000 });
    const mmsi = freshMmsi();
    const at = t.clock.now();
    writer.push(Array.from({ length: 5 }, (_, i) => ({ kind: 'position' as const, type: 1 as const, mmsi, latitude: 54 + i / 100, longitude: 8, speed_knots: 5, course_deg: 90, heading_deg: 90, nav_status: 0, received_at: at })));
    expect(writer.stats).toMatchObject({ queued: 3, dropped: 2 });
    await writer.stop();
    expect(writer.stats.written_positions).toBe(3);
    const rows = await t.database.db.selectFrom('ais_positions').select('latitude').where('mmsi', '=', mmsi).orderBy('latitude').execute();
    expect(rows.map((r) => r.latitude)).toEqual([54, 54.01, 54.02]);
  });

  it('on stop, stops its sources and writes what is still buffered', async () => {
    const mmsi = freshMmsi();
    const ingest = new AisIngest(t.app.ctx, t.app.log, { flushIntervalMs: 60_000, flushAtCount: 1000 });
    ingest.start();
    const replay = new ReplayAisSource({ lines: [positionSentence({ mmsi, latitude: 54.3, longitude: 8.3 }), positionSentence({ mmsi, latitude: 54.31, longitude: 8.3 })], speed: 1, align: 'start', now: () => t.clock.now(), log: t.app.log });
    await ingest.addSource(replay);
    await replay.finished();
    const count = async () => (await t.database.db.selectFrom('ais_positions').select('id').where('mmsi', '=', mmsi).execute()).length;
    expect(await count()).toBe(0);
    await ingest.stop();
    expect(await count()).toBe(2);
    expect(ingest.stats()).toMatchObject({ decoder: { received: 2, decoded: 2 }, writer: { written_positions: 2, dropped: 0 } });
  });

  it('replays at a chosen speed: align start plays the first line now and spaces the rest by their recorded gaps', async () => {
    const w = await world();
    const mmsi = w.vessel.mmsi!;
    const recordedStart = new Date('2025-06-01T10:00:00Z').getTime();
    // Two lines recorded 10 s apart, played 50 times faster: 200 ms apart, stamped from now.
    const lines = [0, 10].map((s, i) => withTagBlock(positionSentence({ mmsi, latitude: 54.5 + i / 100, longitude: 7.5, speedKnots: 10 }), new Date(recordedStart + s * 1000)));
    const startedAt = performance.now();
    const replay = new ReplayAisSource({ lines, speed: 50, align: 'start', now: () => t.clock.now(), log: t.app.log });
    await t.app.aisIngest!.addSource(replay);
    await replay.finished();
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(180);
    const rows = await waitFor(async () => {
      const found = await t.database.db.selectFrom('ais_positions').select(['received_at']).where('mmsi', '=', mmsi).orderBy('received_at').execute();
      return found.length === 2 ? found : null;
    });
    const base = t.clock.now().getTime();
    expect(rows.map((r) => new Date(r.received_at).getTime() - base)).toEqual([0, 200]);
  });
});
