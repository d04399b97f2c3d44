import { bearingDeg, distanceNm, isInsidePolygon, type TLatLon } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWithReference, splitTagBlock, type TReferenceDecoded } from '../modules/ais/codec/reference-decoder';
import { DB_TARGETS, type TestApp, createTestApp } from '../test/test-app';
import { buildDemoAisRecording, buildDemoAisRecordingWithStories, type TDemoAisRecording } from './demo-ais-recording';
import { seedDemoIfEmpty } from './seed-demo';

const NOW = new Date('2026-11-24T12:00:00Z');
const MIN = 60_000;
const H = 60 * MIN;

/** Distance in nautical miles from a point to a polyline of great-circle segments (cross-track distance). */
function distanceToPolylineNm(p: TLatLon, line: readonly TLatLon[]): number {
  const R = 6_371_008.8 / 1852;
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const d13 = distanceNm(a, p) / R;
    const d12 = distanceNm(a, b) / R;
    const crossTrack = Math.asin(Math.sin(d13) * Math.sin(((bearingDeg(a, p) - bearingDeg(a, b)) * Math.PI) / 180));
    const alongTrack = Math.acos(Math.min(1, Math.cos(d13) / Math.cos(crossTrack)));
    const isBeside = Math.cos(((bearingDeg(a, p) - bearingDeg(a, b)) * Math.PI) / 180) >= 0 && alongTrack <= d12;
    best = Math.min(best, isBeside ? Math.abs(crossTrack) * R : Math.min(distanceNm(a, p), distanceNm(b, p)));
  }
  return best;
}

type TFix = { ms: number; message: TReferenceDecoded };

/** Decodes the recording line by line and pairs each decoded message with its tag-block time. */
function decodeTimed(lines: string[]): { fixes: TFix[]; errors: number } {
  const fixes: TFix[] = [];
  let errors = 0;
  let pending: string[] = [];
  for (const line of lines) {
    const { unixSeconds } = splitTagBlock(line);
    pending.push(line);
    const { messages, errors: e } = decodeWithReference(pending);
    errors += e.length;
    if (messages.length > 0 || e.length > 0) {
      for (const m of messages) fixes.push({ ms: unixSeconds! * 1000, message: m });
      pending = [];
    }
  }
  return { fixes, errors: errors + (pending.length > 0 ? 1 : 0) };
}

describe.each(DB_TARGETS)('demo AIS recording (%s)', (target) => {
  let t: TestApp;
  let recording: TDemoAisRecording;
  let fixes: TFix[];
  beforeAll(async () => {
    t = await createTestApp(target);
    await seedDemoIfEmpty(t.database.db, NOW);
    recording = await buildDemoAisRecordingWithStories(t.database.db, NOW);
    fixes = decodeTimed(recording.lines).fixes;
  });
  afterAll(async () => t?.close());

  it('is real AIVDM: every line decodes with ais-stream-decoder, with no error', () => {
    expect(recording.lines.length).toBeGreaterThan(5000);
    const { messages, errors } = decodeWithReference(recording.lines);
    expect(errors).toEqual([]);
    const typeFive = messages.filter((m) => m.type === 5);
    const positions = messages.filter((m) => m.type === 1);
    // Every line is used: one line per position report, two per static and voyage message.
    expect(positions.length + 2 * typeFive.length).toBe(recording.lines.length);
    expect(typeFive.length).toBeGreaterThan(100);
    for (const m of typeFive) {
      expect(['DEHAM', 'HAMBURG']).toContain(m.destination);
      expect(m.etaMinute).toBe(0);
      expect(m.imo).toBeGreaterThan(1_000_000);
    }
  });

  it('is sorted by its tag-block times, from six hours before now on', () => {
    const seconds = recording.lines.map((l) => splitTagBlock(l).unixSeconds!);
    expect(seconds.every((s, i) => i === 0 || seconds[i - 1]! <= s)).toBe(true);
    expect(seconds[0]! * 1000).toBeGreaterThanOrEqual(NOW.getTime() - 6 * H);
    expect(seconds.filter((s) => s * 1000 <= NOW.getTime()).length).toBeGreaterThan(500);
    expect(seconds.filter((s) => s * 1000 > NOW.getTime()).length).toBeGreaterThan(500);
  });

  it('tells about a third of the approaching vessels early, on time and late', () => {
    const stories = [...recording.stories.values()];
    expect(stories.length).toBeGreaterThanOrEqual(6);
    const told = stories.filter((s) => !s.berthsLive);
    for (const kind of ['early', 'on_time', 'delayed'] as const) expect(told.filter((s) => s.kind === kind).length, kind).toBeGreaterThanOrEqual(Math.floor(told.length / 3) - 1);
    for (const s of told) {
      if (s.kind === 'on_time') expect(Math.abs(s.deviationMinutes)).toBeLessThanOrEqual(20);
      if (s.kind === 'delayed') expect(s.deviationMinutes).toBeGreaterThan(20);
      if (s.kind === 'early') expect(s.deviationMinutes).toBeLessThan(-20);
    }
  });

  it('sails every approaching vessel along its route at sea-like and river-like speeds', () => {
    for (const s of recording.stories.values()) {
      const underWay = fixes.filter((f) => String(f.message.mmsi) === s.mmsi && f.message.type === 1 && f.message.navStatus === 0);
      expect(underWay.length, s.mmsi).toBeGreaterThan(50);
      for (const f of underWay) {
        const p = { latitude: f.message.lat as number, longitude: f.message.lon as number };
        expect(distanceToPolylineNm(p, s.route), `${s.mmsi} at ${new Date(f.ms).toISOString()}`).toBeLessThan(0.1);
        expect(f.message.speedOverGround as number).toBeLessThanOrEqual(19);
      }
      const atSea = underWay.filter((f) => (f.message.lon as number) < 7.5);
      for (const f of atSea) expect(f.message.speedOverGround as number).toBeGreaterThanOrEqual(11);
      // Fixes every one to three minutes.
      const gaps = underWay.slice(1).map((f, i) => f.ms - underWay[i]!.ms);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(3 * MIN);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(MIN);
      // The vessel is under way until it stops at its berth, at the time its story says.
      const lastUnderWay = underWay.at(-1)!;
      expect(lastUnderWay.ms).toBeLessThanOrEqual(s.arrivesAt.getTime());
      expect(s.arrivesAt.getTime() - lastUnderWay.ms).toBeLessThanOrEqual(3 * MIN);
    }
  });

  it('brings one vessel into its berth 10-15 minutes after now and keeps it moored there', () => {
    const live = [...recording.stories.values()].filter((s) => s.berthsLive);
    expect(live).toHaveLength(1);
    const s = live[0]!;
    const minutesAfterNow = (s.arrivesAt.getTime() - NOW.getTime()) / MIN;
    expect(minutesAfterNow).toBeGreaterThanOrEqual(10);
    expect(minutesAfterNow).toBeLessThanOrEqual(15);
    const own = fixes.filter((f) => String(f.message.mmsi) === s.mmsi && f.message.type === 1);
    const before = own.filter((f) => f.ms < NOW.getTime());
    expect(before.length).toBeGreaterThan(100);
    expect(isInsidePolygon({ latitude: before.at(-1)!.message.lat as number, longitude: before.at(-1)!.message.lon as number }, s.berthPolygon)).toBe(false);
    const after = own.filter((f) => f.ms >= s.arrivesAt.getTime());
    // Moored for hours, reporting every minute or two at first so a berthing is detected within minutes.
    expect(after.at(-1)!.ms - after[0]!.ms).toBeGreaterThan(3 * H);
    expect(after.filter((f) => f.ms < s.arrivesAt.getTime() + 10 * MIN).length).toBeGreaterThanOrEqual(5);
    for (const f of after) {
      expect(isInsidePolygon({ latitude: f.message.lat as number, longitude: f.message.lon as number }, s.berthPolygon)).toBe(true);
      expect(f.message.speedOverGround as number).toBeLessThan(0.3);
      expect(f.message.navStatus).toBe(5);
    }
  });

  it('keeps the vessels at the quay moored at their berth', () => {
    expect(recording.moored.length).toBeGreaterThan(0);
    for (const m of recording.moored) {
      const own = fixes.filter((f) => String(f.message.mmsi) === m.mmsi && f.message.type === 1);
      expect(own.length).toBeGreaterThan(3);
      for (const f of own) {
        expect(isInsidePolygon({ latitude: f.message.lat as number, longitude: f.message.lon as number }, m.berthPolygon)).toBe(true);
        expect(f.message.navStatus).toBe(5);
      }
    }
  });

  it('is the same recording for the same database and moment, and another for another moment', async () => {
    const again = await buildDemoAisRecording(t.database.db, NOW);
    expect(again).toEqual(recording.lines);
    const later = await buildDemoAisRecording(t.database.db, new Date(NOW.getTime() + H));
    expect(later).not.toEqual(recording.lines);
  });
});
