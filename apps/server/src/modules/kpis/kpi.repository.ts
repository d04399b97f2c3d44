// SQL of the KPI engine: every figure of docs/kpis.md is computed in the database (CTEs, percentile_cont, local-time buckets).
import { BERTH_ON_ARRIVAL_MAX_WAIT_HOURS, ETA_ACCURACY_HORIZON_HOURS, type TKpiGrouping, type TKpiTimeGrouping, isTimeGrouping } from '@quayline/domain';
import { type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { visibleTo } from '../portcalls/portcall.repository';

type Db = Kysely<DB> | Transaction<DB>;

export function findVisibleTerminal(db: Db, user: PortalUser, terminalId: number) {
  return db
    .selectFrom('terminals')
    .innerJoin('portal_user_terminals as put', 'put.terminal_id', 'terminals.id')
    .select(['terminals.id', 'terminals.time_zone', 'terminals.quay_length_m'])
    .where('terminals.id', '=', terminalId)
    .where('put.portal_user_id', '=', user.id)
    .executeTakeFirst();
}

/** The calendar day, week (from Monday) or month of the terminal's time zone that holds `anchor`. */
export async function calendarPeriod(db: Db, args: { timeZone: string; unit: TKpiTimeGrouping; anchor: Date }): Promise<{ from: Date; to: Date }> {
  const { rows } = await sql<{ from: Date; to: Date }>`
    select (date_trunc(${args.unit}::text, ${args.anchor}::timestamptz at time zone ${args.timeZone}::text) at time zone ${args.timeZone}::text) as "from",
           ((date_trunc(${args.unit}::text, ${args.anchor}::timestamptz at time zone ${args.timeZone}::text) + ('1 ' || ${args.unit}::text)::interval) at time zone ${args.timeZone}::text) as "to"
  `.execute(db);
  const row = rows[0]!;
  return { from: new Date(row.from), to: new Date(row.to) };
}

/** Calls that count for KPIs: visible to the user, at the terminal, neither cancelled nor dummies, on the quay during [from, to). */
/** The columns of a call every KPI reads (the pilot boarding place joined as `pbp`): the counted calls and the per-call list. */
const KPI_CALL_COLUMNS = [
  'portcalls.id',
  'portcalls.terminal_id',
  'portcalls.vessel_operator_id',
  'portcalls.terminal_section_id',
  'portcalls.berth_arrival',
  'portcalls.berth_arrival_label',
  'portcalls.berth_departure',
  'portcalls.berth_departure_label',
  'portcalls.pilot_boarding_place_arrival',
  'portcalls.pilot_boarding_place_arrival_label',
  'portcalls.cargo_operations_start',
  'portcalls.cargo_operations_end',
  'portcalls.berth_start_position',
  'portcalls.berth_end_position',
  'pbp.sailing_time_to_berth_minutes',
] as const;

function countedCalls(db: Db, user: PortalUser, args: { terminalId: number; from: Date; to: Date }) {
  return db
    .selectFrom('portcalls')
    .leftJoin('pilot_boarding_places as pbp', 'pbp.id', 'portcalls.pilot_boarding_place_id')
    .where(visibleTo(user))
    .where('portcalls.terminal_id', '=', args.terminalId)
    .where('portcalls.is_dummy', '=', false)
    .where('portcalls.status', '<>', 'Cancelled')
    .where('portcalls.cancelled_at', 'is', null)
    .where('portcalls.berth_arrival', '<', args.to)
    .where('portcalls.berth_departure', '>', args.from)
    .select(KPI_CALL_COLUMNS);
}

/**
 * Per call, the inputs of every KPI (hours as float8): which time stamps count is explained per KPI in docs/kpis.md.
 * `calls` must be a CTE of countedCalls in scope.
 */
function perCallFacts(groupKey: RawBuilder<string>, from: Date, to: Date): RawBuilder<unknown> {
  // Set-based over the calls' chains (no correlated subqueries): planner estimates stay small, so PostgreSQL does not
  // spend a second on JIT-compiling a query that runs in milliseconds.
  return sql`
    steps as (
      select t.portcall_id, t.id, t.time_type, t.action, t.date_time, t.created_at,
        max(case when t.date_time is not null then t.id end)
          over (partition by t.portcall_id, t.time_type order by t.id rows between unbounded preceding and 1 preceding) as prior_value_id
      from portcall_timestamps t
      where t.portcall_id in (select id from calls) and t.time_type in ('berth_arrival', 'berth_departure')
    ),
    chain as (
      -- An accept step carries no time: it agrees to the latest time before it (prior_value_id).
      select s.portcall_id,
        (array_agg(s.date_time order by s.id desc) filter (where s.time_type = 'berth_arrival' and s.action = 'request'))[1] as requested_arrival,
        (array_agg(v.date_time order by s.id desc) filter (where s.time_type = 'berth_arrival' and s.action = 'accept'))[1] as accepted_arrival,
        (array_agg(v.date_time order by s.id desc) filter (where s.time_type = 'berth_departure' and s.action = 'accept'))[1] as accepted_departure,
        min(s.created_at) filter (where s.time_type = 'berth_arrival' and s.action = 'accept') as first_accept_at,
        (array_agg(s.date_time order by s.created_at desc, s.id desc) filter (
          where s.time_type = 'berth_arrival' and s.date_time is not null and s.action <> 'actual'
            and s.created_at <= c.berth_arrival - make_interval(hours => ${ETA_ACCURACY_HORIZON_HOURS}::int)))[1] as eta_at_horizon
      from steps s
      join calls c on c.id = s.portcall_id
      left join steps v on v.portcall_id = s.portcall_id and v.id = s.prior_value_id
      group by s.portcall_id
    ),
    facts as (
      select calls.*, coalesce(${groupKey}, 'none') as group_key,
        (calls.berth_arrival >= ${from}::timestamptz and calls.berth_arrival < ${to}::timestamptz) as in_period,
        case when calls.berth_arrival_label = 'actual' then calls.berth_arrival end as ata,
        case when calls.berth_departure_label = 'actual' then calls.berth_departure end as atd,
        case when calls.pilot_boarding_place_arrival_label = 'actual' then calls.pilot_boarding_place_arrival end as pbp_ata,
        m.moves, m.crane_intensity,
        chain.requested_arrival, chain.accepted_arrival, chain.accepted_departure, chain.first_accept_at, chain.eta_at_horizon
      from calls
      left join chain on chain.portcall_id = calls.id
      left join (
        select d.portcall_id, sum(d.discharge + d.load + d.restow)::float8 as moves,
               (sum(d.crane_intensity * (d.discharge + d.load + d.restow)) / nullif(sum(d.discharge + d.load + d.restow), 0))::float8 as crane_intensity
        from portcall_cargo_details d where d.portcall_id in (select id from calls) group by d.portcall_id
      ) m on m.portcall_id = calls.id
    ),
    measures as (
      select f.*,
        case when f.ata is null then null
             when f.pbp_ata is not null then greatest(0, extract(epoch from f.ata - f.pbp_ata) / 3600.0 - coalesce(f.sailing_time_to_berth_minutes, 0) / 60.0)
             when f.requested_arrival is not null then greatest(0, extract(epoch from f.ata - f.requested_arrival) / 3600.0)
        end::float8 as waiting_h,
        (extract(epoch from f.ata - f.accepted_arrival) / 3600.0)::float8 as arrival_dev_h,
        (extract(epoch from f.atd - f.accepted_departure) / 3600.0)::float8 as departure_dev_h,
        (extract(epoch from f.atd - coalesce(f.pbp_ata, f.ata)) / 3600.0)::float8 as turnaround_h,
        case when f.atd > f.ata and f.moves > 0 then f.moves / (extract(epoch from f.atd - f.ata) / 3600.0) end::float8 as berth_productivity,
        case when f.atd is not null and f.cargo_operations_end > f.cargo_operations_start and f.moves > 0
             then f.moves / (extract(epoch from f.cargo_operations_end - f.cargo_operations_start) / 3600.0) end::float8 as ops_rate,
        case when f.ata is not null then coalesce(f.first_accept_at < coalesce(f.pbp_ata, f.ata), false) end as agreed_before_arrival,
        case when f.ata is not null then abs(extract(epoch from f.ata - f.eta_at_horizon) / 3600.0) end::float8 as eta_error_h
      from facts f
    )`;
}

export type TKpiSqlRow = {
  group_key: string | null;
  is_total: boolean;
  calls: number;
  berth_utilisation: number | null;
  waiting_time_avg: number | null;
  waiting_time_p90: number | null;
  berth_on_arrival_rate: number | null;
  arrival_punctuality_1h: number | null;
  arrival_punctuality_3h: number | null;
  departure_punctuality_1h: number | null;
  departure_punctuality_3h: number | null;
  turnaround_avg: number | null;
  turnaround_p90: number | null;
  gross_berth_productivity: number | null;
  cargo_operations_rate: number | null;
  terminal_response_median: number | null;
  terminal_response_p90: number | null;
  vessel_side_response_median: number | null;
  vessel_side_response_p90: number | null;
  agreed_before_arrival_rate: number | null;
  eta_accuracy_24h: number | null;
};
export type TGroupSqlRow = { group_key: string; group_label: string; is_total: boolean; utilisation: number | null };

type TGroupingArgs = { user: PortalUser; terminalId: number; timeZone: string; from: Date; to: Date; grouping: TKpiGrouping };

function groupKeyOf(args: TGroupingArgs): RawBuilder<string> {
  if (isTimeGrouping(args.grouping)) return sql<string>`to_char(date_trunc(${args.grouping}::text, calls.berth_arrival at time zone ${args.timeZone}::text), 'YYYY-MM-DD')`;
  if (args.grouping === 'vessel_operator') return sql<string>`calls.vessel_operator_id::text`;
  // A call without a section takes the berth section under the middle of its position.
  return sql<string>`coalesce(calls.terminal_section_id, (
      select s.id from terminal_sections s where s.terminal_id = calls.terminal_id and s.berth_type = 'Berth'
        and (calls.berth_start_position + calls.berth_end_position) / 2 between s.start_position_m and s.end_position_m order by s.id limit 1))::text`;
}

/** Flow KPIs (everything but utilisation) per group and in total (grouping sets), over calls that berth within the period. */
export async function aggregateFlowKpis(db: Db, args: TGroupingArgs): Promise<TKpiSqlRow[]> {
  const calls = countedCalls(db, args.user, args);
  const query = sql<TKpiSqlRow>`
    with calls as (${calls}),
    ${perCallFacts(groupKeyOf(args), args.from, args.to)},
    flow as (
      select group_key, grouping(group_key) = 1 as is_total,
        count(*)::int as calls,
        avg(waiting_h) as waiting_time_avg,
        percentile_cont(0.9) within group (order by waiting_h) as waiting_time_p90,
        100.0 * count(*) filter (where waiting_h <= ${BERTH_ON_ARRIVAL_MAX_WAIT_HOURS}::float8) / nullif(count(waiting_h), 0) as berth_on_arrival_rate,
        100.0 * count(*) filter (where abs(arrival_dev_h) <= 1) / nullif(count(arrival_dev_h), 0) as arrival_punctuality_1h,
        100.0 * count(*) filter (where abs(arrival_dev_h) <= 3) / nullif(count(arrival_dev_h), 0) as arrival_punctuality_3h,
        100.0 * count(*) filter (where abs(departure_dev_h) <= 1) / nullif(count(departure_dev_h), 0) as departure_punctuality_1h,
        100.0 * count(*) filter (where abs(departure_dev_h) <= 3) / nullif(count(departure_dev_h), 0) as departure_punctuality_3h,
        avg(turnaround_h) as turnaround_avg,
        percentile_cont(0.9) within group (order by turnaround_h) as turnaround_p90,
        avg(berth_productivity) as gross_berth_productivity,
        avg(ops_rate) as cargo_operations_rate,
        100.0 * count(*) filter (where agreed_before_arrival) / nullif(count(agreed_before_arrival), 0) as agreed_before_arrival_rate,
        avg(eta_error_h) as eta_accuracy_24h
      from measures where in_period
      group by grouping sets ((group_key), ())
    ),
    responses as (
      select m.group_key, answer.party, (extract(epoch from answer.created_at - asked.created_at) / 3600.0)::float8 as hours
      from measures m
      join portcall_timestamps answer on answer.portcall_id = m.id and answer.action in ('accept', 'propose', 'reject', 'accept_cancel', 'reject_cancel')
      join portcall_timestamps asked on asked.id = answer.reply_to_id and asked.party <> answer.party
      where m.in_period
    ),
    response_kpis as (
      select group_key, grouping(group_key) = 1 as is_total,
        percentile_cont(0.5) within group (order by hours) filter (where party = 'terminal') as terminal_response_median,
        percentile_cont(0.9) within group (order by hours) filter (where party = 'terminal') as terminal_response_p90,
        percentile_cont(0.5) within group (order by hours) filter (where party = 'vessel_side') as vessel_side_response_median,
        percentile_cont(0.9) within group (order by hours) filter (where party = 'vessel_side') as vessel_side_response_p90
      from responses group by grouping sets ((group_key), ())
    )
    select flow.*, r.terminal_response_median, r.terminal_response_p90, r.vessel_side_response_median, r.vessel_side_response_p90
    from flow left join response_kpis r on r.is_total = flow.is_total and (flow.is_total or r.group_key = flow.group_key)
  `;
  const { rows } = await query.execute(db);
  return rows;
}

/**
 * The groups to show (every day/week/month bucket, every operator with a call, every berth section) and the berth
 * utilisation of each: occupied metre-hours / (metres available x hours - block-zone metre-hours), clipped to the group's
 * time and quay range. One extra row (is_total) is the whole quay over the whole period.
 */
export async function aggregateUtilisation(db: Db, args: TGroupingArgs & { quayLengthM: number }): Promise<TGroupSqlRow[]> {
  const calls = countedCalls(db, args.user, args);
  const { from, to, timeZone: tz } = args;
  const blockedSectionMetres = sql`(select coalesce(sum(end_position_m - start_position_m), 0) from terminal_sections where terminal_id = ${args.terminalId}::int and berth_type = 'Blocked Zone')`;
  const total = sql`select '__total__'::text as group_key, ''::text as group_label, true as is_total, ${from}::timestamptz as g_from, ${to}::timestamptz as g_to,
      0::float8 as q_start, ${args.quayLengthM}::float8 as q_end, ${blockedSectionMetres}::float8 as blocked_m, null::int as operator_id`;
  let groups: RawBuilder<unknown>;
  if (isTimeGrouping(args.grouping)) {
    groups = sql`
      select to_char(s, 'YYYY-MM-DD') as group_key, to_char(s, 'YYYY-MM-DD') as group_label, false as is_total,
        greatest(s at time zone ${tz}::text, ${from}::timestamptz) as g_from,
        least((s + ('1 ' || ${args.grouping}::text)::interval) at time zone ${tz}::text, ${to}::timestamptz) as g_to,
        0::float8 as q_start, ${args.quayLengthM}::float8 as q_end, ${blockedSectionMetres}::float8 as blocked_m, null::int as operator_id
      from generate_series(date_trunc(${args.grouping}::text, ${from}::timestamptz at time zone ${tz}::text),
                           ${to}::timestamptz at time zone ${tz}::text - interval '1 microsecond', ('1 ' || ${args.grouping}::text)::interval) s
      union all ${total}`;
  } else if (args.grouping === 'vessel_operator') {
    groups = sql`
      ${total} union all
      select o.id::text, o.name, false, ${from}::timestamptz, ${to}::timestamptz, 0::float8, ${args.quayLengthM}::float8, ${blockedSectionMetres}::float8, o.id
      from organisations o where o.id in (select vessel_operator_id from calls)`;
  } else {
    groups = sql`
      ${total} union all
      select s.id::text, s.name, false, ${from}::timestamptz, ${to}::timestamptz, s.start_position_m::float8, s.end_position_m::float8, 0::float8, null::int
      from terminal_sections s where s.terminal_id = ${args.terminalId}::int and s.berth_type = 'Berth'`;
  }
  const { rows } = await sql<TGroupSqlRow>`
    with calls as (${calls}),
    groups as (${groups}),
    occupied as (
      select g.group_key, sum(
        greatest(0, least(c.berth_end_position, g.q_end) - greatest(c.berth_start_position, g.q_start))
        * extract(epoch from least(c.berth_departure, g.g_to) - greatest(c.berth_arrival, g.g_from)) / 3600.0) as metre_hours
      from groups g join calls c on c.berth_arrival < g.g_to and c.berth_departure > g.g_from
        and c.berth_start_position is not null and c.berth_end_position is not null
        and (g.operator_id is null or c.vessel_operator_id = g.operator_id)
      group by g.group_key
    ),
    blocked as (
      select g.group_key, sum(
        greatest(0, least(z.end_position_m, g.q_end) - greatest(z.start_position_m, g.q_start))
        * extract(epoch from least(z.ends_at, g.g_to) - greatest(z.starts_at, g.g_from)) / 3600.0) as metre_hours
      from groups g join blocked_zones z on z.terminal_id = ${args.terminalId}::int and z.starts_at < g.g_to and z.ends_at > g.g_from
      group by g.group_key
    )
    select g.group_key, g.group_label, g.is_total,
      (100.0 * coalesce(o.metre_hours, 0)
        / nullif((g.q_end - g.q_start - g.blocked_m) * extract(epoch from g.g_to - g.g_from) / 3600.0 - coalesce(b.metre_hours, 0), 0))::float8 as utilisation
    from groups g left join occupied o on o.group_key = g.group_key left join blocked b on b.group_key = g.group_key
    order by g.is_total, g.group_key
  `.execute(db);
  return rows;
}

/** Per-call KPI inputs for the `portcall_kpis` widget: the given calls only, newest first. */
export async function perCallKpis(db: Db, user: PortalUser, args: { terminalIds: number[]; since: Date; until: Date; offset: number; limit: number }) {
  const base = db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .innerJoin('organisations as vo', 'vo.id', 'portcalls.vessel_operator_id')
    .leftJoin('pilot_boarding_places as pbp', 'pbp.id', 'portcalls.pilot_boarding_place_id')
    .where(visibleTo(user))
    .where('portcalls.terminal_id', 'in', args.terminalIds.length ? args.terminalIds : [-1])
    .where('portcalls.is_dummy', '=', false)
    .where('portcalls.status', '<>', 'Cancelled')
    .where('portcalls.berth_departure', '>=', args.since)
    .where('portcalls.berth_arrival', '<=', args.until);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const page = base
    .select([...KPI_CALL_COLUMNS, 'portcalls.status', 'vessels.name as vessel_name', 'vo.name as vessel_operator_name'])
    .orderBy('portcalls.berth_arrival', 'desc')
    .orderBy('portcalls.id', 'desc')
    .offset(args.offset)
    .limit(args.limit);
  const far = new Date(0);
  const { rows } = await sql<{
    id: number;
    terminal_id: number;
    status: string;
    vessel_name: string;
    vessel_operator_name: string;
    berth_arrival: Date;
    berth_arrival_label: string | null;
    berth_departure: Date;
    berth_departure_label: string | null;
    waiting_h: number | null;
    arrival_dev_h: number | null;
    berth_productivity: number | null;
    crane_intensity: number | null;
    turnaround_h: number | null;
  }>`
    with calls as (${page}),
    ${perCallFacts(sql<string>`''`, far, far)}
    select id, terminal_id, status, vessel_name, vessel_operator_name, berth_arrival, berth_arrival_label, berth_departure, berth_departure_label,
      waiting_h, arrival_dev_h, berth_productivity, crane_intensity, turnaround_h
    from measures order by berth_arrival desc, id desc
  `.execute(db);
  return { rows, total: Number(total.n) };
}
