// Tide predictions for a terminal from harmonic constituents of its nearest station (offline tide database).
// Heights are metres above chart datum (LAT), the datum the sections' water depths are charted against.
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTidePredictor } from '@neaps/tide-predictor';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { terminalIdsOf } from '../portcalls/portcall.service';

const MAX_STATION_DISTANCE_KM = 60;

export type TTideModel = {
  station: { id: string; name: string; distance_km: number; datum: 'LAT' };
  /** Height above chart datum at an instant, in metres. */
  heightAt(instantMs: number): number;
  levels(from: Date, to: Date, stepMinutes: number): { time: string; height: number }[];
  extremes(from: Date, to: Date): { time: string; height: number; type: 'high' | 'low' }[];
};

// One predictor per position is enough for the process.
const cache = new Map<string, TTideModel | null>();

/** A tide station as the lookup (nearest-tide-station.mjs) hands it back. */
type TStation = {
  id: string;
  name: string;
  datums: Record<string, number> | null;
  harmonic_constituents: Parameters<typeof createTidePredictor>[0];
  distance_km: number;
};
const LOOKUP_SCRIPT = fileURLToPath(new URL('./nearest-tide-station.mjs', import.meta.url));
const lookupArgs = (latitude: number, longitude: number) => [LOOKUP_SCRIPT, String(latitude), String(longitude), String(MAX_STATION_DISTANCE_KM)];
const parseStation = (out: string) => JSON.parse(out) as TStation | null;
const execFileAsync = promisify(execFile);
const pendingLookups = new Map<string, Promise<TTideModel | null>>();

const DAY_MS = 86_400_000;
const EXTREMES_GRID_MS = 600_000;
/** Days of levels and extremes kept per process (a 45-day planner window of a few terminals, at two step sizes). */
const MAX_CACHED_DAYS = 600;
/** Instants whose height is kept per model: the clash check asks for every planned arrival and departure, each request. */
const MAX_CACHED_HEIGHTS = 20_000;

type TLevel = { time: string; height: number };
type TExtreme = { time: string; height: number; type: 'high' | 'low' };

/**
 * The prediction of a station for one UTC day, computed once per process and kept (least recently used first out):
 * it is a pure function of the station's constituents and the day, so every server computes the same day. Levels lie
 * on the same epoch-aligned grid of `step` minutes as a prediction over any window; extremes are searched a quarter
 * day beyond each side, so one at midnight is found whole.
 */
function predictDay<T extends TLevel[] | TExtreme[]>(key: string, compute: () => T): T {
  const kept = tideDays.get(key) as T | undefined;
  if (kept) {
    tideDays.delete(key);
    tideDays.set(key, kept);
    return kept;
  }
  const day = compute();
  tideDays.set(key, day);
  if (tideDays.size > MAX_CACHED_DAYS) tideDays.delete(tideDays.keys().next().value!);
  return day;
}
const tideDays = new Map<string, TLevel[] | TExtreme[]>();

const positionKey = (latitude: number, longitude: number) => `${latitude.toFixed(4)},${longitude.toFixed(4)}`;

/**
 * The tide model of the station nearest a position (null when none lies within 60 km). The offline tide database is
 * read in a child process (about 55 MB of heap, more than the rest of a server's start), once per position.
 */
export function tideModelAt(latitude: number, longitude: number): TTideModel | null {
  const key = positionKey(latitude, longitude);
  if (cache.has(key)) return cache.get(key)!;
  const model = modelOf(key, parseStation(execFileSync(process.execPath, lookupArgs(latitude, longitude), { encoding: 'utf8' })));
  cache.set(key, model);
  return model;
}

/** tideModelAt without blocking: the lookup runs while the server goes on answering. */
export function tideModelNear(latitude: number, longitude: number): Promise<TTideModel | null> {
  const key = positionKey(latitude, longitude);
  if (cache.has(key)) return Promise.resolve(cache.get(key)!);
  let pending = pendingLookups.get(key);
  if (!pending) {
    pending = execFileAsync(process.execPath, lookupArgs(latitude, longitude), { encoding: 'utf8' })
      .then(({ stdout }) => {
        const model = cache.has(key) ? cache.get(key)! : modelOf(key, parseStation(stdout));
        cache.set(key, model);
        return model;
      })
      .finally(() => pendingLookups.delete(key));
    pendingLookups.set(key, pending);
  }
  return pending;
}

function modelOf(key: string, station: TStation | null): TTideModel | null {
  if (!station) return null;
  const datums = station.datums ?? undefined;
  // Predictions are about mean sea level; chart datum is LAT, so lift by MSL - LAT (0 when the station has no datums).
  const lift = datums && datums.MSL !== undefined && datums.LAT !== undefined ? datums.MSL - datums.LAT : 0;
  const predictor = createTidePredictor(station.harmonic_constituents);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const heights = new Map<number, number>();
  const levelsOfDay = (dayMs: number, step: number): TLevel[] =>
    predictDay(`${key}:levels:${step}:${dayMs}`, () =>
      predictor
        .getTimelinePrediction({ start: new Date(dayMs), end: new Date(dayMs + DAY_MS - 1), timeFidelity: step * 60 })
        .filter((p) => new Date(p.time).getTime() < dayMs + DAY_MS)
        .map((p) => ({ time: new Date(p.time).toISOString(), height: round(p.level + lift) })),
    );
  const extremesOfDay = (dayMs: number): TExtreme[] =>
    predictDay(`${key}:extremes:${dayMs}`, () =>
      predictor
        .getExtremesPrediction({ start: new Date(dayMs - DAY_MS / 4), end: new Date(dayMs + DAY_MS + DAY_MS / 4) })
        .filter((e) => new Date(e.time).getTime() >= dayMs && new Date(e.time).getTime() < dayMs + DAY_MS)
        .map((e) => ({ time: new Date(e.time).toISOString(), height: round(e.level + lift), type: e.high ? ('high' as const) : ('low' as const) })),
    );
  /** The UTC days covering [fromMs, toMs], in order. */
  const daysCovering = (fromMs: number, toMs: number) => {
    const out: number[] = [];
    for (let day = Math.floor(fromMs / DAY_MS) * DAY_MS; day <= toMs; day += DAY_MS) out.push(day);
    return out;
  };
  return {
    station: { id: station.id, name: station.name, distance_km: Math.round(station.distance_km * 10) / 10, datum: 'LAT' },
    heightAt: (t) => {
      const kept = heights.get(t);
      if (kept !== undefined) return kept;
      const height = predictor.getWaterLevelAtTime({ time: new Date(t) }).level + lift;
      if (heights.size >= MAX_CACHED_HEIGHTS) heights.clear();
      heights.set(t, height);
      return height;
    },
    // The grid of a prediction: from the step before `from` to the step after `to`, both included.
    levels: (from, to, step) => {
      const stepMs = step * 60_000;
      const first = Math.floor(from.getTime() / stepMs) * stepMs;
      const last = Math.ceil(to.getTime() / stepMs) * stepMs;
      return daysCovering(first, last).flatMap((day) => levelsOfDay(day, step).filter((l) => Date.parse(l.time) >= first && Date.parse(l.time) <= last));
    },
    // A prediction searches its span on the 10-minute grid around the window, so an extreme just past `to` counts.
    extremes: (from, to) => {
      const first = Math.floor(from.getTime() / EXTREMES_GRID_MS) * EXTREMES_GRID_MS;
      const last = Math.ceil(to.getTime() / EXTREMES_GRID_MS) * EXTREMES_GRID_MS;
      return daysCovering(first, last).flatMap((day) => extremesOfDay(day).filter((e) => Date.parse(e.time) >= first && Date.parse(e.time) <= last));
    },
  };
}

export async function terminalTideModel(ctx: AppContext, terminalId: number): Promise<TTideModel | null> {
  const terminal = await ctx.db.selectFrom('terminals').select(['latitude', 'longitude']).where('id', '=', terminalId).executeTakeFirst();
  if (!terminal || terminal.latitude === null || terminal.longitude === null) return null;
  return tideModelNear(terminal.latitude, terminal.longitude);
}

export async function tidalData(ctx: AppContext, session: AuthSession, args: { terminal_id: number; from: string; to: string; step_minutes: number }) {
  if (!(await terminalIdsOf(ctx, session.user)).includes(args.terminal_id)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  const model = await terminalTideModel(ctx, args.terminal_id);
  if (!model) return { station: null, levels: [], extremes: [] };
  const from = new Date(args.from);
  const to = new Date(args.to);
  return { station: model.station, levels: model.levels(from, to, args.step_minutes), extremes: model.extremes(from, to) };
}
