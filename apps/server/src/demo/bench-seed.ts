// Stress data for `npm run bench:planner`: thousands of port calls on the demo terminal over the planner's default
// 28-day window. Overlaps are wanted (the planner must draw clashes fast too), so nothing here is planned by rules.
import { bollardsCovering, createRng, deriveStatus, quayMetres, type TTimeLabel } from '@quayline/domain';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB, PortcallCargoDetailsTable, PortcallsTable } from '../db/schema';
import { DEMO_SEED, DEMO_TERMINAL } from './demo-data';

const H = 3_600_000;
const DAY = 24 * H;
/** Rows per INSERT: large enough to be quick on PGlite, small enough to stay far below the bind-parameter limit. */
const BATCH = 500;

export const BENCH_PORTCALL_COUNT = 2_000;

export type TBenchSeedOptions = {
  count?: number;
  now?: Date;
  /** Where the 28-day window lies (7 days before it to 21 after); now by default. Labels and status follow `now`. */
  anchor?: Date;
  /** Different from the demo seed, so the bench calls do not repeat the demo's sequence. */
  seed?: number;
  /** Prefix of the voyage numbers, so blocks of history written by `seedBenchHistory` stay apart. */
  voyagePrefix?: string;
};

/** Days one block of `seedBenchHistory` covers: the bench seed's own window. */
export const BENCH_BLOCK_DAYS = 28;

/**
 * Years of history for `npm run bench:scale`: blocks of `BENCH_PORTCALL_COUNT` calls, block 0 the bench seed's window
 * around now and block k the same window k times 28 days earlier (departed calls with actual times). Writes blocks
 * `from` to `to - 1`, so a database can be grown in steps; returns how many calls were written.
 */
export async function seedBenchHistory(db: Kysely<DB>, { from, to, now = new Date(), perBlock = BENCH_PORTCALL_COUNT }: { from: number; to: number; now?: Date; perBlock?: number }): Promise<number> {
  let written = 0;
  for (let block = from; block < to; block++) {
    written += await seedBenchPortcalls(db, { count: perBlock, now, anchor: new Date(now.getTime() - block * BENCH_BLOCK_DAYS * DAY), seed: DEMO_SEED + 1 + block, voyagePrefix: block ? `H${block}-` : 'B' });
  }
  return written;
}

/** Adds `count` port calls to the already seeded demo terminal; returns how many were written. */
export async function seedBenchPortcalls(db: Kysely<DB>, { count = BENCH_PORTCALL_COUNT, now = new Date(), anchor = now, seed = DEMO_SEED + 1, voyagePrefix = 'B' }: TBenchSeedOptions = {}): Promise<number> {
  const terminal = await db.selectFrom('terminals').select(['id', 'quay_length_m']).where('code', '=', DEMO_TERMINAL.code).executeTakeFirst();
  if (!terminal) throw new Error(`The demo terminal ${DEMO_TERMINAL.code} is missing; seed the demo first.`);
  const [sections, bollards, vessels, agents, author] = await Promise.all([
    db.selectFrom('terminal_sections').select(['id', 'start_position_m', 'end_position_m']).where('terminal_id', '=', terminal.id).orderBy('start_position_m').execute(),
    db.selectFrom('bollards').select(['id', 'position_m']).where('terminal_id', '=', terminal.id).orderBy('position_m').execute(),
    db.selectFrom('vessels').select(['id', 'vessel_type', 'vessel_operator_id']).where('vessel_operator_id', 'is not', null).orderBy('id').execute(),
    db.selectFrom('organisations').select('id').where('kind', '=', 'agent').orderBy('id').execute(),
    db.selectFrom('portal_users').select('id').where('email', '=', 'terminal.operator@demo.quayline.test').executeTakeFirst(),
  ]);
  if (vessels.length === 0) throw new Error('The demo vessels are missing; seed the demo first.');
  const bollardMetres = bollards.map((b) => ({ id: b.id, position_m: Number(b.position_m) }));

  const rng = createRng(seed);
  const nowMs = now.getTime();
  const windowStart = Math.floor(anchor.getTime() / H) * H - 7 * DAY;
  const windowHours = 28 * 24;
  let written = 0;
  for (let batchStart = 0; batchStart < count; batchStart += BATCH) {
    const size = Math.min(BATCH, count - batchStart);
    const calls: Insertable<PortcallsTable>[] = [];
    const cargo: { moves: number; isContainer: boolean; start: Date; end: Date }[] = [];
    for (let i = 0; i < size; i++) {
      const vessel = rng.pick(vessels);
      const stayHours = rng.int(6, 60);
      const arrival = windowStart + rng.int(0, windowHours - stayHours) * H;
      const departure = arrival + stayHours * H;
      const length = rng.int(120, 400);
      const from = rng.int(0, Math.floor((terminal.quay_length_m - length) / 5)) * 5;
      const to = from + length;
      const covering = bollardsCovering(bollardMetres, quayMetres(from), quayMetres(to));
      const isPast = departure < nowMs;
      const isAlongside = arrival <= nowMs && nowMs < departure;
      const arrivalLabel: TTimeLabel = isPast || isAlongside ? 'actual' : rng.pick(['requested', 'planned', 'accepted', 'estimated'] as const);
      const departureLabel: TTimeLabel = isPast ? 'actual' : arrivalLabel === 'actual' ? 'accepted' : arrivalLabel;
      const cargoStart = arrival + 2 * H;
      const cargoEnd = Math.max(cargoStart + H, departure - 2 * H);
      const isContainer = vessel.vessel_type === 'CONTAINER';
      calls.push({
        terminal_id: terminal.id,
        vessel_id: vessel.id,
        vessel_operator_id: vessel.vessel_operator_id!,
        agent_id: agents.length && rng.chance(0.85) ? rng.pick(agents).id : null,
        status: deriveStatus({ isCancelled: false, berthArrivalLabel: arrivalLabel, berthDepartureLabel: departureLabel, pilotArrivalLabel: null, cargoOperationsStarted: cargoStart <= nowMs }),
        berth_arrival: new Date(arrival),
        berth_departure: new Date(departure),
        berth_arrival_label: arrivalLabel,
        berth_arrival_change_label: 'created',
        berth_departure_label: departureLabel,
        berth_departure_change_label: 'created',
        pilot_boarding_place_id: null,
        pilot_boarding_place_arrival: null,
        pilot_boarding_place_arrival_label: null,
        pilot_boarding_place_arrival_change_label: null,
        pilot_boarding_place_departure: null,
        pilot_boarding_place_departure_label: null,
        pilot_boarding_place_departure_change_label: null,
        cargo_operations_start: new Date(cargoStart),
        cargo_operations_end: new Date(cargoEnd),
        berth_start_position: from,
        berth_end_position: to,
        berth_start_bollard_id: covering?.first.id ?? null,
        berth_end_bollard_id: covering?.last.id ?? null,
        terminal_section_id: sections.find((s) => s.start_position_m <= from && from < s.end_position_m)?.id ?? null,
        berth_orientation: rng.pick(['Starboard', 'Port'] as const),
        service_name: isContainer ? rng.pick(['AEX1', 'NEU4', 'Baltic Loop', 'TA2', 'FEX']) : null,
        voyage_number_import: `${voyagePrefix}${String(batchStart + i + 1).padStart(4, '0')}W`,
        voyage_number_export: `${voyagePrefix}${String(batchStart + i + 1).padStart(4, '0')}E`,
        draft_inbound: rng.int(60, 140) / 10,
        draft_outbound: rng.int(60, 140) / 10,
        previous_port_id: null,
        next_port_id: null,
        comment: null,
        berth_comment: null,
        move_count_comments: null,
        cargo_quantity_status: isPast ? 'Actual' : 'Draft',
        move_count_unit: isContainer ? 'pieces' : 'tons',
        move_count_containers: 0,
        card_colour: rng.pick(['default', 'default', 'blue', 'cyan', 'green', 'orange']),
        zone: null,
        prise_status: null,
        prise_message: null,
        prise_code: null,
        voyage_id: null,
        voyage_name: null,
        dcsa_port_call_id: null,
        dcsa_terminal_call_id: null,
        cancelled_by: null,
        cancelled_at: null,
        created_by: author?.id ?? null,
        updated_at: now,
      });
      cargo.push({ moves: isContainer ? rng.int(300, 3200) : rng.int(20, 400), isContainer, start: new Date(cargoStart), end: new Date(cargoEnd) });
    }
    const ids = await db.insertInto('portcalls').values(calls).returning('id').execute();
    const details: Insertable<PortcallCargoDetailsTable>[] = ids.map(({ id }, i) => {
      const c = cargo[i]!;
      const discharge = Math.round(c.moves / 2);
      return {
        portcall_id: id,
        position: 0,
        cargo_operations_start: c.start,
        cargo_operations_end: c.end,
        cargo_type: c.isContainer ? 'Container (boxes)' : 'General',
        cargo_sub_type: null,
        product_type: null,
        move_count: c.moves,
        move_count_unit: c.isContainer ? 'pieces' : 'tons',
        comment: null,
        discharge,
        load: c.moves - discharge,
        restow: 0,
        units_per_hour: c.isContainer ? 28 : 120,
        crane_intensity: c.isContainer ? 3 : 1,
      };
    });
    await db.insertInto('portcall_cargo_details').values(details).execute();
    written += ids.length;
  }
  return written;
}
