// Writes the demo terminal, its master data and the demo users into an empty database.
import { type Kysely, type Transaction, sql } from 'kysely';
import { hashPassword } from '../lib/passwords';
import type { DB } from '../db/schema';
import {
  DEMO_AGENTS,
  DEMO_SEED,
  DEMO_CARGO_HANDLING_EQUIPMENT,
  DEMO_SHIFT_CONTACTS,
  demoNonWorkingTimes,
  DEMO_PASSWORD,
  DEMO_PORTS,
  DEMO_TERMINAL,
  DEMO_TERMINAL_OPERATOR,
  DEMO_USERS,
  DEMO_VESSEL_OPERATORS,
  demoBollards,
  demoCraneEquipment,
  demoCranes,
  demoVessels,
} from './demo-data';
import { seedDemoHistory } from './seed-history';
import { seedDemoPortcalls } from './seed-portcalls';
import { seedDemoVoyages } from './seed-voyages';
import { seedDemoPrise } from './seed-prise';
import { storedJson } from '../db/stored-json';

const DAY_MS = 86_400_000;

export async function isDatabaseEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('portal_users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export async function seedDemoIfEmpty(db: Kysely<DB>, now = new Date()): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute((trx) => seedDemo(trx, passwordHash, now));
  return true;
}

async function seedDemo(trx: Transaction<DB>, passwordHash: string, now: Date): Promise<void> {
  const ports = await trx
    .insertInto('ports')
    .values(DEMO_PORTS.map(([unlocode, name, country_code, time_zone, latitude, longitude]) => ({ unlocode, name, country_code, time_zone, latitude, longitude })))
    .returning(['id', 'unlocode'])
    .execute();
  const hamburg = ports.find((p) => p.unlocode === 'DEHAM')!;

  const terminalOperator = await trx.insertInto('organisations').values({ kind: 'terminal_operator', ...DEMO_TERMINAL_OPERATOR }).returning('id').executeTakeFirstOrThrow();
  const vesselOperators = await trx
    .insertInto('organisations')
    .values(DEMO_VESSEL_OPERATORS.map((o) => ({ kind: 'vessel_operator' as const, ...o })))
    .returning('id')
    .execute();
  const agents = await trx
    .insertInto('organisations')
    .values(DEMO_AGENTS.map((o) => ({ kind: 'agent' as const, ...o })))
    .returning('id')
    .execute();

  const t = DEMO_TERMINAL;
  const terminal = await trx
    .insertInto('terminals')
    .values({
      code: t.code,
      name: t.name,
      port_id: hamburg.id,
      terminal_operator_id: terminalOperator.id,
      time_zone: t.time_zone,
      quay_length_m: t.quay_length_m,
      min_clearance_m: t.min_clearance_m,
      tide_station: t.tide_station,
      latitude: t.latitude,
      longitude: t.longitude,
      quay_origin_latitude: t.quay.origin_latitude,
      quay_origin_longitude: t.quay.origin_longitude,
      quay_bearing_deg: t.quay.bearing_deg,
      quay_water_side: t.quay.water_side,
      ais_actuals_mode: t.ais_actuals_mode,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await trx
    .insertInto('terminal_sections')
    .values(t.sections.map((s) => ({ terminal_id: terminal.id, name: s.name, berth_type: s.berth_type, start_position_m: s.start, end_position_m: s.end, water_depth_m: s.depth })))
    .execute();
  await trx.insertInto('bollards').values(demoBollards(t.quay_length_m).map((b) => ({ terminal_id: terminal.id, ...b }))).execute();
  await trx.insertInto('terminal_cranes').values(demoCranes().map((c) => ({ terminal_id: terminal.id, ...c }))).execute();
  await trx.insertInto('terminal_shifts').values(t.shifts.map((s) => ({ terminal_id: terminal.id, ...s, names: storedJson('localized_names', s.names) }))).execute();
  await trx.insertInto('terminal_delay_reasons').values(t.delayReasons.map((r) => ({ terminal_id: terminal.id, ...r, names: storedJson('localized_names', r.names) }))).execute();
  const nonWorking = demoNonWorkingTimes(now, t.time_zone);
  await trx.insertInto('terminal_non_working_times').values(nonWorking.map((n) => ({ terminal_id: terminal.id, ...n }))).execute();
  await trx.insertInto('cargo_handling_equipments').values(DEMO_CARGO_HANDLING_EQUIPMENT.map((e) => ({ terminal_id: terminal.id, ...e }))).execute();
  const craneEquipment = await trx
    .insertInto('cargo_handling_equipments')
    .values(demoCraneEquipment().map((e) => ({ terminal_id: terminal.id, ...e })))
    .returning(['id', 'equipment_number'])
    .execute();
  const rails = new Map(demoCranes().map((c) => [c.name, c]));

  // The quay-wall repair starts three days after seeding so it is in view on the planner's default window.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  await trx
    .insertInto('blocked_zones')
    .values({ terminal_id: terminal.id, reason: 'Quay wall repair (fender replacement)', start_position_m: 1100, end_position_m: 1250, starts_at: new Date(today + 3 * DAY_MS + 5 * 3600_000), ends_at: new Date(today + 6 * DAY_MS + 5 * 3600_000) })
    .execute();

  await trx
    .insertInto('pilot_boarding_places')
    .values(t.pilotBoardingPlaces.map((p) => ({ port_id: hamburg.id, name: p.name, names: storedJson('localized_names', p.names), sailing_time_to_berth_minutes: p.minutes, latitude: p.lat, longitude: p.lng, geofence_radius_m: p.geofenceRadiusM })))
    .execute();

  await trx
    .insertInto('vessels')
    .values(
      demoVessels().map(({ operatorIndex, ...v }) => ({ ...v, vessel_operator_id: vesselOperators[operatorIndex]!.id })),
    )
    .execute();

  const orgFor = { terminal: terminalOperator.id, vessel_operator: vesselOperators[0]!.id, agent: agents[0]!.id } as const;
  const users = await trx
    .insertInto('portal_users')
    .values(
      DEMO_USERS.map((u) => ({
        email: u.email,
        password_hash: passwordHash,
        password_expires_at: u.expired ? new Date(now.getTime() - DAY_MS) : null,
        user_type: u.user_type,
        organisation_id: orgFor[u.org],
        first_name: u.first_name,
        last_name: u.last_name,
        selected_locale: u.locale,
        last_used_terminal_id: terminal.id,
      })),
    )
    .returning('id')
    .execute();
  await trx
    .insertInto('portal_user_terminals')
    .values(users.map((u) => ({ portal_user_id: u.id, terminal_id: terminal.id })))
    .execute();

  const userId = (email: string) => users[DEMO_USERS.findIndex((u) => u.email === email)]!.id;
  await seedDemoPortcalls(
    trx,
    {
      terminalId: terminal.id,
      quayLength: t.quay_length_m,
      clearance: t.min_clearance_m,
      sections: await trx.selectFrom('terminal_sections').select(['id', 'start_position_m', 'end_position_m', 'water_depth_m', 'berth_type']).where('terminal_id', '=', terminal.id).orderBy('start_position_m').execute(),
      blockZones: await trx.selectFrom('blocked_zones').select(['id', 'start_position_m', 'end_position_m', 'starts_at', 'ends_at']).where('terminal_id', '=', terminal.id).execute(),
      bollards: await trx.selectFrom('bollards').select(['id', 'position_m']).where('terminal_id', '=', terminal.id).orderBy('position_m').execute(),
      vessels: await trx.selectFrom('vessels').select(['id', 'length_overall_m', 'max_draft_m', 'vessel_type', 'vessel_operator_id']).orderBy('id').execute(),
      operators: vesselOperators.map((o, i) => ({ id: o.id, code: DEMO_VESSEL_OPERATORS[i]!.code })),
      agentIds: agents.map((a) => a.id),
      pbpIds: (await trx.selectFrom('pilot_boarding_places').select('id').where('port_id', '=', hamburg.id).orderBy('id').execute()).map((p) => p.id),
      portIds: ports.filter((p) => p.unlocode !== 'DEHAM').map((p) => p.id),
      portIdOf: (unlocode) => ports.find((p) => p.unlocode === unlocode)?.id,
      timeZone: t.time_zone,
      shifts: await trx.selectFrom('terminal_shifts').select(['id', 'shift_number', 'name', 'start_time', 'end_time', 'gangs_available']).where('terminal_id', '=', terminal.id).orderBy('shift_number').execute(),
      shiftContacts: DEMO_SHIFT_CONTACTS,
      nonWorking: nonWorking.map((n) => ({ start: n.starts_at.getTime(), end: n.ends_at.getTime() })),
      cranes: craneEquipment.map((e) => ({ equipmentId: e.id, number: e.equipment_number, railStart: rails.get(e.equipment_number)!.rail_start_m, railEnd: rails.get(e.equipment_number)!.rail_end_m })),
      terminalUserId: userId('terminal.operator@demo.quayline.test'),
      vesselUserId: userId('vessel.operator@demo.quayline.test'),
      agentUserId: userId('agent@demo.quayline.test'),
    },
    now,
    DEMO_SEED,
  );
  await seedDemoHistory(trx, terminal.id, now, DEMO_SEED + 2);
  await seedDemoVoyages(trx, { terminalId: terminal.id, terminalUserId: userId('terminal.operator@demo.quayline.test'), now });
  await seedDemoPrise(trx, { terminalId: terminal.id, terminalUserId: userId('terminal.operator@demo.quayline.test'), agentOrganisationId: agents[0]!.id, now });
  // Freshly filled tables have no planner statistics, and PGlite has no autovacuum to gather them: without these the KPI
  // queries over the year of history pick nested loops and take minutes instead of milliseconds.
  await sql`analyze`.execute(trx);
}
