// SQL for voyages and voyage templates: who sees which (docs/voyage-center.md "Who sees what"), the read models, filters.
import type { TVoyageListQuery } from '@quayline/domain';
import { type ExpressionBuilder, type Kysely, type Transaction, sql } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { containsPattern } from '../../lib/search-pattern';
import { visibleTo } from '../portcalls/portcall.repository';

type Db = Kysely<DB> | Transaction<DB>;

const linkedTerminals = (eb: ExpressionBuilder<DB, never>, user: PortalUser) =>
  eb.selectFrom('portal_user_terminals').select('portal_user_terminals.terminal_id').where('portal_user_terminals.portal_user_id', '=', user.id);

/** Terminal operators: voyages calling at their terminals; vessel operators: their company's; agents: those with a call they act for. */
export function voyageVisibleTo(user: PortalUser) {
  return (eb: ExpressionBuilder<DB, 'voyages'>) => {
    const linked = eb('voyages.terminal_id', 'in', linkedTerminals(eb as unknown as ExpressionBuilder<DB, never>, user));
    if (user.user_type === 'terminal_operator') return linked;
    const org = user.organisation_id ?? -1;
    if (user.user_type === 'vessel_operator') return eb.and([linked, eb('voyages.vessel_operator_id', '=', org)]);
    return eb.and([linked, eb.exists(eb.selectFrom('portcalls').select('portcalls.id').whereRef('portcalls.voyage_id', '=', 'voyages.id').where('portcalls.agent_id', '=', org))]);
  };
}

/** Templates: all of the terminal's for its operators, their own company's for vessel operators, those behind an agent's calls. */
export function templateVisibleTo(user: PortalUser) {
  return (eb: ExpressionBuilder<DB, 'voyage_templates'>) => {
    const linked = eb('voyage_templates.terminal_id', 'in', linkedTerminals(eb as unknown as ExpressionBuilder<DB, never>, user));
    if (user.user_type === 'terminal_operator') return linked;
    const org = user.organisation_id ?? -1;
    if (user.user_type === 'vessel_operator') return eb.and([linked, eb('voyage_templates.vessel_operator_id', '=', org)]);
    return eb.and([
      linked,
      eb.exists(
        eb
          .selectFrom('voyages')
          .innerJoin('portcalls', 'portcalls.voyage_id', 'voyages.id')
          .select('voyages.id')
          .whereRef('voyages.template_id', '=', 'voyage_templates.id')
          .where('portcalls.agent_id', '=', org),
      ),
    ]);
  };
}

/** Some schedule time or linked call departure still lies ahead of `now`. */
function isAhead(eb: ExpressionBuilder<DB, 'voyages'>, now: Date) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('voyage_schedule_rows as r')
        .select('r.id')
        .whereRef('r.voyage_id', '=', 'voyages.id')
        .where((w) => w.or([w('r.arrival', '>', now), w('r.departure', '>', now)])),
    ),
    // Said outright so the planner may read the voyages' calls from their partial index (migration 0043).
    eb.exists(eb.selectFrom('portcalls as pa').select('pa.id').whereRef('pa.voyage_id', '=', 'voyages.id').where('pa.voyage_id', 'is not', null).where('pa.berth_departure', '>', now)),
  ]);
}

export function selectVoyages(db: Db, now: Date) {
  return db
    .selectFrom('voyages')
    .innerJoin('vessels', 'vessels.id', 'voyages.vessel_id')
    .innerJoin('organisations as vo', 'vo.id', 'voyages.vessel_operator_id')
    .leftJoin('voyage_templates as vt', 'vt.id', 'voyages.template_id')
    .selectAll('voyages')
    .select((eb) => [
      'vessels.name as vessel_name',
      'vessels.imo_number',
      'vo.name as vessel_operator_name',
      'vo.code as vessel_operator_code',
      'vt.name as template_name',
      sql<string | null>`to_char(voyages.template_occurrence, 'YYYY-MM-DD')`.as('template_occurrence_text'),
      eb.not(isAhead(eb, now)).as('is_departed'),
    ]);
}
export type VoyageRow = Awaited<ReturnType<ReturnType<typeof selectVoyages>['executeTakeFirstOrThrow']>>;

export function applyVoyageFilters(query: TVoyageListQuery, now: Date) {
  return <QB extends ReturnType<typeof selectVoyages>>(qb: QB): QB =>
    qb
      .where((eb) => (query.state === 'current' ? isAhead(eb, now) : eb.not(isAhead(eb, now))))
      .$if(query.terminal_id !== undefined, (q) => q.where('voyages.terminal_id', '=', query.terminal_id!))
      .$if(!!query.service, (q) => q.where((eb) => eb.or([eb('voyages.service_name', 'ilike', containsPattern(query.service!)), eb('voyages.service_code', 'ilike', containsPattern(query.service!))])))
      .$if(query.vessel_id !== undefined, (q) => q.where('voyages.vessel_id', '=', query.vessel_id!))
      .$if(query.vessel_operator_id !== undefined, (q) => q.where('voyages.vessel_operator_id', '=', query.vessel_operator_id!))
      .$if(query.source !== undefined, (q) => q.where('voyages.source', '=', query.source!))
      .$if(query.sync !== undefined, (q) => q.where('voyages.schedule_syncable', '=', query.sync === 'active'))
      .$if(query.template_id !== undefined, (q) => q.where('voyages.template_id', '=', query.template_id!)) as QB;
}

/** First scheduled time of each voyage, the list's sort key. */
export const firstScheduledTime = sql<Date | null>`(select min(coalesce(r.arrival, r.departure)) from voyage_schedule_rows r where r.voyage_id = voyages.id)`;

export function findScheduleRows(db: Db, voyageIds: number[]) {
  if (voyageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('voyage_schedule_rows as r')
    .innerJoin('ports', 'ports.id', 'r.port_id')
    .selectAll('r')
    .select(['ports.name as port_name', 'ports.unlocode'])
    .where('r.voyage_id', 'in', voyageIds)
    .orderBy('r.voyage_id')
    .orderBy('r.sequence')
    .execute();
}
export type ScheduleRowRow = Awaited<ReturnType<typeof findScheduleRows>>[number];

/** The voyages' port calls the user may see, with the number of open schedule proposals of each. */
export function findVoyagePortcalls(db: Db, user: PortalUser, voyageIds: number[]) {
  if (voyageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portcalls')
    .select((eb) => [
      'portcalls.id',
      'portcalls.voyage_id',
      'portcalls.version',
      'portcalls.status',
      'portcalls.berth_arrival',
      'portcalls.berth_departure',
      'portcalls.berth_arrival_label',
      'portcalls.berth_arrival_change_label',
      'portcalls.berth_departure_label',
      'portcalls.berth_departure_change_label',
      'portcalls.schedule_syncable',
      eb.selectFrom('schedule_proposals as sp').select((s) => s.fn.countAll<string>().as('n')).whereRef('sp.portcall_id', '=', 'portcalls.id').where('sp.status', '=', 'open').as('open_schedule_proposals'),
    ])
    .where('portcalls.voyage_id', 'in', voyageIds)
    .where(visibleTo(user))
    .orderBy('portcalls.berth_arrival')
    .execute();
}
export type VoyagePortcallRow = Awaited<ReturnType<typeof findVoyagePortcalls>>[number];

export function selectTemplates(db: Db, now: Date) {
  return db
    .selectFrom('voyage_templates')
    .innerJoin('organisations as vo', 'vo.id', 'voyage_templates.vessel_operator_id')
    .selectAll('voyage_templates')
    .select((eb) => [
      'vo.name as vessel_operator_name',
      // Dates as text: node-postgres would turn a date into local midnight, PGlite into UTC midnight.
      sql<string>`to_char(voyage_templates.valid_from, 'YYYY-MM-DD')`.as('valid_from_text'),
      sql<string | null>`to_char(voyage_templates.valid_to, 'YYYY-MM-DD')`.as('valid_to_text'),
      sql<string | null>`to_char(voyage_templates.generated_until, 'YYYY-MM-DD')`.as('generated_until_text'),
      eb
        .selectFrom('voyages')
        .innerJoin('voyage_schedule_rows as r', 'r.voyage_id', 'voyages.id')
        .select((s) => s.fn.countAll<string>().as('n'))
        .whereRef('voyages.template_id', '=', 'voyage_templates.id')
        .where('r.is_terminal_call', '=', true)
        .where('r.arrival', '>', now)
        .as('future_voyages'),
    ]);
}
export type TemplateRow = Awaited<ReturnType<ReturnType<typeof selectTemplates>['executeTakeFirstOrThrow']>>;

export function findPorts(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('ports').select(['id', 'name', 'unlocode', 'time_zone']).where('id', 'in', ids).execute();
}

export function findVessels(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('vessels').select(['id', 'name', 'imo_number', 'length_overall_m']).where('id', 'in', ids).execute();
}

/** A terminal the user is linked to, with its port and zone. */
export function findLinkedTerminal(db: Db, user: PortalUser, terminalId: number) {
  return db
    .selectFrom('terminals')
    .innerJoin('portal_user_terminals as put', 'put.terminal_id', 'terminals.id')
    .select(['terminals.id', 'terminals.port_id', 'terminals.time_zone', 'terminals.quay_length_m'])
    .where('terminals.id', '=', terminalId)
    .where('put.portal_user_id', '=', user.id)
    .executeTakeFirst();
}

export function findVesselOperator(db: Db, id: number) {
  return db.selectFrom('organisations').select(['id', 'name']).where('id', '=', id).where('kind', '=', 'vessel_operator').executeTakeFirst();
}

/** The calls a template's voyages created at the terminal. */
export async function findTemplateCallIds(db: Db, templateId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('voyages')
    .innerJoin('voyage_schedule_rows as r', (j) => j.onRef('r.voyage_id', '=', 'voyages.id').on('r.is_terminal_call', '=', true))
    .select('r.portcall_id')
    .where('voyages.template_id', '=', templateId)
    .where('r.portcall_id', 'is not', null)
    .execute();
  return rows.map((r) => r.portcall_id!);
}

/** The given calls' places and berth stays with their vessel's name, in arrival order. */
export function findCallPlaces(db: Db, portcallIds: readonly number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portcalls as n')
    .innerJoin('vessels as nv', 'nv.id', 'n.vessel_id')
    .select(['n.id', 'nv.name as vessel_name', 'n.berth_arrival', 'n.berth_departure', 'n.berth_start_position', 'n.berth_end_position'])
    .where('n.id', 'in', [...portcallIds])
    .orderBy('n.berth_arrival')
    .orderBy('n.id')
    .execute();
}

/** Of the given (new) calls: each whose berth window meets a holiday of its terminal's calendar. */
export function findHolidayHits(db: Db, portcallIds: readonly number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portcalls as n')
    .innerJoin('vessels as nv', 'nv.id', 'n.vessel_id')
    .innerJoin('terminal_non_working_times as h', (j) => j.onRef('h.terminal_id', '=', 'n.terminal_id').on('h.kind', '=', 'holiday'))
    .select(['n.id', 'nv.name as vessel_name', 'n.berth_arrival', 'h.reason'])
    .where('n.id', 'in', [...portcallIds])
    .whereRef('h.starts_at', '<', 'n.berth_departure')
    .whereRef('h.ends_at', '>', 'n.berth_arrival')
    .orderBy('n.berth_arrival')
    .execute();
}
