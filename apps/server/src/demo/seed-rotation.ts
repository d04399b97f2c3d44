// Which vessel makes which demo call, so the demo reads like a real terminal's schedule: a liner vessel calls once per
// rotation of its service, on the service's weekday, and every other vessel calls at most once a week. Shared by the
// live calls (seed-portcalls.ts) and the year of history (seed-history.ts), so a vessel never calls twice in a few
// days, nor overlaps herself, anywhere in the demo. Also the gangs a shift can man, so no demo shift is overbooked.
import { type TLocalDay, type TShiftOccurrence, addLocalDays, localDateOf, localTimeToInstant } from '@quayline/domain';
import { DEMO_SERVICES, type TDemoService } from './demo-data';

const H = 3_600_000;
const DAY = 24 * H;

/**
 * The rule the demo keeps (seed-demo.test.ts checks it): two calls of one vessel at the terminal arrive at least this
 * many days apart. The demo's services are weekly, so a liner vessel calls every 7 days or more; a call may be a day
 * early or late against its schedule, which leaves at least 5 days.
 */
export const MIN_DAYS_BETWEEN_CALLS = 5;
/** Nominal arrivals of one vessel lie at least a week apart; each call then moves less than a day either way. */
export const NOMINAL_GAP_MS = 7 * DAY;
/** How far a call's final arrival may lie from its nominal one (negotiation and quay placement together). */
export const MAX_DRIFT_MS = 22 * H;

type TVesselLike = { id: number; vessel_type: string; vessel_operator_id: number | null };

/** The vessels that sail a service: the operator's container vessels, lowest ids first, as its template lists them. */
export function serviceFleet<V extends TVesselLike>(service: TDemoService, vessels: readonly V[], operatorId: number | undefined): V[] {
  if (operatorId === undefined) return [];
  return vessels
    .filter((v) => v.vessel_operator_id === operatorId && v.vessel_type === 'CONTAINER')
    .sort((a, b) => a.id - b.id)
    .slice(0, service.fleetSize);
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a local day. */
export function isoWeekday(d: TLocalDay): number {
  return ((new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7) + 1;
}

export type TLinerCall<V> = { vessel: V; service: TDemoService; arrival: number; dwellHours: number };

/**
 * Every call of every service whose arrival lies in [from, to): on the service's weekday and local time, every
 * `intervalWeeks` weeks, its vessels in turn. The week is counted from a fixed day, so a date has the same vessel
 * whether it is history or live.
 */
export function linerCalls<V extends TVesselLike>(args: { from: number; to: number; timeZone: string; vessels: readonly V[]; operatorIdOf: (code: string) => number | undefined }): TLinerCall<V>[] {
  const out: TLinerCall<V>[] = [];
  for (const service of DEMO_SERVICES) {
    const fleet = serviceFleet(service, args.vessels, args.operatorIdOf(service.operator));
    if (fleet.length === 0) continue;
    for (let d = addLocalDays(localDateOf(args.from, args.timeZone), -1); ; d = addLocalDays(d, 1)) {
      const arrival = localTimeToInstant(d, service.arrivalTime, args.timeZone);
      if (arrival >= args.to) break;
      if (arrival < args.from || isoWeekday(d) !== service.weekday) continue;
      const week = Math.floor(Date.UTC(d.year, d.month - 1, d.day) / (7 * DAY));
      if (week % service.intervalWeeks !== 0) continue;
      out.push({ vessel: fleet[Math.floor(week / service.intervalWeeks) % fleet.length]!, service, arrival, dwellHours: service.stayHours });
    }
  }
  return out.sort((a, b) => a.arrival - b.arrival);
}

/**
 * A liner call's voyage number, from the week of its nominal arrival: a vessel calls at most once a week, so it is
 * unique per vessel and service, and the history and the live calls number their voyages alike.
 */
export function voyageNumberOf(nominalArrival: number, service: TDemoService): string {
  // Each service counts from its own base, so two services' voyages of one week do not share a number.
  const base = DEMO_SERVICES.findIndex((s) => s.code === service.code) * 180;
  return String(((Math.floor(nominalArrival / (7 * DAY)) + base) % 900) + 100);
}

/** Nominal arrivals per vessel, to keep every vessel's calls a week apart. */
export class VesselCalendar {
  private readonly arrivals = new Map<number, number[]>();

  add(vesselId: number, arrival: number): void {
    this.arrivals.set(vesselId, [...(this.arrivals.get(vesselId) ?? []), arrival]);
  }

  isFree(vesselId: number, arrival: number, gapMs = NOMINAL_GAP_MS): boolean {
    return (this.arrivals.get(vesselId) ?? []).every((a) => Math.abs(a - arrival) >= gapMs);
  }

  /** A random vessel of the pool free at this arrival, or null when every one calls too close to it. */
  pick<V extends { id: number }>(pool: readonly V[], arrival: number, pickOne: (free: readonly V[]) => V, gapMs = NOMINAL_GAP_MS): V | null {
    const free = pool.filter((v) => this.isFree(v.id, arrival, gapMs));
    if (free.length === 0) return null;
    const vessel = pickOne(free);
    this.add(vessel.id, arrival);
    return vessel;
  }
}

/**
 * The gangs still free in each shift occurrence, against the terminal's gangs per shift: a call takes its gangs in
 * every shift it works, and never more than the tightest of them has left, so no demo shift is planned above capacity.
 */
export class GangLedger {
  private readonly used = new Map<number, number>();
  constructor(private readonly capacity: (shiftNumber: number) => number) {}

  free(occurrences: readonly TShiftOccurrence[]): number {
    if (occurrences.length === 0) return 0;
    return Math.max(0, Math.min(...occurrences.map((o) => this.capacity(o.shift_number) - (this.used.get(o.start) ?? 0))));
  }

  take(occurrences: readonly TShiftOccurrence[], gangs: number): void {
    for (const o of occurrences) this.used.set(o.start, (this.used.get(o.start) ?? 0) + gangs);
  }
}

/** The shift occurrences a cargo window works in. */
export function workedOccurrences(occurrences: readonly TShiftOccurrence[], from: number, to: number): TShiftOccurrence[] {
  return occurrences.filter((o) => o.start < to && o.end > from);
}
