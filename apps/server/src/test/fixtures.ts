// Small builders for test rows: each test makes the users and terminals it needs, so no two tests share rows.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, OrganisationKind } from '../db/schema';
import { hashPassword } from '../lib/passwords';

export const TEST_PASSWORD = 'Harbour-Test-2026!';
let passwordHashCache: Promise<string> | null = null;

function unique(): string {
  return randomBytes(5).toString('hex');
}

export async function createTerminal(db: Kysely<DB>): Promise<{ id: number }> {
  const suffix = unique();
  const port = await db.insertInto('ports').values({ unlocode: `DE${suffix.slice(0, 3).toUpperCase().replace(/[^A-Z2-9]/g, 'X')}`, name: `Port ${suffix}`, country_code: 'DE', time_zone: 'Europe/Berlin', latitude: null, longitude: null }).onConflict((oc) => oc.column('unlocode').doUpdateSet({ name: `Port ${suffix}` })).returning('id').executeTakeFirstOrThrow();
  const org = await db.insertInto('organisations').values({ kind: 'terminal_operator', code: `T${suffix}`, name: `Terminal operator ${suffix}` }).returning('id').executeTakeFirstOrThrow();
  return db
    .insertInto('terminals')
    .values({ code: `TERM-${suffix}`, name: `Terminal ${suffix}`, port_id: port.id, terminal_operator_id: org.id, quay_length_m: 1000, tide_station: null, latitude: null, longitude: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createUser(
  db: Kysely<DB>,
  options: { userType?: OrganisationKind; password?: string; passwordExpiresAt?: Date | null; terminalIds?: number[]; locale?: string; email?: string; organisationId?: number | null } = {},
): Promise<{ id: number; email: string; password: string }> {
  const password = options.password ?? TEST_PASSWORD;
  const passwordHash = password === TEST_PASSWORD ? await (passwordHashCache ??= hashPassword(TEST_PASSWORD)) : await hashPassword(password);
  const email = options.email ?? `user.${unique()}@test.quayline.test`;
  const row = await db
    .insertInto('portal_users')
    .values({
      email,
      password_hash: passwordHash,
      password_expires_at: options.passwordExpiresAt ?? null,
      user_type: options.userType ?? 'terminal_operator',
      organisation_id: options.organisationId ?? null,
      first_name: 'Test',
      last_name: 'User',
      selected_locale: options.locale ?? 'en',
      last_used_terminal_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const terminalId of options.terminalIds ?? []) await db.insertInto('portal_user_terminals').values({ portal_user_id: row.id, terminal_id: terminalId }).execute();
  return { id: row.id, email, password };
}

export async function loginAs(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { username: email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return (res.json() as { payload: { token: string } }).payload.token;
}

// ---- master data --------------------------------------------------------------------------------------

const UNLOCODE_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789';

/** A random, well-formed UN/LOCODE: two letters and three letters or digits 2-9. */
export function randomUnlocode(countryCode = 'ZZ'): string {
  const bytes = randomBytes(3);
  return countryCode + Array.from(bytes, (b) => UNLOCODE_LETTERS[b % UNLOCODE_LETTERS.length]).join('');
}

export async function createPort(db: Kysely<DB>, options: { name?: string; unlocode?: string; countryCode?: string } = {}): Promise<{ id: number; unlocode: string; name: string }> {
  const name = options.name ?? `Port ${unique()}`;
  const insert = (unlocode: string) =>
    db
      .insertInto('ports')
      .values({ unlocode, name, country_code: unlocode.slice(0, 2), time_zone: 'Europe/Berlin', latitude: null, longitude: null })
      .returning(['id', 'unlocode', 'name']);
  if (options.unlocode) return insert(options.unlocode).executeTakeFirstOrThrow();
  // 39,304 random codes a country: a test making a hundred ports draws the same one now and then; draw again.
  for (;;) {
    const created = await insert(randomUnlocode(options.countryCode)).onConflict((oc) => oc.column('unlocode').doNothing()).executeTakeFirst();
    if (created) return created;
  }
}

export async function createOrganisation(db: Kysely<DB>, kind: OrganisationKind, options: { name?: string; code?: string } = {}): Promise<{ id: number; code: string; name: string }> {
  const suffix = unique();
  return db
    .insertInto('organisations')
    .values({ kind, code: options.code ?? `O${suffix}`.toUpperCase(), name: options.name ?? `Organisation ${suffix}` })
    .returning(['id', 'code', 'name'])
    .executeTakeFirstOrThrow();
}

/**
 * Gives a terminal made by createTerminal (1000 m of quay) a geometry: three sections, a bollard every 50 m
 * from 10 m, two shifts, two cranes, three pieces of equipment and two pilot boarding places at its port.
 */
export async function addTerminalGeometry(db: Kysely<DB>, terminalId: number) {
  const terminal = await db.selectFrom('terminals').select(['port_id']).where('id', '=', terminalId).executeTakeFirstOrThrow();
  const sections = await db
    .insertInto('terminal_sections')
    .values([
      { terminal_id: terminalId, name: 'North berth', berth_type: 'Berth', start_position_m: 0, end_position_m: 400, water_depth_m: 15.5 },
      { terminal_id: terminalId, name: 'Buffer', berth_type: 'Buffer Zone', start_position_m: 400, end_position_m: 450, water_depth_m: 12 },
      { terminal_id: terminalId, name: 'South berth', berth_type: 'Berth', start_position_m: 450, end_position_m: 1000, water_depth_m: 13.25 },
    ])
    .returning(['id', 'name'])
    .execute();
  const bollards = await db
    .insertInto('bollards')
    .values(Array.from({ length: 20 }, (_, i) => ({ terminal_id: terminalId, name: `P${String(i + 1).padStart(2, '0')}`, position_m: 10 + i * 50 })))
    .returning(['id', 'name', 'position_m'])
    .execute();
  await db
    .insertInto('terminal_shifts')
    .values([
      { terminal_id: terminalId, shift_number: 1, name: 'Day', start_time: '06:00', end_time: '18:00' },
      { terminal_id: terminalId, shift_number: 2, name: 'Night', start_time: '18:00', end_time: '06:00' },
    ])
    .execute();
  const cranes = await db
    .insertInto('terminal_cranes')
    .values([
      { terminal_id: terminalId, name: 'QC 1', outreach_rows: 22, moves_per_hour: 30, rail_start_m: 0, rail_end_m: 600 },
      { terminal_id: terminalId, name: 'QC 2', outreach_rows: 22, moves_per_hour: 30, rail_start_m: 0, rail_end_m: 600 },
    ])
    .returning(['id', 'name'])
    .execute();
  const equipment = await db
    .insertInto('cargo_handling_equipments')
    .values([
      { terminal_id: terminalId, name: 'Harbour crane', equipment_type: 'Mobile harbour crane', equipment_number: 'MHC-1' },
      { terminal_id: terminalId, name: 'Reach stacker north', equipment_type: 'Reach stacker', equipment_number: 'RS-1' },
      { terminal_id: terminalId, name: 'Reach stacker south', equipment_type: 'Reach stacker', equipment_number: 'RS-2' },
    ])
    .returning(['id', 'name', 'equipment_number'])
    .execute();
  const pilotBoardingPlaces = await db
    .insertInto('pilot_boarding_places')
    .values([
      { port_id: terminal.port_id, name: `Outer pilot station ${unique()}`, sailing_time_to_berth_minutes: 240, latitude: 54, longitude: 8 },
      { port_id: terminal.port_id, name: `Inner pilot station ${unique()}`, sailing_time_to_berth_minutes: 40, latitude: null, longitude: null },
    ])
    .returning(['id', 'name'])
    .execute();
  return { portId: terminal.port_id, sections, bollards, cranes, equipment, pilotBoardingPlaces };
}

export async function createVessel(
  db: Kysely<DB>,
  options: { name?: string; imoNumber?: string; mmsi?: string | null; vesselOperatorId?: number | null; vesselType?: string } = {},
): Promise<{ id: number; name: string; imo_number: string; mmsi: string | null }> {
  const insert = () =>
    db
      .insertInto('vessels')
      .values({
        name: options.name ?? `VESSEL ${unique().toUpperCase()}`,
        imo_number: options.imoNumber ?? randomImo(),
        mmsi: options.mmsi === undefined ? randomDigits(9) : options.mmsi,
        call_sign: null,
        flag: 'DE',
        vessel_type: options.vesselType ?? 'CONTAINER',
        length_overall_m: 199.9,
        beam_m: 32.2,
        max_draft_m: 11.5,
        gross_tonnage: 25_000,
        vessel_operator_id: options.vesselOperatorId ?? null,
      })
      .returning(['id', 'name', 'imo_number', 'mmsi']);
  if (options.imoNumber !== undefined && options.mmsi !== undefined) return insert().executeTakeFirstOrThrow();
  // 900,000 IMO numbers: a test file making sixty vessels in its database draws one twice about once in 500 runs (a
  // suite run failed on it); draw again, as createPort does.
  for (let attempt = 0; ; attempt++) {
    const created = await insert().onConflict((oc) => oc.doNothing()).executeTakeFirst();
    if (created) return created;
    if (attempt === 20) throw new Error(`createVessel: no free IMO number or MMSI for ${JSON.stringify(options)}`);
  }
}

/**
 * The operator names the agency as agent of one of its calls (at a terminal and with a vessel of its own, so no
 * test's terminal or vessel sees it): from then on the agency acts for the operator and may book the operator's
 * vessels (packages/domain/src/vessel-booking.ts).
 */
export async function appointAgency(db: Kysely<DB>, args: { agencyId: number; vesselOperatorId: number }): Promise<void> {
  const elsewhere = await createTerminal(db);
  const vessel = await createVessel(db, { vesselOperatorId: args.vesselOperatorId });
  const longAgo = new Date(Date.now() - 400 * 86_400_000);
  await db
    .insertInto('portcalls')
    .values({ terminal_id: elsewhere.id, vessel_id: vessel.id, vessel_operator_id: args.vesselOperatorId, agent_id: args.agencyId, status: 'Departed', berth_arrival: longAgo, berth_departure: new Date(longAgo.getTime() + 86_400_000), berth_arrival_label: 'actual' })
    .execute();
}

function randomDigits(length: number): string {
  return Array.from(randomBytes(length), (b) => String(b % 10)).join('');
}

/** A random IMO number with a correct check digit (first digit 1-9). */
export function randomImo(): string {
  const firstSix = String(1 + (randomBytes(1)[0]! % 9)) + randomDigits(5);
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(firstSix[i]) * (7 - i);
  return firstSix + String(sum % 10);
}

export type ApiCall = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/** A new user, signed in; `call` sends requests under /api/portal/v1 with their token. */
export async function signIn(app: FastifyInstance, db: Kysely<DB>, options: Parameters<typeof createUser>[1] = {}): Promise<{ user: { id: number; email: string }; token: string; call: ApiCall }> {
  const user = await createUser(db, options);
  const token = await loginAs(app, user.email);
  const call: ApiCall = (method, url, payload) =>
    app.inject({ method, url: `/api/portal/v1${url}`, headers: { 'x-portal-token': token }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { user, token, call };
}

/**
 * Another carrier beside the world's own: a vessel operator with a vessel, the fields that book a call for it (no agent),
 * and `book`, which creates a call as the given person and must succeed. Clash tests put its call where ours wants to lie.
 */
export async function createOtherCarrier(db: Kysely<DB>, bookAs: ApiCall) {
  const operator = await createOrganisation(db, 'vessel_operator');
  const vessel = await createVessel(db, { vesselOperatorId: operator.id });
  const booking = { vessel_id: vessel.id, vessel_operator_id: operator.id, agent_id: null };
  const book = async (body: Record<string, unknown>): Promise<{ id: number }> => {
    const res = await bookAs('POST', '/portcalls', body);
    if (res.statusCode !== 201) throw new Error(`POST /portcalls answered ${res.statusCode}: ${res.body}`);
    return (res.json() as { payload: { id: number } }).payload;
  };
  return { operator, vessel, booking, book };
}
