import { createTidePredictor } from '@neaps/tide-predictor';
import { nearest } from '@neaps/tide-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTerminal, signIn } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/test-app';
import { tideModelAt } from './tide.service';

describe('tide predictions', () => {
  it('predicts the Elbe at Hamburg from the St. Pauli constituents: two highs and two lows a day, above chart datum', () => {
    const model = tideModelAt(53.5297, 9.9207)!;
    expect(model.station.name).toMatch(/Pauli/);
    expect(model.station.distance_km).toBeLessThan(10);
    const day = model.extremes(new Date('2026-11-23T00:00:00Z'), new Date('2026-11-24T00:00:00Z'));
    expect(day.map((e) => e.type)).toEqual(['high', 'low', 'high', 'low']);
    for (const e of day) expect(e.type === 'high' ? e.height > 3 && e.height < 5.5 : e.height > -0.5 && e.height < 1.5).toBe(true);
    // Semidiurnal: consecutive high waters about 12 h 25 min apart.
    const gap = (Date.parse(day[2]!.time) - Date.parse(day[0]!.time)) / 60_000;
    expect(gap).toBeGreaterThan(11.5 * 60);
    expect(gap).toBeLessThan(13.5 * 60);
    expect(model.heightAt(Date.parse(day[0]!.time))).toBeCloseTo(day[0]!.height, 1);
  });

  it('answers a window from days predicted once: the same grid, heights and high and low waters as one prediction over the window', () => {
    // The straightforward prediction: one predictor run over exactly the asked window, as every request did before.
    const [station] = nearest({ latitude: 53.5297, longitude: 9.9207, maxDistance: 60, filter: (s) => s.kind !== 'current' })!;
    const datums = station.datums as Record<string, number>;
    const lift = datums.MSL! - datums.LAT!;
    const predictor = createTidePredictor(station.harmonic_constituents);
    const model = tideModelAt(53.5297, 9.9207)!;
    // A planner window starting at local midnight in Berlin, 28 days, and an odd window not on the step grid.
    for (const [from, to, step] of [
      ['2026-11-22T23:00:00Z', '2026-12-20T23:00:00Z', 10],
      ['2027-03-02T05:17:00Z', '2027-03-04T19:03:00Z', 30],
    ] as const) {
      const reference = predictor.getTimelinePrediction({ start: new Date(from), end: new Date(to), timeFidelity: step * 60 }).map((p) => ({ time: new Date(p.time).toISOString(), height: p.level + lift }));
      const levels = model.levels(new Date(from), new Date(to), step);
      expect(levels.map((l) => l.time)).toEqual(reference.map((l) => l.time));
      // Node corrections are taken at the middle of each predicted stretch, so a day's values differ from a month's in
      // the fourth decimal at most: well under a centimetre.
      for (let i = 0; i < levels.length; i++) expect(Math.abs(levels[i]!.height - reference[i]!.height)).toBeLessThan(0.005);
      const extremes = model.extremes(new Date(from), new Date(to));
      const referenceExtremes = predictor.getExtremesPrediction({ start: new Date(from), end: new Date(to) });
      expect(extremes.map((e) => e.type)).toEqual(referenceExtremes.map((e) => (e.high ? 'high' : 'low')));
      for (let i = 0; i < extremes.length; i++) {
        expect(Math.abs(Date.parse(extremes[i]!.time) - new Date(referenceExtremes[i]!.time).getTime())).toBeLessThanOrEqual(60_000);
        expect(Math.abs(extremes[i]!.height - (referenceExtremes[i]!.level + lift))).toBeLessThan(0.005);
      }
    }
  });

  it('has no station in the middle of an ocean', () => {
    expect(tideModelAt(-40, -30)).toBeNull();
  });
});

describe('GET /tidal_data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('answers levels every step and the extremes for a linked terminal only', async () => {
    const terminal = await createTerminal(t.database.db);
    await t.database.db.updateTable('terminals').set({ latitude: 53.5297, longitude: 9.9207 }).where('id', '=', terminal.id).execute();
    const planner = await signIn(t.app, t.database.db, { terminalIds: [terminal.id] });
    const res = await planner.call('GET', `/tidal_data?terminal_id=${terminal.id}&from=2026-11-23T00:00:00Z&to=2026-11-23T12:00:00Z&step_minutes=30`);
    expect(res.statusCode).toBe(200);
    const p = res.json().payload;
    expect(p.station.datum).toBe('LAT');
    expect(p.levels).toHaveLength(25);
    expect(p.extremes.length).toBeGreaterThanOrEqual(1);
    const stranger = await signIn(t.app, t.database.db);
    expect((await stranger.call('GET', `/tidal_data?terminal_id=${terminal.id}&from=2026-11-23T00:00:00Z&to=2026-11-23T12:00:00Z`)).statusCode).toBe(404);
    expect((await planner.call('GET', `/tidal_data?terminal_id=${terminal.id}&from=2026-11-23T00:00:00Z&to=2027-03-01T00:00:00Z`)).statusCode).toBe(400);
  });
});
