// SQL for port calls: the joined read model, the visibility filter, versioned writes, the negotiation chain and audit.
import { PRISE_DUE_SOON_WINDOW_HOURS, type TPortcallListQuery, type TShiftDetailInput } from '@quayline/domain';
import { type ExpressionBuilder, type Insertable, type Kysely, type Transaction, sql } from 'kysely';
import type { DB, PortalUser, PortcallShiftDetailsTable } from '../../db/schema';
import { predictedBerthArrivalsOf } from '../predictions/predicted-arrival.read';
import { findStoredPredictions } from '../predictions/prediction.repository';

type Db = Kysely<DB> | Transaction<DB>;

/** Who may see a port call (docs/permissions.md): own terminals for terminal operators; own organisation's calls at linked terminals for the vessel side. */
export function visibleTo(user: PortalUser) {
  return (eb: ExpressionBuilder<DB, 'portcalls'>) => {
    const linked = eb('portcalls.terminal_id', 'in', eb.selectFrom('portal_user_terminals').select('terminal_id').where('portal_user_id', '=', user.id));
    if (user.user_type === 'terminal_operator') return linked;
    const org = user.organisation_id ?? -1;
    return eb.and([linked, user.user_type === 'agent' ? eb('portcalls.agent_id', '=', org) : eb('portcalls.vessel_operator_id', '=', org)]);
  };
}

/** Which of these calls the user may see (visibleTo), for answers that draw on calls beyond the one asked about. */
export async function findVisibleCallIds(db: Db, user: PortalUser, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('portcalls').select('portcalls.id').where('portcalls.id', 'in', [...new Set(ids)]).where(visibleTo(user)).execute();
  return new Set(rows.map((r) => r.id));
}

/** Port calls with their vessel (vessels), vessel operator (vo), agent (ag) and pilot boarding place (pbp). */
export function portcallsWithParties(db: Db) {
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .innerJoin('organisations as vo', 'vo.id', 'portcalls.vessel_operator_id')
    .leftJoin('organisations as ag', 'ag.id', 'portcalls.agent_id')
    .leftJoin('pilot_boarding_places as pbp', 'pbp.id', 'portcalls.pilot_boarding_place_id');
}

/**
 * The joined read model of a call. The terminal's operator (top), its port and the call's terminal section (ts) are
 * single-row joins by primary key. With a viewer, the move of the call in the viewer's berth-planner sandbox (if any)
 * and whether the viewer froze it there come along as one small JSON value (berth_drafts is unique per user and
 * terminal, so this is an index lookup; vessel-side users have no drafts).
 */
export function selectPortcalls(db: Db, viewer?: PortalUser) {
  return portcallsWithParties(db)
    .innerJoin('terminals', 'terminals.id', 'portcalls.terminal_id')
    .innerJoin('organisations as top', 'top.id', 'terminals.terminal_operator_id')
    .innerJoin('ports as port', 'port.id', 'terminals.port_id')
    .leftJoin('terminal_sections as ts', 'ts.id', 'portcalls.terminal_section_id')
    .leftJoin('ports as prev', 'prev.id', 'portcalls.previous_port_id')
    .leftJoin('ports as next', 'next.id', 'portcalls.next_port_id')
    .selectAll('portcalls')
    .select([
      'terminals.name as terminal_name',
      'terminals.terminal_operator_id',
      'top.name as terminal_operator',
      'terminals.port_id',
      'port.name as port_name',
      'port.unlocode as port_code',
      'ts.start_position_m as section_start_position',
      'ts.end_position_m as section_end_position',
      viewer
        ? sql<TSandboxEntry | null>`(select json_build_object('draft_id', bd.id, 'change', (select e from jsonb_array_elements(bd.changes) e where (e->>'portcall_id')::int = portcalls.id limit 1),
            'frozen', portcalls.id = any(bd.frozen_portcall_ids)) from berth_drafts bd where bd.portal_user_id = ${viewer.id} and bd.terminal_id = portcalls.terminal_id)`.as('x_sandbox')
        : sql<TSandboxEntry | null>`null`.as('x_sandbox'),
      'vessels.name as vessel_name',
      'vessels.imo_number',
      'vessels.vessel_type',
      'vessels.vessel_type_detailed',
      'vessels.length_overall_m as vessel_length_overall',
      'vessels.max_draft_m as vessel_max_draft',
      'vo.code as vessel_operator_code',
      'vo.name as vessel_operator_name',
      'ag.code as agent_code',
      'pbp.name as pilot_boarding_place_name',
      'prev.unlocode as previous_port',
      'next.unlocode as next_port',
    ]);
}
export type PortcallRow = Awaited<ReturnType<ReturnType<typeof selectPortcalls>['executeTakeFirstOrThrow']>>;
/** The viewer's sandbox entry of a call: its drafted place (null when the draft holds no move of it) and whether it is frozen. */
export type TSandboxEntry = { draft_id: number; change: { berth_arrival?: string; berth_departure?: string } | null; frozen: boolean };

/**
 * One page of the list: the ids in order and the total, read from portcalls alone (joined to the vessel and its operator
 * only when a search needs their names). Joining all eight tables here cost PostgreSQL about 10 ms of planning per
 * page; the page's rows are then read by id (docs/performance.md, "The API under load").
 */
export async function findListPage(db: Db, user: PortalUser, query: TPortcallListQuery, prise: { unlocodes: readonly string[]; now: Date } = { unlocodes: [], now: new Date() }): Promise<{ ids: number[]; total: number }> {
  const priseUnlocodes = prise.unlocodes;
  const rows = await db
    .selectFrom('portcalls')
    .$if(!!query.q, (q) => q.innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id').innerJoin('organisations as vo', 'vo.id', 'portcalls.vessel_operator_id'))
    .where(visibleTo(user))
    .$if(query.terminal_id !== undefined, (q) => q.where('portcalls.terminal_id', '=', query.terminal_id!))
    .$if(query.from !== undefined, (q) => q.where('portcalls.berth_departure', '>=', new Date(query.from!)))
    .$if(query.to !== undefined, (q) => q.where('portcalls.berth_arrival', '<=', new Date(query.to!)))
    .$if(query.status !== undefined, (q) => q.where('portcalls.status', 'in', ([] as string[]).concat(query.status!)))
    .$if(query.status === undefined && query.include_cancelled === 'false', (q) => q.where('portcalls.status', '!=', 'Cancelled'))
    .$if(query.vessel_id !== undefined, (q) => q.where('portcalls.vessel_id', '=', query.vessel_id!))
    .$if(query.vessel_operator_id !== undefined, (q) => q.where('portcalls.vessel_operator_id', '=', query.vessel_operator_id!))
    .$if(query.agent_id !== undefined, (q) => q.where('portcalls.agent_id', '=', query.agent_id!))
    // The same rule as `priseStep`: at a PRISE port, still approaching, the notice not with the port authority nor approved.
    .$if(query.prise_action === 'true', (q) =>
      priseUnlocodes.length === 0
        ? q.where(sql<boolean>`false`)
        : q
            .where('portcalls.status', '=', 'Approaching')
            .where(sql<boolean>`exists (select 1 from terminals pt join ports pp on pp.id = pt.port_id where pt.id = portcalls.terminal_id and upper(pp.unlocode) in (${sql.join(priseUnlocodes.map((u) => u.toUpperCase()))}))`)
            .where(sql<boolean>`coalesce((select pn.status from prise_notices pn where pn.portcall_id = portcalls.id), 'draft') in ('draft', 'rejected')`)
            .where(
              sql<boolean>`(coalesce((select pn.status from prise_notices pn where pn.portcall_id = portcalls.id), 'draft') = 'rejected'
                or portcalls.prise_status = 'prise_info_required'
                or coalesce(portcalls.pilot_boarding_place_arrival, portcalls.berth_arrival) <= ${new Date(prise.now.getTime() + PRISE_DUE_SOON_WINDOW_HOURS * 3600_000)})`,
            ),
    )
    .$if(!!query.q, (q) => {
      const pattern = `%${query.q!.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return q.where(
        sql<boolean>`(lower(vessels.name) like ${pattern} or vessels.imo_number like ${pattern} or lower(coalesce(portcalls.voyage_number_import, '')) like ${pattern}
          or lower(coalesce(portcalls.voyage_number_export, '')) like ${pattern} or lower(coalesce(portcalls.service_name, '')) like ${pattern} or lower(vo.name) like ${pattern})`,
      );
    })
    .select(['portcalls.id', sql<number>`count(*) over ()`.as('total')])
    .orderBy('portcalls.berth_arrival')
    .orderBy('portcalls.id')
    .offset((query.page - 1) * query.per_page)
    .limit(query.per_page)
    .execute();
  if (rows.length > 0 || query.page === 1) return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
  // Past the last page the window has no row to carry the total; count it on its own.
  const counted = await findListPage(db, user, { ...query, page: 1, per_page: 1 }, prise);
  return { ids: [], total: counted.total };
}

/** Of the given calls: their port's UN/LOCODE and their PRISE notice's status (null before a notice was stored). */
export function findPriseFacts(db: Db, portcallIds: readonly number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portcalls')
    .innerJoin('terminals', 'terminals.id', 'portcalls.terminal_id')
    .innerJoin('ports', 'ports.id', 'terminals.port_id')
    .leftJoin('prise_notices', 'prise_notices.portcall_id', 'portcalls.id')
    .select(['portcalls.id', 'ports.unlocode', 'prise_notices.status as notice_status'])
    .where('portcalls.id', 'in', [...portcallIds])
    .execute();
}

export function findCargoDetails(db: Db, portcallIds: number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('portcall_cargo_details').selectAll().where('portcall_id', 'in', portcallIds).orderBy('portcall_id').orderBy('position').execute();
}
export type CargoDetailRow = Awaited<ReturnType<typeof findCargoDetails>>[number];

export function userTerminalIds(db: Db, userId: number) {
  return db.selectFrom('portal_user_terminals').select('terminal_id').where('portal_user_id', '=', userId).execute();
}

export function findTimestamps(db: Db, portcallId: number) {
  return db
    .selectFrom('portcall_timestamps as t')
    .leftJoin('portal_users as u', 'u.id', 't.created_by')
    .leftJoin('portal_users as f', 'f.id', 't.acting_for')
    .selectAll('t')
    .select(['u.first_name', 'u.last_name', 'u.user_type', 'f.first_name as for_first_name', 'f.last_name as for_last_name'])
    .where('t.portcall_id', '=', portcallId)
    .orderBy('t.id')
    .execute();
}

/** The last negotiation step of a time; a schedule proposal is news beside the chain, not a turn in it. */
export function lastTimestamp(db: Db, portcallId: number, timeType: string) {
  return db
    .selectFrom('portcall_timestamps')
    .selectAll()
    .where('portcall_id', '=', portcallId)
    .where('time_type', '=', timeType)
    .where('action', '!=', 'schedule_proposal')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function countRequests(db: Db, portcallId: number, timeType: string) {
  return db
    .selectFrom('portcall_timestamps')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('portcall_id', '=', portcallId)
    .where('time_type', '=', timeType)
    .where('action', '=', 'request')
    .executeTakeFirstOrThrow();
}

export function findAuditEvents(db: Db, args: { portcallIds: number[] | null; offset: number; limit: number }) {
  return db
    .selectFrom('portcall_audit_events as a')
    .leftJoin('portal_users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('portal_users as f', 'f.id', 'a.acting_for_user_id')
    .selectAll('a')
    .select(['u.first_name', 'u.last_name', 'u.user_type', 'f.first_name as for_first_name', 'f.last_name as for_last_name'])
    .$if(args.portcallIds !== null, (q) => q.where('a.portcall_id', 'in', args.portcallIds!.length ? args.portcallIds! : [-1]))
    .orderBy('a.id')
    .offset(args.offset)
    .limit(args.limit)
    .execute();
}

export function countAuditEvents(db: Db, portcallIds: number[]) {
  return db
    .selectFrom('portcall_audit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('portcall_id', 'in', portcallIds.length ? portcallIds : [-1])
    .executeTakeFirstOrThrow();
}

/** Equipment bookings, shift plans, berth-arrival chains and stored predictions of several calls in a handful of queries. */
export async function findPortcallExtras(db: Db, portcallIds: number[]) {
  if (portcallIds.length === 0) return { equipment: [], shifts: [], arrivalSteps: [], predictions: [] };
  const [equipment, shifts, arrivalSteps, stored] = await Promise.all([
    db
      .selectFrom('portcall_equipment_details as d')
      .innerJoin('cargo_handling_equipments as e', 'e.id', 'd.cargo_handling_equipment_id')
      .select(['d.id', 'd.portcall_id', 'd.cargo_handling_equipment_id', 'd.start_time', 'd.end_time', 'e.name as equipment_name', 'e.equipment_number'])
      .where('d.portcall_id', 'in', portcallIds)
      .orderBy('d.start_time')
      .execute(),
    db.selectFrom('portcall_shift_details').selectAll().where('portcall_id', 'in', portcallIds).orderBy('start_time').execute(),
    // One read of the berth-arrival chains serves the mapper and the predictions' reference arrival.
    db
      .selectFrom('portcall_timestamps')
      .select(['portcall_id', 'action', 'party', 'label_after', 'date_time', 'created_at'])
      .where('portcall_id', 'in', portcallIds)
      .where('time_type', '=', 'berth_arrival')
      .orderBy('id')
      .execute(),
    findStoredPredictions(db, portcallIds),
  ]);
  const predicted = predictedBerthArrivalsOf(stored, arrivalSteps);
  // The stored AIS-based prediction wins over the vessel's own estimate; the mapper falls back to the estimate.
  const predictions = [...predicted].map(([portcall_id, value]) => ({ portcall_id, value }));
  return { equipment, shifts, arrivalSteps, predictions };
}
export type PortcallExtras = Awaited<ReturnType<typeof findPortcallExtras>>;

type TJsonRow = Record<string, unknown>;
const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
const toNumeric = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
/** Timestamps inside JSON are strings and numerics numbers; these give the rows the types a plain select gives. */
function revive<T>(rows: unknown, dates: readonly string[], numerics: readonly string[] = []): T[] {
  return ((rows as TJsonRow[] | null) ?? []).map((r) => {
    const out: TJsonRow = { ...r };
    for (const k of dates) out[k] = toDate(r[k]);
    for (const k of numerics) out[k] = toNumeric(r[k]);
    return out as T;
  });
}

/**
 * Calls by id with their cargo lines, equipment, shift lines, berth-arrival chain and stored predictions folded in as
 * JSON: one query where the separate reads took six (on PGlite they queue on its one connection), for the port-call
 * list and one call (docs/performance.md, "The API under load"). Others keep findCargoDetails / findPortcallExtras.
 */
export async function findPortcallsWithDetails(db: Db, where: (qb: ReturnType<typeof selectPortcalls>) => ReturnType<typeof selectPortcalls>, forUpdate = false, viewer?: PortalUser) {
  const rows = await where(selectPortcalls(db, viewer))
    .select([
      sql<unknown>`(select json_agg(c order by c.position) from portcall_cargo_details c where c.portcall_id = portcalls.id)`.as('x_cargo'),
      sql<unknown>`(select json_agg(json_build_object('id', d.id, 'portcall_id', d.portcall_id, 'cargo_handling_equipment_id', d.cargo_handling_equipment_id,
        'start_time', d.start_time, 'end_time', d.end_time, 'equipment_name', e.name, 'equipment_number', e.equipment_number) order by d.start_time)
        from portcall_equipment_details d join cargo_handling_equipments e on e.id = d.cargo_handling_equipment_id where d.portcall_id = portcalls.id)`.as('x_equipment'),
      sql<unknown>`(select json_agg(sd order by sd.start_time) from portcall_shift_details sd where sd.portcall_id = portcalls.id)`.as('x_shifts'),
      sql<unknown>`(select json_agg(json_build_object('portcall_id', t.portcall_id, 'action', t.action, 'party', t.party, 'label_after', t.label_after,
        'date_time', t.date_time, 'created_at', t.created_at) order by t.id) from portcall_timestamps t where t.portcall_id = portcalls.id and t.time_type = 'berth_arrival')`.as('x_steps'),
      sql<unknown>`(select json_agg(json_build_object('source', pp.source, 'predicted_time', pp.predicted_time, 'last_fetched_at', pp.last_fetched_at))
        from portcall_predictions pp where pp.portcall_id = portcalls.id and (portcalls.berth_arrival_label is null or portcalls.berth_arrival_label <> 'actual'))`.as('x_predictions'),
      'terminals.preferred_prediction_source as x_preferred_prediction_source',
      sql<number | null>`(select tas.arrival_deviation_minutes from terminal_alert_settings tas where tas.terminal_id = portcalls.terminal_id)`.as('x_arrival_deviation_minutes'),
    ])
    .$if(forUpdate, (q) => q.forUpdate('portcalls'))
    .execute();
  type TStored = Awaited<ReturnType<typeof findStoredPredictions>>[number];
  const cargo: CargoDetailRow[] = [];
  const extras: PortcallExtras = { equipment: [], shifts: [], arrivalSteps: [], predictions: [] };
  const stored: TStored[] = [];
  for (const r of rows) {
    cargo.push(...revive<CargoDetailRow>(r.x_cargo, ['cargo_operations_start', 'cargo_operations_end'], ['move_count', 'discharge', 'load', 'restow', 'units_per_hour', 'crane_intensity']));
    extras.equipment.push(...revive<PortcallExtras['equipment'][number]>(r.x_equipment, ['start_time', 'end_time']));
    extras.shifts.push(...revive<PortcallExtras['shifts'][number]>(r.x_shifts, ['start_time', 'end_time']));
    extras.arrivalSteps.push(...revive<PortcallExtras['arrivalSteps'][number]>(r.x_steps, ['date_time', 'created_at']));
    for (const p of revive<{ source: string; predicted_time: Date; last_fetched_at: Date }>(r.x_predictions, ['predicted_time', 'last_fetched_at'])) {
      stored.push({ portcall_id: r.id, ...p, berth_arrival: r.berth_arrival, preferred_prediction_source: r.x_preferred_prediction_source, arrival_deviation_minutes: r.x_arrival_deviation_minutes } as TStored);
    }
  }
  extras.predictions = [...predictedBerthArrivalsOf(stored, extras.arrivalSteps)].map(([portcall_id, value]) => ({ portcall_id, value }));
  return { rows: rows as PortcallRow[], cargo, extras };
}

/** Rows of many calls split per call once, so mapping a page of thousands stays linear. */
export function perPortcall<T extends { portcall_id: number }>(rows: readonly T[]): (portcallId: number) => T[] {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.portcall_id);
    if (list) list.push(row);
    else map.set(row.portcall_id, [row]);
  }
  return (id) => map.get(id) ?? [];
}

export function extrasPerPortcall(extras: PortcallExtras): (portcallId: number) => PortcallExtras {
  const equipment = perPortcall(extras.equipment);
  const shifts = perPortcall(extras.shifts);
  const arrivalSteps = perPortcall(extras.arrivalSteps);
  const predictions = perPortcall(extras.predictions);
  return (id) => ({ equipment: equipment(id), shifts: shifts(id), arrivalSteps: arrivalSteps(id), predictions: predictions(id) });
}

/** The stored row of a shift detail, column for column (the API and the demo seed both write it). */
export function shiftDetailRow(portcallId: number, d: TShiftDetailInput): Insertable<PortcallShiftDetailsTable> {
  return {
    portcall_id: portcallId,
    terminal_shift_id: d.terminal_shift_id ?? null,
    shift_number: d.shift_number,
    start_time: d.start_time,
    end_time: d.end_time,
    cargo_type: d.cargo_type ?? null,
    cargo_sub_type: d.cargo_sub_type ?? null,
    product_name: d.product_name ?? null,
    discharge: d.discharge ?? 0,
    load: d.load ?? 0,
    restow: d.restow ?? 0,
    gangs: d.gangs ?? 0,
    resource_per_shift: d.resource_per_shift ?? null,
    comments: d.comments ?? null,
    contact_person_name: d.contact_person?.contact_person_name ?? null,
    contact_person_phone: d.contact_person?.contact_person_phone ?? null,
    contact_person_mail: d.contact_person?.contact_person_mail ?? null,
    equipment_numbers: (d.shift_equipment_details ?? []).map((e) => e.equipment_number),
    actual_moves: d.actual_moves ?? null,
  };
}

/** Another live call that has the equipment booked during [startMs, endMs), if any. */
export function findEquipmentClash(db: Db, args: { portcallId: number; equipmentId: number; startMs: number; endMs: number }) {
  return db
    .selectFrom('portcall_equipment_details as b')
    .innerJoin('portcalls as p', 'p.id', 'b.portcall_id')
    .select('b.portcall_id')
    .where('b.cargo_handling_equipment_id', '=', args.equipmentId)
    .where('b.portcall_id', '!=', args.portcallId)
    .where('p.status', '!=', 'Cancelled')
    .where('b.start_time', '<', new Date(args.endMs))
    .where('b.end_time', '>', new Date(args.startMs))
    .executeTakeFirst();
}
