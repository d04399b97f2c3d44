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
