// Tide predictions for a terminal from harmonic constituents of its nearest station (offline tide database).
// Heights are metres above chart datum (LAT), the datum the sections' water depths are charted against.
import { nearest } from '@neaps/tide-database';
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

// Constituents are decoded lazily by the database; one predictor per position is enough for the process.
const cache = new Map<string, TTideModel | null>();

export function tideModelAt(latitude: number, longitude: number): TTideModel | null {
  const key = `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
  if (cache.has(key)) return cache.get(key)!;
  const found = nearest({ latitude, longitude, maxDistance: MAX_STATION_DISTANCE_KM, filter: (s) => s.kind !== 'current' });
  let model: TTideModel | null = null;
  if (found) {
    const [station, distance] = found;
    const datums = station.datums as Record<string, number> | undefined;
    // Predictions are about mean sea level; chart datum is LAT, so lift by MSL - LAT (0 when the station has no datums).
    const lift = datums && datums.MSL !== undefined && datums.LAT !== undefined ? datums.MSL - datums.LAT : 0;
    const predictor = createTidePredictor(station.harmonic_constituents);
    const round = (v: number) => Math.round(v * 1000) / 1000;
    model = {
      station: { id: station.id, name: station.name, distance_km: Math.round(distance * 10) / 10, datum: 'LAT' },
      heightAt: (t) => predictor.getWaterLevelAtTime({ time: new Date(t) }).level + lift,
      levels: (from, to, step) => predictor.getTimelinePrediction({ start: from, end: to, timeFidelity: step * 60 }).map((p) => ({ time: new Date(p.time).toISOString(), height: round(p.level + lift) })),
      extremes: (from, to) => predictor.getExtremesPrediction({ start: from, end: to }).map((e) => ({ time: new Date(e.time).toISOString(), height: round(e.level + lift), type: e.high ? ('high' as const) : ('low' as const) })),
    };
  }
  cache.set(key, model);
  return model;
}

export async function terminalTideModel(ctx: AppContext, terminalId: number): Promise<TTideModel | null> {
  const terminal = await ctx.db.selectFrom('terminals').select(['latitude', 'longitude']).where('id', '=', terminalId).executeTakeFirst();
  if (!terminal || terminal.latitude === null || terminal.longitude === null) return null;
  return tideModelAt(terminal.latitude, terminal.longitude);
}

export async function tidalData(ctx: AppContext, session: AuthSession, args: { terminal_id: number; from: string; to: string; step_minutes: number }) {
  if (!(await terminalIdsOf(ctx, session.user)).includes(args.terminal_id)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  const model = await terminalTideModel(ctx, args.terminal_id);
  if (!model) return { station: null, levels: [], extremes: [] };
  const from = new Date(args.from);
  const to = new Date(args.to);
  return { station: model.station, levels: model.levels(from, to, args.step_minutes), extremes: model.extremes(from, to) };
}
