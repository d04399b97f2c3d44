// The map's view of AIS: the calls of a terminal with where their vessels are (ais/portcalls_list), and what AIS
// says about one vessel (ais/vessel_characteristics).
import {
  type TAisShipTypeGroup,
  PORTCALL_STATUSES,
  type TAisPortcallsList,
  type TAisPosition,
  type TAisVesselCharacteristics,
  type TPortcallStatus,
  ZPortcallStatus,
} from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { iso, num } from '../portcalls/portcall-mapper';
import { terminalIdsOf } from '../portcalls/portcall.service';
import { findPredictedBerthArrivals } from '../predictions/predicted-arrival.read';
import { findMapPortcalls, findTracks, findVisibleVessel } from './ais.repository';
import { type TAisVesselRow, findAisRowsOfVessels } from './vessel-ais';

const MAX_TRACK_POINTS = 120;
const DEFAULT_STATUSES = PORTCALL_STATUSES.filter((s) => s !== 'Cancelled');

export type TPortcallsListArgs = { terminal_id: number; statuses?: string | undefined; watched_only?: 'true' | 'false' | undefined; track_hours?: number | undefined };

function parseStatuses(text: string | undefined): TPortcallStatus[] {
  if (text === undefined || text.trim() === '') return [...DEFAULT_STATUSES];
  const statuses = text.split(',').map((s) => s.trim());
  const unknown = statuses.filter((s) => !ZPortcallStatus.safeParse(s).success);
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'statuses', message: `Unknown status ${unknown.map((s) => JSON.stringify(s)).join(', ')}; use ${PORTCALL_STATUSES.join(', ')}.` }] });
  }
  return statuses as TPortcallStatus[];
}

function positionOf(row: TAisVesselRow | undefined): TAisPosition | null {
  if (!row || row.latitude === null || row.longitude === null || !row.position_received_at) return null;
  return {
    latitude: row.latitude,
    longitude: row.longitude,
    speed_knots: row.speed_knots,
    course_deg: row.course_deg,
    heading_deg: row.heading_deg,
    nav_status: row.nav_status,
    received_at: iso(row.position_received_at)!,
  };
}

/**
 * A vessel is in one place: the map shows it once, on the call it is sailing or working for now (its earliest call
 * that has not departed, else its latest departed one). Its later calls have no position of their own.
 */
export function currentCallPerVessel<C extends { vessel_id: number; status: string; berth_arrival: Date | string }>(calls: readonly C[]): C[] {
  const rank = (c: C) => (c.status === 'Cancelled' ? 2 : c.status === 'Departed' ? 1 : 0);
  const at = (c: C) => Date.parse(String(c.berth_arrival));
  // Among open calls the earliest is the one sailed or worked now; among closed ones the latest is the most recent.
  const isBetter = (c: C, best: C) => rank(c) < rank(best) || (rank(c) === rank(best) && (rank(c) === 0 ? at(c) < at(best) : at(c) > at(best)));
  const chosen = new Map<number, C>();
  for (const call of calls) {
    const best = chosen.get(call.vessel_id);
    if (!best || isBetter(call, best)) chosen.set(call.vessel_id, call);
  }
  return calls.filter((c) => chosen.get(c.vessel_id) === c);
}

export async function listMapPortcalls(ctx: AppContext, session: AuthSession, args: TPortcallsListArgs): Promise<TAisPortcallsList> {
  const statuses = parseStatuses(args.statuses);
  if (!(await terminalIdsOf(ctx, session.user)).includes(args.terminal_id)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  const now = ctx.clock.now();
  const calls = currentCallPerVessel(await findMapPortcalls(ctx.db, { user: session.user, terminalId: args.terminal_id, statuses, watchedOnly: args.watched_only === 'true', now }));

  const aisRows = await findAisRowsOfVessels(ctx.db, calls.map((c) => c.vessel_id));
  const aisOf = (c: (typeof calls)[number]) => aisRows.get(c.vessel_id);

  const trackHours = args.track_hours ?? 0;
  const trackMmsis = [...new Set(calls.flatMap((c) => aisOf(c)?.mmsi ?? []))];
  const tracks = trackHours > 0 ? await findTracks(ctx.db, { mmsis: trackMmsis, since: new Date(now.getTime() - trackHours * 3_600_000), maxPoints: MAX_TRACK_POINTS }) : [];
  const trackOf = new Map<string, [number, number, string][]>();
  for (const p of tracks) {
    const list = trackOf.get(p.mmsi) ?? [];
    list.push([p.latitude, p.longitude, iso(p.received_at)!]);
    trackOf.set(p.mmsi, list);
  }
  const predictions = await findPredictedBerthArrivals(ctx.db, calls.map((c) => c.portcall_id));

  return {
    terminal_id: args.terminal_id,
    generated_at: now.toISOString(),
    portcalls: calls.map((c) => {
      const ais = aisOf(c);
      return {
        portcall_id: c.portcall_id,
        terminal_id: c.terminal_id,
        status: c.status as TPortcallStatus,
        vessel_id: c.vessel_id,
        vessel_name: c.vessel_name,
        imo_number: c.imo_number,
        mmsi: c.mmsi?.trim() ?? ais?.mmsi ?? null,
        vessel_type: c.vessel_type,
        length_overall_m: Number(c.length_overall_m),
        beam_m: Number(c.beam_m),
        vessel_operator_code: c.vessel_operator_code,
        agent_code: c.agent_code,
        berth_arrival: iso(c.berth_arrival)!,
        berth_arrival_label: c.berth_arrival_label,
        berth_departure: iso(c.berth_departure)!,
        berth_departure_label: c.berth_departure_label,
        pilot_boarding_place_name: c.pilot_boarding_place_name,
        pilot_boarding_place_arrival: iso(c.pilot_boarding_place_arrival),
        previous_port_name: c.previous_port_name,
        predicted_berth_arrival: predictions.get(c.portcall_id) ?? null,
        is_watched: Boolean(c.is_watched),
        position: positionOf(ais),
        reported_destination: ais?.destination ?? null,
        reported_eta: iso(ais?.reported_eta ?? null),
        track: ais ? (trackOf.get(ais.mmsi) ?? []) : [],
      };
    }),
  };
}

/** The AIS ship-type group (ITU-R M.1371 table 53), a key the screen translates. */
export function shipTypeGroup(shipType: number | null): TAisShipTypeGroup | null {
  if (shipType === null) return null;
  if (shipType >= 20 && shipType <= 29) return 'wing_in_ground';
  if (shipType === 30) return 'fishing';
  if (shipType === 31 || shipType === 32) return 'towing';
  if (shipType === 33) return 'dredging';
  if (shipType === 34) return 'diving';
  if (shipType === 35) return 'military';
  if (shipType === 36) return 'sailing';
  if (shipType === 37) return 'pleasure';
  if (shipType >= 40 && shipType <= 49) return 'high_speed';
  if (shipType === 50) return 'pilot';
  if (shipType === 51) return 'sar';
  if (shipType === 52) return 'tug';
  if (shipType === 53) return 'port_tender';
  if (shipType === 54) return 'anti_pollution';
  if (shipType === 55) return 'law_enforcement';
  if (shipType === 58) return 'medical';
  if (shipType >= 60 && shipType <= 69) return 'passenger';
  if (shipType >= 70 && shipType <= 79) return 'cargo';
  if (shipType >= 80 && shipType <= 89) return 'tanker';
  if (shipType >= 90 && shipType <= 99) return 'other';
  return null;
}

export async function vesselCharacteristics(ctx: AppContext, session: AuthSession, vesselId: number): Promise<TAisVesselCharacteristics> {
  const vessel = await findVisibleVessel(ctx.db, { user: session.user, vesselId });
  if (!vessel) throw new AppError('NOT_FOUND', { message: 'No such vessel.' });
  const mmsi = vessel.mmsi?.trim() ?? null;
  const ais = (await findAisRowsOfVessels(ctx.db, [vessel.id])).get(vessel.id);
  return {
    vessel_id: vessel.id,
    mmsi: mmsi ?? ais?.mmsi ?? null,
    imo_number: vessel.imo_number,
    name: ais?.name ?? null,
    call_sign: ais?.call_sign ?? null,
    ship_type: ais?.ship_type ?? null,
    ship_type_group: shipTypeGroup(ais?.ship_type ?? null),
    length_m: num(ais?.length_m ?? null),
    beam_m: num(ais?.beam_m ?? null),
    draught_m: num(ais?.draught_m ?? null),
    destination: ais?.destination ?? null,
    reported_eta: iso(ais?.reported_eta ?? null),
    received_at: iso(ais?.static_received_at ?? null),
    filled_fields: ais?.filled_fields ?? [],
  };
}
