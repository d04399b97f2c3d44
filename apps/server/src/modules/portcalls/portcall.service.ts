// Port-call rules: who sees and changes what, versioned writes, and times that move only through the negotiation table.
import {
  NEGOTIATED_TIMES,
  type TAuditValue,
  type TCargoDetailInput,
  type TEquipmentDetailInput,
  type TBerthPlace,
  type TPortcallField,
  type TShiftDetailInput,
  plannedVolumes,
  scaleShiftVolumes,
  volumesDiffer,
  movedInterval,
  type TFromLabel,
  type TNegotiatedTime,
  type TNegotiationAction,
  type TNegotiationRequest,
  type TPaged,
  type TParty,
  type TPortcall,
  type TPortcallCreateRequest,
  type TPortcallListQuery,
  type TPortcallUpdateRequest,
  type TTimeLabel,
  type TPortAuthorityStatus,
  priseStep,
  ZPortcallCreateRequest,
  ZShiftDetailInput,
  applyNegotiation,
  bollardsCovering,
  deriveStatus,
  pageMeta,
  partyOf,
  portcallFieldRefusal,
  portcallFieldsRefusedTo,
  quayMetres,
  sectionAt,
  introducedWindowProblems,
  validatePortcallWindow,
} from '@quayline/domain';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB, PortalUser, PortcallAuditEventsTable, PortcallTimestampsTable } from '../../db/schema';
import { storedJsonOrNull } from '../../db/stored-json';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { announcePortcallChange } from '../notifications/portcall-announcer';
import { findVesselBookingProblem } from '../vessels/vessel-booking.service';
import { shiftPlanProblems } from '../shift-planner/shift-plan-check';
import { cargoLineFigures } from './cargo-calculation';
import { toPortcall } from './portcall-mapper';
import { countRequests, extrasPerPortcall, findEquipmentClash, findListPage, findPriseFacts, findPortcallsWithDetails, lastTimestamp, perPortcall, shiftDetailRow, userTerminalIds, visibleTo } from './portcall.repository';

const TIME_COLUMNS: Record<TNegotiatedTime, TNegotiatedTime> = {
  berth_arrival: 'berth_arrival',
  berth_departure: 'berth_departure',
  pilot_boarding_place_arrival: 'pilot_boarding_place_arrival',
  pilot_boarding_place_departure: 'pilot_boarding_place_departure',
};

type Trx = Transaction<DB>;

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/;

/** A value in a form two writes of the same thing share: keys sorted, empty keys dropped, instants as milliseconds. */
function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? Date.parse(value) : value;
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, canonical(v)] as const);
    return Object.fromEntries(entries.filter(([, v]) => v !== null).sort(([a], [b]) => a.localeCompare(b)));
  }
  return value;
}

/** What a stored call holds of a field, in the shape its write takes (bookings and cards without their read-only parts). */
function storedFieldValue(call: TPortcall, field: TPortcallField): unknown {
  if (field === 'equipment_details') return call.equipment_details.map((e) => ({ cargo_handling_equipment_id: e.cargo_handling_equipment_id, start_time: e.start_time, end_time: e.end_time }));
  if (field === 'portcall_shift_details') return call.portcall_shift_details.map(({ id: _id, portcall_id: _portcall, total_resources: _total, ...card }) => ZShiftDetailInput.parse(card));
  return (call as Partial<Record<TPortcallField, unknown>>)[field];
}

/**
 * Who may write which field (PORTCALL_FIELD_PERMISSIONS in @quayline/domain, docs/permissions.md): every write of a
 * call's fields by a person passes here, from createPortcall and updatePortcallInTransaction (the edit, the berth
 * planner's moves, the sandbox's publish). A field counts as written when its value differs from what the call holds
 * (on create: from what it gets without it), so a client that sends a read-only field back unchanged is not refused;
 * a changed one is 403 naming the fields.
 */
function guardPortcallWrite(user: PortalUser, requested: Partial<Record<TPortcallField, unknown>>, held: (field: TPortcallField) => unknown): void {
  const refused = portcallFieldsRefusedTo(user.user_type).filter((field) => requested[field] !== undefined && JSON.stringify(canonical(requested[field])) !== JSON.stringify(canonical(held(field))));
  if (refused.length === 0) return;
  const message = portcallFieldRefusal(refused);
  throw new AppError('FORBIDDEN', { message, errors: refused.map((path) => ({ path, message: portcallFieldRefusal([path]) })) });
}

/** One visible port call read through the given connection or transaction (inside a transaction, never ctx.db: PGlite has one connection). */
export async function loadVisible(ctx: AppContext, db: AppContext['db'] | Trx, user: PortalUser, id: number, forUpdate = false): Promise<TPortcall> {
  const found = await findPortcallsWithDetails(db, (q) => q.where('portcalls.id', '=', id).where(visibleTo(user)), forUpdate, user);
  const row = found.rows[0];
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such port call.' });
  return toPortcall(row, found.cargo, user, found.extras, ctx.clock.now());
}

export async function listPortcalls(ctx: AppContext, session: AuthSession, query: TPortcallListQuery): Promise<TPaged<TPortcall>> {
  const pa = ctx.config.portAuthority;
  const priseUnlocodes = pa?.url ? pa.ports : [];
  const page = await findListPage(ctx.db, session.user, query, { unlocodes: priseUnlocodes, now: ctx.clock.now() });
  const items = await portcallsByIds(ctx, session.user, page.ids);
  return { items: await withPriseSteps(ctx, items, priseUnlocodes), meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount: page.total }) };
}

/** The list's PRISE column: what each call's notice waits for. */
async function withPriseSteps(ctx: AppContext, items: TPortcall[], priseUnlocodes: readonly string[]): Promise<TPortcall[]> {
  if (priseUnlocodes.length === 0) return items.map((p) => ({ ...p, prise_step: null }));
  const facts = new Map((await findPriseFacts(ctx.db, items.map((p) => p.id))).map((f) => [f.id, f]));
  const ports = new Set(priseUnlocodes.map((u) => u.toUpperCase()));
  return items.map((p) => {
    const f = facts.get(p.id);
    const isApplicable = !!f && ports.has(f.unlocode.toUpperCase());
    return { ...p, prise_step: priseStep({ isApplicable, portcallStatus: p.status, noticeStatus: (f?.notice_status ?? null) as TPortAuthorityStatus | null, priseStatus: p.prise_status, pilotBoardingPlaceArrival: p.pilot_boarding_place_arrival, berthArrival: p.berth_arrival, now: ctx.clock.now().getTime() }) };
  });
}

/**
 * Calls by id, in the order given, as `viewer` sees them (the list's read and mapping); ids gone meanwhile drop out.
 * Inside a transaction, pass it as `db`.
 */
export async function portcallsByIds(ctx: AppContext, viewer: PortalUser, ids: readonly number[], db: AppContext['db'] | Trx = ctx.db): Promise<TPortcall[]> {
  if (ids.length === 0) return [];
  const found = await findPortcallsWithDetails(db, (q) => q.where('portcalls.id', 'in', [...ids]), false, viewer);
  const byId = new Map(found.rows.map((r) => [r.id, r]));
  const cargo = perPortcall(found.cargo);
  const extras = extrasPerPortcall(found.extras);
  const now = ctx.clock.now();
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPortcall(row, cargo(id), viewer, extras(id), now)] : [];
  });
}

export function getPortcall(ctx: AppContext, session: AuthSession, id: number): Promise<TPortcall> {
  return loadVisible(ctx, ctx.db, session.user, id);
}

type Placement = {
  quayLength: number;
  vesselLength: number;
  berth_start_bollard_id: number | null;
  berth_end_bollard_id: number | null;
  terminal_section_id: number | null;
};

type TPlacementInput = { terminal_id: number; vessel_id: number; vessel_operator_id: number; agent_id?: number | null | undefined; pilot_boarding_place_id?: number | null | undefined; previous_port_id?: number | null | undefined; next_port_id?: number | null | undefined; berth_arrival: string; berth_departure: string; cargo_operations_start?: string | null | undefined; cargo_operations_end?: string | null | undefined; pilot_boarding_place_arrival?: string | null | undefined; berth_start_position?: number | null | undefined; berth_end_position?: number | null | undefined; is_bollards_linked?: boolean | undefined };

/**
 * Checks references, who may book the vessel (when the call gets one: on create, or when its vessel or operator
 * changes) and the window, and works out bollards and section from the metres when they are linked.
 */
async function resolvePlacement(
  trx: Trx,
  user: PortalUser,
  isBooking: boolean,
  p: TPlacementInput,
  /** On an edit: the call as stored, whose own problems the edit is not refused for. */
  before?: TPlacementInput,
): Promise<Placement> {
  const terminal = await trx
    .selectFrom('terminals')
    .innerJoin('portal_user_terminals as put', 'put.terminal_id', 'terminals.id')
    .select(['terminals.id', 'terminals.quay_length_m', 'terminals.port_id'])
    .where('terminals.id', '=', p.terminal_id)
    .where('put.portal_user_id', '=', user.id)
    .executeTakeFirst();
  if (!terminal) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'terminal_id', message: 'Unknown terminal' }] });
  const problems: { path: string; message: string }[] = [];
  const vessel = await trx.selectFrom('vessels').select(['id', 'length_overall_m']).where('id', '=', p.vessel_id).executeTakeFirst();
  if (!vessel) problems.push({ path: 'vessel_id', message: 'Unknown vessel' });
  const operator = await trx.selectFrom('organisations').select('id').where('id', '=', p.vessel_operator_id).where('kind', '=', 'vessel_operator').executeTakeFirst();
  if (!operator) problems.push({ path: 'vessel_operator_id', message: 'Unknown vessel operator' });
  if (p.agent_id) {
    const agent = await trx.selectFrom('organisations').select('id').where('id', '=', p.agent_id).where('kind', '=', 'agent').executeTakeFirst();
    if (!agent) problems.push({ path: 'agent_id', message: 'Unknown agent' });
  }
  if (p.pilot_boarding_place_id) {
    const pbp = await trx.selectFrom('pilot_boarding_places').select('id').where('id', '=', p.pilot_boarding_place_id).where('port_id', '=', terminal.port_id).executeTakeFirst();
    if (!pbp) problems.push({ path: 'pilot_boarding_place_id', message: 'Not a pilot boarding place of this port' });
  }
  for (const key of ['previous_port_id', 'next_port_id'] as const) {
    const id = p[key];
    if (id && !(await trx.selectFrom('ports').select('id').where('id', '=', id).executeTakeFirst())) problems.push({ path: key, message: 'Unknown port' });
  }
  if (user.user_type === 'vessel_operator' && p.vessel_operator_id !== user.organisation_id) problems.push({ path: 'vessel_operator_id', message: 'You can only book calls for your own company' });
  if (user.user_type === 'agent' && p.agent_id !== user.organisation_id) problems.push({ path: 'agent_id', message: 'You can only book calls as their agent' });
  const bookingProblem = isBooking && vessel && operator ? await findVesselBookingProblem(trx, user, { vesselId: p.vessel_id, vesselOperatorId: p.vessel_operator_id }) : null;
  if (bookingProblem) problems.push({ path: 'vessel_id', message: bookingProblem });
  const vesselLength = vessel ? Number(vessel.length_overall_m) : 0;
  const window = validatePortcallWindow({ ...p, quayLength: terminal.quay_length_m, vesselLength });
  problems.push(...(before ? introducedWindowProblems(validatePortcallWindow({ ...before, quayLength: terminal.quay_length_m, vesselLength }), window) : window));
  // A refused vessel is the answer's headline: nothing else about the call matters until it is one the user may book.
  if (problems.length) throw new AppError('VALIDATION_FAILED', { errors: problems, ...(bookingProblem ? { message: bookingProblem } : {}) });

  const hasPlace = p.berth_start_position !== null && p.berth_start_position !== undefined && p.berth_end_position !== null && p.berth_end_position !== undefined;
  const quay = hasPlace ? await findQuayLayout(trx, terminal.id) : { sections: [], bollards: [] };
  return { quayLength: terminal.quay_length_m, vesselLength, ...placeOnQuay(quay, p) };
}

export type TQuayLayout = { sections: { id: number; start_position_m: number; end_position_m: number }[]; bollards: { id: number; position_m: number }[] };

/** The terminal's sections and its bollards in quay order: what a place on the quay is worked out from. */
export async function findQuayLayout(db: Trx, terminalId: number): Promise<TQuayLayout> {
  const sections = await db.selectFrom('terminal_sections').select(['id', 'start_position_m', 'end_position_m']).where('terminal_id', '=', terminalId).execute();
  const bollards = (await db.selectFrom('bollards').select(['id', 'position_m']).where('terminal_id', '=', terminalId).orderBy('position_m').execute()).map((b) => ({ id: b.id, position_m: Number(b.position_m) }));
  return { sections, bollards };
}

/** The section a berth position starts in, and (when the call's bollards are linked) the first and last bollard it covers. */
export function placeOnQuay(quay: TQuayLayout, p: { berth_start_position?: number | null | undefined; berth_end_position?: number | null | undefined; is_bollards_linked?: boolean | undefined }): Omit<Placement, 'quayLength' | 'vesselLength'> {
  const none = { berth_start_bollard_id: null, berth_end_bollard_id: null, terminal_section_id: null };
  if (p.berth_start_position === null || p.berth_start_position === undefined || p.berth_end_position === null || p.berth_end_position === undefined) return none;
  const section = sectionAt(quay.sections, quayMetres(p.berth_start_position));
  if (p.is_bollards_linked === false) return { ...none, terminal_section_id: section?.id ?? null };
  const covering = bollardsCovering(quay.bollards, quayMetres(p.berth_start_position), quayMetres(p.berth_end_position));
  return { terminal_section_id: section?.id ?? null, berth_start_bollard_id: covering?.first.id ?? null, berth_end_bollard_id: covering?.last.id ?? null };
}

export async function audit(trx: Trx, session: AuthSession, portcallId: number, eventType: 'created' | 'revised' | 'accepted', field: string, oldValue: TAuditValue | undefined, newValue: TAuditValue | undefined, at: Date, source: string | null = null) {
  await trx.insertInto('portcall_audit_events').values(auditRow(session, portcallId, eventType, field, oldValue, newValue, at, source)).execute();
}

/** One row of the audit trail, naming both people when someone acts for a colleague; the values go in through their schema. */
export function auditRow(
  session: AuthSession,
  portcallId: number,
  eventType: 'created' | 'revised' | 'accepted',
  field: string,
  oldValue: TAuditValue | undefined,
  newValue: TAuditValue | undefined,
  at: Date,
  source: string | null = null,
): Insertable<PortcallAuditEventsTable> {
  return {
    portcall_id: portcallId,
    event_type: eventType,
    field,
    old_value: storedJsonOrNull('audit_value', oldValue),
    new_value: storedJsonOrNull('audit_value', newValue),
    actor_user_id: session.actor?.id ?? session.user.id,
    acting_for_user_id: session.actor ? session.user.id : null,
    source,
    created_at: at,
  };
}

async function replaceCargoDetails(trx: Trx, portcallId: number, details: TCargoDetailInput[] | undefined) {
  await trx.deleteFrom('portcall_cargo_details').where('portcall_id', '=', portcallId).execute();
  const rows = (details ?? []).map((d, index) => {
    // The same calculation answers calculated_cargo_details: a tier table, when given, decides the figures.
    const computed = cargoLineFigures(d);
    return {
    portcall_id: portcallId,
    position: index,
    cargo_operations_start: d.cargo_operations_start ?? null,
    cargo_operations_end: d.cargo_operations_end ?? null,
    cargo_type: d.cargo_type,
    cargo_sub_type: d.cargo_sub_type ?? null,
    product_type: d.product_type ?? null,
    move_count: d.move_count ?? 0,
    move_count_unit: d.move_count_unit ?? 'pieces',
    comment: d.comment ?? null,
    discharge: computed.discharge,
    load: computed.load,
    restow: computed.restow,
    units_per_hour: d.units_per_hour ?? null,
    crane_intensity: d.crane_intensity ?? 1,
    quantities: storedJsonOrNull('cargo_quantities', d.quantities),
  };
  });
  if (rows.length) await trx.insertInto('portcall_cargo_details').values(rows).execute();
}

/** Equipment must belong to the terminal, work inside the berth window, and not be booked by another call at the same time. */
async function replaceEquipmentDetails(trx: Trx, portcallId: number, terminalId: number, window: { from: string; to: string }, details: TEquipmentDetailInput[]) {
  const problems: { path: string; message: string }[] = [];
  for (const [i, d] of details.entries()) {
    const start = Date.parse(d.start_time);
    const end = Date.parse(d.end_time);
    if (end <= start) problems.push({ path: `equipment_details.${i}.end_time`, message: 'The booking must end after it starts' });
    if (start < Date.parse(window.from) || end > Date.parse(window.to)) problems.push({ path: `equipment_details.${i}.start_time`, message: 'Equipment works inside the berth window' });
    const equipment = await trx.selectFrom('cargo_handling_equipments').select('id').where('id', '=', d.cargo_handling_equipment_id).where('terminal_id', '=', terminalId).executeTakeFirst();
    if (!equipment) {
      problems.push({ path: `equipment_details.${i}.cargo_handling_equipment_id`, message: 'Not equipment of this terminal' });
      continue;
    }
    const clash = await findEquipmentClash(trx, { portcallId, equipmentId: d.cargo_handling_equipment_id, startMs: start, endMs: end });
    if (clash) problems.push({ path: `equipment_details.${i}.cargo_handling_equipment_id`, message: `Already booked for another port call (${clash.portcall_id}) at that time` });
  }
  if (problems.length) throw new AppError('VALIDATION_FAILED', { errors: problems });
  await trx.deleteFrom('portcall_equipment_details').where('portcall_id', '=', portcallId).execute();
  if (details.length) await trx.insertInto('portcall_equipment_details').values(details.map((d) => ({ portcall_id: portcallId, cargo_handling_equipment_id: d.cargo_handling_equipment_id, start_time: d.start_time, end_time: d.end_time }))).execute();
}

/**
 * When a call moves and the caller did not send its crane bookings and shift plans, they go along with it.
 * A booking that would then double-book its equipment is released (the move wins; the audit trail keeps the
 * old list), so a planner's drag or a published sandbox is not refused for a crane that can be re-assigned.
 */
async function takeWorkAlong(trx: Trx, session: AuthSession, current: TPortcall, place: TBerthPlace, sent: { equipment: boolean; shifts: boolean }, now: Date) {
  if (Date.parse(place.berth_arrival) === Date.parse(current.berth_arrival) && Date.parse(place.berth_departure) === Date.parse(current.berth_departure)) return;
  if (!sent.equipment && current.equipment_details.length) {
    const kept: TEquipmentDetailInput[] = [];
    for (const booking of current.equipment_details) {
      const moved = movedInterval(booking, current.berth_arrival, place);
      if (!moved) continue;
      const clash = await findEquipmentClash(trx, { portcallId: current.id, equipmentId: booking.cargo_handling_equipment_id, startMs: Date.parse(moved.start_time), endMs: Date.parse(moved.end_time) });
      if (!clash) kept.push({ cargo_handling_equipment_id: booking.cargo_handling_equipment_id, ...moved });
    }
    await replaceEquipmentDetails(trx, current.id, current.terminal_id, { from: place.berth_arrival, to: place.berth_departure }, kept);
    if (kept.length !== current.equipment_details.length) await audit(trx, session, current.id, 'revised', 'equipment_details', current.equipment_details.length, kept.length, now);
  }
  if (!sent.shifts && current.portcall_shift_details.length) {
    const shift = Date.parse(place.berth_arrival) - Date.parse(current.berth_arrival);
    const at = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
    await replaceShiftDetails(
      trx,
      current.id,
      current.portcall_shift_details.map(({ id: _id, portcall_id: _portcall, total_resources: _total, ...detail }) => ({ ...detail, start_time: at(detail.start_time), end_time: at(detail.end_time) })),
    );
  }
}

/**
 * A call's cards replaced. Cards a caller sent keep the shift planner's rules (shift-plan-check.ts, which also
 * refuses a card that ends before it starts); cards moved along with the call are not re-judged.
 */
export async function replaceShiftDetails(trx: Trx, portcallId: number, details: readonly TShiftDetailInput[], check?: { terminalId: number; stay: { from: number; to: number } }) {
  const problems = check
    ? await shiftPlanProblems(trx, { terminalId: check.terminalId, portcallId, stay: check.stay, details })
    : details.flatMap((d, i) => (Date.parse(d.end_time) <= Date.parse(d.start_time) ? [{ path: `portcall_shift_details.${i}.end_time`, message: 'A shift ends after it starts' }] : []));
  if (problems.length) throw new AppError('VALIDATION_FAILED', { errors: problems });
  await trx.deleteFrom('portcall_shift_details').where('portcall_id', '=', portcallId).execute();
  if (!details.length) return;
  await trx.insertInto('portcall_shift_details').values(details.map((d) => shiftDetailRow(portcallId, d))).execute();
}

/** Volume sync from the cargo side: the call's cards are rescaled to the new cargo totals (docs/shift-planner.md). */
async function shiftVolumesFollowCargo(trx: Trx, portcallId: number) {
  const cards = await trx.selectFrom('portcall_shift_details').selectAll().where('portcall_id', '=', portcallId).orderBy('start_time').execute();
  if (cards.length === 0) return;
  const cargo = await trx.selectFrom('portcall_cargo_details').select(['discharge', 'load', 'restow']).where('portcall_id', '=', portcallId).execute();
  const target = plannedVolumes(cargo.map((c) => ({ discharge: Number(c.discharge), load: Number(c.load), restow: Number(c.restow) })));
  const timed = cards.map((c) => ({ ...c, start_time: new Date(c.start_time).toISOString(), end_time: new Date(c.end_time).toISOString() }));
  if (!volumesDiffer(plannedVolumes(timed), target)) return;
  for (const card of scaleShiftVolumes(timed, target)) {
    await trx.updateTable('portcall_shift_details').set({ discharge: card.discharge, load: card.load, restow: card.restow }).where('id', '=', card.id).execute();
  }
}

export function statusOf(p: { cancelled: boolean; labels: Record<TNegotiatedTime, TTimeLabel | null>; cargoStart: Date | null; now: Date }) {
  return deriveStatus({
    isCancelled: p.cancelled,
    berthArrivalLabel: p.labels.berth_arrival,
    berthDepartureLabel: p.labels.berth_departure,
    pilotArrivalLabel: p.labels.pilot_boarding_place_arrival,
    cargoOperationsStarted: !!p.cargoStart && p.cargoStart.getTime() <= p.now.getTime(),
  });
}

export async function createPortcall(ctx: AppContext, session: AuthSession, input: TPortcallCreateRequest): Promise<TPortcall> {
  const user = session.user;
  const body = ZPortcallCreateRequest.parse(input);
  const party = partyOf(user.user_type);
  // A new call holds what it gets without the fields the user may not write: their defaults, or nothing.
  const refusable = new Set<string>(portcallFieldsRefusedTo(user.user_type));
  const withoutThem = ZPortcallCreateRequest.parse(Object.fromEntries(Object.entries(input).filter(([field]) => !refusable.has(field))));
  guardPortcallWrite(user, input, (field) => withoutThem[field]);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const placement = await resolvePlacement(trx, user, true, body);
    const action: TNegotiationAction = party === 'terminal' ? 'plan' : 'request';
    const label: TTimeLabel = party === 'terminal' ? 'planned' : 'requested';
    const change = party === 'terminal' ? 'created' : 'newly created';
    const timeValue = (t: TNegotiatedTime) => body[TIME_COLUMNS[t]] ?? null;
    const labels = Object.fromEntries(NEGOTIATED_TIMES.map((t) => [t, timeValue(t) ? label : null])) as Record<TNegotiatedTime, TTimeLabel | null>;
    const { cargo_details, equipment_details, portcall_shift_details, ...fields } = body;
    const row = await trx
      .insertInto('portcalls')
      .values({
        ...fields,
        agent_id: fields.agent_id ?? null,
        pilot_boarding_place_id: fields.pilot_boarding_place_id ?? null,
        pilot_boarding_place_arrival: fields.pilot_boarding_place_arrival ?? null,
        pilot_boarding_place_departure: fields.pilot_boarding_place_departure ?? null,
        cargo_operations_start: fields.cargo_operations_start ?? null,
        cargo_operations_end: fields.cargo_operations_end ?? null,
        berth_start_position: fields.berth_start_position ?? null,
        berth_end_position: fields.berth_end_position ?? null,
        berth_orientation: fields.berth_orientation ?? null,
        service_name: fields.service_name ?? null,
        voyage_number_import: fields.voyage_number_import ?? null,
        voyage_number_export: fields.voyage_number_export ?? null,
        previous_port_id: fields.previous_port_id ?? null,
        next_port_id: fields.next_port_id ?? null,
        comment: fields.comment ?? null,
        berth_comment: fields.berth_comment ?? null,
        move_count_comments: fields.move_count_comments ?? null,
        // Left out, the call's cargo type is its first cargo line's (docs/portcalls.md).
        cargo_type: fields.cargo_type ?? cargo_details[0]?.cargo_type ?? null,
        berth_start_bollard_id: placement.berth_start_bollard_id,
        berth_end_bollard_id: placement.berth_end_bollard_id,
        terminal_section_id: placement.terminal_section_id,
        status: statusOf({ cancelled: false, labels, cargoStart: null, now }),
        berth_arrival_label: labels.berth_arrival,
        berth_arrival_change_label: change,
        berth_departure_label: labels.berth_departure,
        berth_departure_change_label: change,
        pilot_boarding_place_arrival_label: labels.pilot_boarding_place_arrival,
        pilot_boarding_place_arrival_change_label: labels.pilot_boarding_place_arrival ? change : null,
        pilot_boarding_place_departure_label: labels.pilot_boarding_place_departure,
        pilot_boarding_place_departure_change_label: labels.pilot_boarding_place_departure ? change : null,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceCargoDetails(trx, row.id, cargo_details);
    await replaceEquipmentDetails(trx, row.id, body.terminal_id, { from: body.berth_arrival, to: body.berth_departure }, equipment_details);
    await replaceShiftDetails(trx, row.id, portcall_shift_details, { terminalId: body.terminal_id, stay: { from: Date.parse(body.berth_arrival), to: Date.parse(body.berth_departure) } });
    for (const t of NEGOTIATED_TIMES) {
      const value = timeValue(t);
      if (!value) continue;
      await trx
        .insertInto('portcall_timestamps')
        .values({ portcall_id: row.id, time_type: t, action, classifier: party === 'terminal' ? 'PLN' : 'REQ', party, date_time: value, label_after: label, previous_label: null, change_label_after: change, reply_to_id: null, delay_reason_code: null, remark: null, created_by: session.actor?.id ?? user.id, acting_for: session.actor ? user.id : null, created_at: now })
        .execute();
    }
    await audit(trx, session, row.id, 'created', 'portcall', null, { vessel_id: body.vessel_id, berth_arrival: body.berth_arrival, berth_departure: body.berth_departure }, now);
    await announcePortcallChange(trx, session, await loadVisible(ctx, trx, user, row.id), { auditType: 'created', field: 'portcall', action }, now);
    return row.id;
  });
  return loadVisible(ctx, ctx.db, user, id);
}

async function conflict(ctx: AppContext, user: PortalUser, id: number): Promise<never> {
  throw new AppError('CONFLICT', { current: await loadVisible(ctx, ctx.db, user, id) });
}

/** Applies one negotiation step to one time inside the caller's transaction and returns the new label and value. */
async function negotiateStep(trx: Trx, session: AuthSession, current: TPortcall, step: TStep, now: Date, source: string | null = null): Promise<TStepOutcome> {
  const last = await lastTimestamp(trx, current.id, step.time);
  const requests = await countRequests(trx, current.id, step.time);
  const { party, result, currentLabel } = decideStep(session, current, step, last, Number(requests.n));
  const currentValue = current[step.time];
  let value: string | null = currentValue;
  if (result.transition.takesTime) {
    value = new Date(step.date_time!).toISOString();
  } else if (result.transition.to === 'previous') {
    // A rejection restores the value the time had before the step it rejects.
    const before = await trx
      .selectFrom('portcall_timestamps')
      .select('date_time')
      .where('portcall_id', '=', current.id)
      .where('time_type', '=', step.time)
      .where('id', '<', last?.id ?? 0)
      .where('date_time', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    value = before?.date_time ? new Date(before.date_time).toISOString() : currentValue;
  }
  const written = stepRows({ session, party, current, step, result, currentLabel, value, replyToId: last?.id ?? null, now, source });
  await trx.insertInto('portcall_timestamps').values(written.timestamp).execute();
  await trx.insertInto('portcall_audit_events').values(written.audit).execute();
  return written.outcome;
}

type TStep = { time: TNegotiatedTime; action: TNegotiationAction; date_time?: string | undefined; delay_reason_code?: string | undefined; remark?: string | undefined };
type TStepOutcome = { label: TTimeLabel | null; change: string | null; value: string | null; cancelsCall: boolean; audit: 'created' | 'revised' | 'accepted'; action: TNegotiationAction };

/**
 * What the negotiation table says to one step, given the time's last step and how many requests it had: refused
 * (403 for the wrong side, 422 for a step the time's state does not allow) or the transition to write.
 */
export function decideStep(session: AuthSession, current: TPortcall, step: TStep, last: { previous_label: string | null; party: string } | undefined, requestCount: number) {
  const party: TParty = partyOf(session.user.user_type);
  const currentLabel: TFromLabel = current[`${step.time}_state`].label ?? 'none';
  const result = applyNegotiation({ label: currentLabel, previousLabel: (last?.previous_label as TFromLabel | null) ?? 'none', lastParty: (last?.party as TParty | undefined) ?? null, isFirstRequest: requestCount === 0 }, step.action, party);
  if (!result.ok) {
    if (result.reason === 'wrong_party') throw new AppError('FORBIDDEN', { message: result.message });
    throw new AppError('VALIDATION_FAILED', { message: result.message, httpStatus: 422, errors: [{ path: step.time, message: result.message }] });
  }
  if (result.transition.takesTime && !step.date_time) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'date_time', message: `${step.action} needs a date and time` }] });
  return { party, result, currentLabel };
}

/** The negotiation step's row and its audit row, and what the time becomes. */
export function stepRows(args: {
  session: AuthSession;
  party: TParty;
  current: TPortcall;
  step: TStep;
  result: Extract<ReturnType<typeof applyNegotiation>, { ok: true }>;
  currentLabel: TFromLabel;
  value: string | null;
  replyToId: number | null;
  now: Date;
  source?: string | null;
}): { timestamp: Insertable<PortcallTimestampsTable>; audit: Insertable<PortcallAuditEventsTable>; outcome: TStepOutcome } {
  const { session, current, step, result, value, now } = args;
  const source = args.source ?? null;
  const stateKey = `${step.time}_state` as const;
  const label = result.to === 'none' ? null : result.to;
  const change = result.change ?? current[stateKey].change_label;
  const timestamp: Insertable<PortcallTimestampsTable> = {
    portcall_id: current.id,
    time_type: step.time,
    action: step.action,
    classifier: result.transition.classifier,
    party: args.party,
    date_time: result.transition.takesTime ? value : null,
    label_after: label,
    previous_label: args.currentLabel === 'none' ? null : args.currentLabel,
    change_label_after: change,
    reply_to_id: args.replyToId,
    delay_reason_code: step.delay_reason_code ?? null,
    remark: step.remark ?? null,
    created_by: session.actor?.id ?? session.user.id,
    acting_for: session.actor ? session.user.id : null,
    source,
    created_at: now,
  };
  const audit = auditRow(session, current.id, result.transition.audit, step.time, { value: current[step.time], label: current[stateKey].label }, { value, label, action: step.action }, now, source);
  const cancelsCall = step.time === 'berth_arrival' && (label === 'cancelled' || label === 'cancel_accepted');
  return { timestamp, audit, outcome: { label, change, value, cancelsCall, audit: result.transition.audit, action: step.action } };
}

async function writeTimes(trx: Trx, session: AuthSession, current: TPortcall, steps: Map<TNegotiatedTime, Awaited<ReturnType<typeof negotiateStep>>>, extra: Record<string, unknown>, now: Date, expectedVersion: number) {
  const labels = Object.fromEntries(NEGOTIATED_TIMES.map((t) => [t, steps.get(t)?.label ?? current[`${t}_state`].label])) as Record<TNegotiatedTime, TTimeLabel | null>;
  const cancelled = current.status === 'Cancelled' || [...steps.values()].some((s) => s.cancelsCall);
  const set: Record<string, unknown> = { ...extra };
  for (const [time, step] of steps) {
    set[time] = step.value;
    set[`${time}_label`] = step.label;
    set[`${time}_change_label`] = step.change;
  }
  const cargoStart = (extra.cargo_operations_start as string | null | undefined) ?? current.cargo_operations_start;
  set.status = statusOf({ cancelled, labels, cargoStart: cargoStart ? new Date(cargoStart) : null, now });
  if (cancelled && current.status !== 'Cancelled') {
    set.cancelled_by = session.user.id;
    set.cancelled_at = now;
  }
  const updated = await trx
    .updateTable('portcalls')
    .set({ ...(set as object), version: sql`version + 1`, updated_at: now })
    .where('id', '=', current.id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** `source` marks a step a person took on a machine's word (an AIS-detected time applied by the planner). */
export async function negotiatePortcall(ctx: AppContext, session: AuthSession, id: number, body: TNegotiationRequest, source: string | null = null): Promise<TPortcall> {
  if (!(await negotiateInTransaction(ctx, session, id, () => body, source))) return conflict(ctx, session.user, id);
  return loadVisible(ctx, ctx.db, session.user, id);
}

/**
 * The same step, decided from the call as it is under the transaction's lock (the caller needs no read of its own
 * beforehand and no stale version is possible), for callers that do not answer with the call: a JIT timestamp.
 */
export async function negotiatePortcallFromCurrent(ctx: AppContext, session: AuthSession, id: number, decide: (current: TPortcall) => TNegotiationRequest, source: string | null = null): Promise<void> {
  if (!(await negotiateInTransaction(ctx, session, id, decide, source))) await conflict(ctx, session.user, id);
}

async function negotiateInTransaction(ctx: AppContext, session: AuthSession, id: number, decide: (current: TPortcall) => TNegotiationRequest, source: string | null): Promise<boolean> {
  const user = session.user;
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const current = await loadVisible(ctx, trx, user, id, true);
    const body = decide(current);
    if (current.version !== body.version) return false;
    if (current.status === 'Cancelled') throw new AppError('VALIDATION_FAILED', { httpStatus: 422, message: 'The port call is cancelled.' });
    if ((body.time === 'pilot_boarding_place_arrival' || body.time === 'pilot_boarding_place_departure') && !current.pilot_boarding_place_id && body.action !== 'estimate') {
      throw new AppError('VALIDATION_FAILED', { httpStatus: 422, errors: [{ path: 'pilot_boarding_place_id', message: 'Choose a pilot boarding place first' }] });
    }
    const step = await negotiateStep(trx, session, current, body, now, source);
    if (step.value && (body.time === 'berth_arrival' || body.time === 'berth_departure')) {
      const arrival = body.time === 'berth_arrival' ? step.value : current.berth_arrival;
      const departure = body.time === 'berth_departure' ? step.value : current.berth_departure;
      if (Date.parse(departure) <= Date.parse(arrival)) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'date_time', message: 'Berth departure must be after berth arrival' }] });
    }
    if (!(await writeTimes(trx, session, current, new Map([[body.time, step]]), {}, now, body.version))) return false;
    await announcePortcallChange(trx, session, await loadVisible(ctx, trx, user, id), { auditType: step.audit, field: body.time, action: step.action, value: step.value }, now);
    return true;
  });
}

/** The update inside a caller's transaction (the sandbox publishes many in one); false means the version was stale. */
export async function updatePortcallInTransaction(ctx: AppContext, trx: Trx, session: AuthSession, id: number, body: TPortcallUpdateRequest): Promise<boolean> {
  const user = session.user;
  const party = partyOf(user.user_type);
  const now = ctx.clock.now();
  const current = await loadVisible(ctx, trx, user, id, true);
  if (current.version !== body.version) return false;
  if (current.status === 'Cancelled') throw new AppError('VALIDATION_FAILED', { httpStatus: 422, message: 'A cancelled port call cannot be changed.' });
  const { version: _version, ...fields } = body;
  assertFieldsWritable(user, current, fields);
  const { cargo_details, equipment_details, portcall_shift_details, ...changes } = fields;
  const merged = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as TPortcall;
  const isVesselChanged = merged.vessel_id !== current.vessel_id || merged.vessel_operator_id !== current.vessel_operator_id;
  const placement = await resolvePlacement(trx, user, isVesselChanged, { ...merged, terminal_id: current.terminal_id }, current);

  const steps = new Map<TNegotiatedTime, Awaited<ReturnType<typeof negotiateStep>>>();
  for (const { time, value } of movedTimes(current, changes)) {
    steps.set(time, await negotiateStep(trx, session, current, { time, action: movedTimeAction(party, current[`${time}_state`].label), date_time: value }, now));
  }
  const plain = changedPlainFields(current, changes);
  // A write that changes nothing commits no version: every version of a call is a change its audit trail explains.
  if (steps.size === 0 && plain.length === 0 && !cargo_details && !equipment_details && !portcall_shift_details) return true;
  const extra: Record<string, unknown> = {};
  for (const { key, before, value } of plain) {
    extra[key] = value;
    await audit(trx, session, id, 'revised', key, before, value, now);
  }
  Object.assign(extra, { berth_start_bollard_id: placement.berth_start_bollard_id, berth_end_bollard_id: placement.berth_end_bollard_id, terminal_section_id: placement.terminal_section_id });
  if (cargo_details) {
    await replaceCargoDetails(trx, id, cargo_details);
    await audit(trx, session, id, 'revised', 'cargo_details', current.cargo_details.length, cargo_details.length, now);
  }
  if (equipment_details) {
    const window = { from: steps.get('berth_arrival')?.value ?? merged.berth_arrival, to: steps.get('berth_departure')?.value ?? merged.berth_departure };
    await replaceEquipmentDetails(trx, id, current.terminal_id, window, equipment_details);
    await audit(trx, session, id, 'revised', 'equipment_details', current.equipment_details.length, equipment_details.length, now);
  }
  const place = { berth_arrival: steps.get('berth_arrival')?.value ?? merged.berth_arrival, berth_departure: steps.get('berth_departure')?.value ?? merged.berth_departure };
  await takeWorkAlong(trx, session, current, place, { equipment: equipment_details !== undefined, shifts: portcall_shift_details !== undefined }, now);
  if (cargo_details && !portcall_shift_details && merged.sync_shift_cargo_volumes) await shiftVolumesFollowCargo(trx, id);
  if (portcall_shift_details) {
    await replaceShiftDetails(trx, id, portcall_shift_details, { terminalId: current.terminal_id, stay: { from: Date.parse(place.berth_arrival), to: Date.parse(place.berth_departure) } });
    await audit(trx, session, id, 'revised', 'portcall_shift_details', current.portcall_shift_details.length, portcall_shift_details.length, now);
  }
  if (!(await writeTimes(trx, session, current, steps, extra, now, body.version))) return false;
  const [firstTime, firstStep] = [...steps.entries()][0] ?? [];
  const change = firstStep && firstTime ? { auditType: firstStep.audit, field: firstTime, action: firstStep.action, value: firstStep.value } : { auditType: 'revised' as const, field: Object.keys(extra).filter((k) => !k.endsWith('_id') || k === 'agent_id').join(',') || 'details' };
  await announcePortcallChange(trx, session, await loadVisible(ctx, trx, user, id), change, now);
  return true;
}

/** guardPortcallWrite against what the call holds now: the check a live edit and a published sandbox's moves share. */
export function assertFieldsWritable(user: PortalUser, current: TPortcall, fields: Partial<Record<TPortcallField, unknown>>): void {
  guardPortcallWrite(user, fields, (field) => storedFieldValue(current, field));
}

/** The negotiated times a write sets to a new instant; unset, or the same instant written another way, is no step. */
export function movedTimes(current: TPortcall, changes: object): { time: TNegotiatedTime; value: string }[] {
  return NEGOTIATED_TIMES.flatMap((time) => {
    const next = (changes as Partial<Record<TNegotiatedTime, string | null>>)[time];
    if (next === undefined || next === null) return [];
    if (current[time] && Date.parse(next) === Date.parse(current[time])) return [];
    return [{ time, value: next }];
  });
}

/** The plain fields (not the negotiated times) a write changes, each with its value before: each is an audit row. */
export function changedPlainFields(current: TPortcall, changes: object): { key: string; before: TAuditValue | undefined; value: TAuditValue }[] {
  return Object.entries(changes as Record<string, TAuditValue | undefined>).flatMap(([key, value]) => {
    if ((NEGOTIATED_TIMES as readonly string[]).includes(key) || value === undefined) return [];
    const before = (current as unknown as Record<string, TAuditValue>)[key];
    return JSON.stringify(before) === JSON.stringify(value) ? [] : [{ key, before, value }];
  });
}

/** The step a time set to a new value becomes: the vessel side requests; the terminal plans, proposes, records the actual or revises. */
export function movedTimeAction(party: TParty, label: TTimeLabel | null): TNegotiationAction {
  if (party === 'vessel_side') return 'request';
  return label === null ? 'plan' : label === 'requested' ? 'propose' : label === 'actual' ? 'actual' : 'revise';
}

/** Plain fields are written as given; a changed time becomes the negotiation step that fits the caller's side. */
export async function updatePortcall(ctx: AppContext, session: AuthSession, id: number, body: TPortcallUpdateRequest): Promise<TPortcall> {
  const ok = await ctx.db.transaction().execute((trx) => updatePortcallInTransaction(ctx, trx, session, id, body));
  if (!ok) return conflict(ctx, session.user, id);
  return loadVisible(ctx, ctx.db, session.user, id);
}

/** The terminal cancels at once; the vessel side asks, and the terminal accepts or refuses through the negotiation. */
export async function cancelPortcall(ctx: AppContext, session: AuthSession, id: number, body: { version: number; remark?: string | undefined }): Promise<TPortcall> {
  const action: TNegotiationAction = partyOf(session.user.user_type) === 'terminal' ? 'cancel' : 'request_cancel';
  return negotiatePortcall(ctx, session, id, { time: 'berth_arrival', action, version: body.version, ...(body.remark ? { remark: body.remark } : {}) });
}

export async function terminalIdsOf(ctx: AppContext, user: PortalUser): Promise<number[]> {
  return (await userTerminalIds(ctx.db, user.id)).map((r) => r.terminal_id);
}
