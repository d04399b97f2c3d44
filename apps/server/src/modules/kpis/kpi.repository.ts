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

/** The per-call KPI inputs, as kept in portcall_kpi_facts (hours as float8; response hours as arrays). */
const MEASURE_COLUMNS = [
  'waiting_h',
  'arrival_dev_h',
  'departure_dev_h',
  'turnaround_h',
  'berth_productivity',
  'ops_rate',
  'agreed_before_arrival',
  'eta_error_h',
  'moves',
  'crane_intensity',
  'terminal_response_h',
  'vessel_side_response_h',
] as const;

/**
 * Per call, the inputs of every KPI (hours as float8): which time stamps count is explained per KPI in docs/kpis.md.
 * `calls` must be a CTE in scope with countedCalls' columns; the result is the CTE `measures` (the calls' columns and
 * MEASURE_COLUMNS). This is the one definition: the kept facts are written from it, and the tests compare with it.
 */
function perCallMeasures(): RawBuilder<unknown> {
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
    answers as (
      -- How long each side took to answer the other (an answer replies to a step of the other party).
      select answer.portcall_id,
        coalesce(array_agg((extract(epoch from answer.created_at - asked.created_at) / 3600.0)::float8 order by answer.id) filter (where answer.party = 'terminal'), '{}') as terminal_response_h,
        coalesce(array_agg((extract(epoch from answer.created_at - asked.created_at) / 3600.0)::float8 order by answer.id) filter (where answer.party = 'vessel_side'), '{}') as vessel_side_response_h
      from portcall_timestamps answer
      join portcall_timestamps asked on asked.id = answer.reply_to_id and asked.party <> answer.party
      where answer.portcall_id in (select id from calls) and answer.action in ('accept', 'propose', 'reject', 'accept_cancel', 'reject_cancel')
      group by answer.portcall_id
    ),
    facts as (
      select calls.*,
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
        case when f.ata is not null then abs(extract(epoch from f.ata - f.eta_at_horizon) / 3600.0) end::float8 as eta_error_h,
        coalesce(a.terminal_response_h, '{}') as terminal_response_h,
        coalesce(a.vessel_side_response_h, '{}') as vessel_side_response_h
      from facts f
      left join answers a on a.portcall_id = f.id
    )`;
}

const measureList = sql.join(MEASURE_COLUMNS.map((c) => sql.ref(c)));
const keptMeasureList = sql.join(MEASURE_COLUMNS.map((c) => sql.ref(`kept.${c}`)));

/**
 * Recomputes the kept KPI inputs of the terminal's calls on the quay during [from, to) that changed since they were
 * last computed: every new call, and every change to a call's row, time stamps, cargo lines or pilot boarding place,
 * leaves a mark (the triggers of migration 0031, which also marked every call there was). Marks that this statement's
 * snapshot does not see (a change committing meanwhile) stay for the next read.
 */
export async function refreshKpiFacts(db: Db, args: { terminalId: number; from: Date; to: Date }): Promise<number> {
  // Most reads find nothing changed: a look at the marks costs far less than planning the recomputation.
  const marked = await sql<{ found: boolean }>`
    select exists (
      select 1 from portcall_kpi_stale s join portcalls p on p.id = s.portcall_id
      where p.terminal_id = ${args.terminalId}::int and p.berth_arrival < ${args.to}::timestamptz and p.berth_departure > ${args.from}::timestamptz
    ) as found`.execute(db);
  if (!marked.rows[0]?.found) return 0;
  if (db.isTransaction) return recomputeMarkedFacts(db, args);
  // Two reads recomputing the same calls would lock their marks and facts in different orders (a deadlock, one read
  // failing): the reads of one terminal take turns. Reads of other terminals, and every writer, never wait on this.
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${KPI_FACTS_LOCK_KEY}::int, ${args.terminalId}::int)`.execute(trx);
    return recomputeMarkedFacts(trx, args);
  });
}

/** An arbitrary constant: the first key of the advisory lock that KPI reads of one terminal take in turn. */
const KPI_FACTS_LOCK_KEY = 31_031;

async function recomputeMarkedFacts(db: Db, args: { terminalId: number; from: Date; to: Date; limit?: number }): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with marks as (
      -- Driven by the marks (few, between two reads), not by the window's calls (thousands over a year).
      select s.seq, s.portcall_id from portcall_kpi_stale s join portcalls p on p.id = s.portcall_id
      where p.terminal_id = ${args.terminalId}::int and p.berth_arrival < ${args.to}::timestamptz and p.berth_departure > ${args.from}::timestamptz
      ${args.limit ? sql`order by s.seq limit ${args.limit}::int` : sql``}
    ),
    todo as (select distinct portcall_id as id from marks),
    calls as (
      select portcalls.id, portcalls.berth_arrival, portcalls.berth_arrival_label, portcalls.berth_departure, portcalls.berth_departure_label,
        portcalls.pilot_boarding_place_arrival, portcalls.pilot_boarding_place_arrival_label,
        portcalls.cargo_operations_start, portcalls.cargo_operations_end, pbp.sailing_time_to_berth_minutes
      from portcalls left join pilot_boarding_places pbp on pbp.id = portcalls.pilot_boarding_place_id
      where portcalls.id in (select id from todo)
    ),
    ${perCallMeasures()},
    consumed as (delete from portcall_kpi_stale where seq in (select seq from marks)),
    kept as (
      insert into portcall_kpi_facts (portcall_id, ${measureList}, computed_at)
      select id, ${measureList}, now() from measures order by id
      on conflict (portcall_id) do update set ${sql.join(MEASURE_COLUMNS.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}, computed_at = excluded.computed_at
      returning 1
    )
    select count(*)::int as n from kept
  `.execute(db);
  return rows[0]?.n ?? 0;
}

/** Calls recomputed per statement while draining: a few seconds of work at most, so reads waiting on the lock go on soon. */
const DRAIN_BATCH = 2_000;

/**
 * Recomputes the kept facts of every marked call, terminal by terminal in batches, and refreshes the marks' statistics.
 * Reads recompute only the marks of their own period, so marks of periods nobody reads (the history a migration or an
 * import marked) would stay; and while they stay, every read's look at the marks has to probe the calls of its period.
 * The job runner calls this every ten minutes (docs/kpis.md). Returns how many facts were written.
 */
export async function drainKpiFacts(db: Kysely<DB>, options: { batch?: number } = {}): Promise<number> {
  const batch = options.batch ?? DRAIN_BATCH;
  const everything = { from: new Date(Date.UTC(1900, 0, 1)), to: new Date(Date.UTC(2999, 0, 1)) };
  let written = 0;
  const terminals = await sql<{ terminal_id: number }>`
    select distinct p.terminal_id from portcall_kpi_stale s join portcalls p on p.id = s.portcall_id order by 1`.execute(db);
  for (const { terminal_id: terminalId } of terminals.rows) {
    for (;;) {
      const n = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${KPI_FACTS_LOCK_KEY}::int, ${terminalId}::int)`.execute(trx);
        return recomputeMarkedFacts(trx, { terminalId, ...everything, limit: batch });
      });
      written += n;
      if (n === 0) break;
    }
  }
  // A mark may outlive its call (no foreign key, see migration 0031); the call's facts went with it.
  const orphans = await sql`delete from portcall_kpi_stale s where not exists (select 1 from portcalls p where p.id = s.portcall_id)`.execute(db);
  // The planner learns that the marks are few again, so a read's look at them starts from the marks.
  if (terminals.rows.length > 0 || Number(orphans.numAffectedRows ?? 0) > 0) await sql`analyze portcall_kpi_stale`.execute(db);
  return written;
}

/**
 * The CTE `measures` over the `calls` CTE: from the kept facts (what the KPI reads use, after refreshKpiFacts), or
 * computed afresh from the chains (the definition, which the tests compare the kept facts with).
 */
function measuresOf(source: TMeasureSource): RawBuilder<unknown> {
  if (source === 'computed') return perCallMeasures();
  // Only what the aggregates read: a narrow row keeps the materialised CTE and its sorts small over a year of calls.
  return sql`
    measures as (
      select calls.group_key, calls.in_period, ${keptMeasureList}
      from calls left join portcall_kpi_facts kept on kept.portcall_id = calls.id
      where calls.in_period
    )`;
}

export type TMeasureSource = 'kept' | 'computed';

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
export type TGroupSqlRow = { group_key: string; group_label: string; is_total: boolean; group_to: Date; utilisation: number | null };

type TGroupingArgs = { user: PortalUser; terminalId: number; timeZone: string; from: Date; to: Date; grouping: TKpiGrouping };

function groupKeyOf(args: TGroupingArgs): RawBuilder<string> {
  // The day, week or month is looked up among the period's buckets (bucket_starts), not converted per call.
  if (isTimeGrouping(args.grouping)) return sql<string>`b.keys[width_bucket(calls.berth_arrival, b.starts)]`;
  if (args.grouping === 'vessel_operator') return sql<string>`calls.vessel_operator_id::text`;
  // A call without a section takes the berth section under the middle of its position.
  return sql<string>`coalesce(calls.terminal_section_id, (
      select s.id from terminal_sections s where s.terminal_id = calls.terminal_id and s.berth_type = 'Berth'
        and (calls.berth_start_position + calls.berth_end_position) / 2 between s.start_position_m and s.end_position_m order by s.id limit 1))::text`;
}

/** The local starts of the days, weeks or months that meet the period (timestamps without zone), as a set-returning call. */
function periodBuckets(args: { grouping: TKpiTimeGrouping; timeZone: string; from: Date; to: Date }): RawBuilder<unknown> {
  const tz = args.timeZone;
  return sql`generate_series(date_trunc(${args.grouping}::text, ${args.from}::timestamptz at time zone ${tz}::text),
    ${args.to}::timestamptz at time zone ${tz}::text - interval '1 microsecond', ('1 ' || ${args.grouping}::text)::interval)`;
}

/**
 * The CTE `bucket_starts`: for a time grouping, the start of every day, week or month of the period in the terminal's
 * time zone (`starts`, ascending) and its key (`keys`, 'YYYY-MM-DD'); empty arrays for the other groupings.
 */
function bucketStarts(args: TGroupingArgs): RawBuilder<unknown> {
  if (!isTimeGrouping(args.grouping)) return sql`bucket_starts as (select '{}'::timestamptz[] as starts, '{}'::text[] as keys)`;
  const tz = args.timeZone;
  return sql`
    bucket_starts as (
      select array_agg(s at time zone ${tz}::text order by s) as starts, array_agg(to_char(s, 'YYYY-MM-DD') order by s) as keys
      from ${periodBuckets({ ...args, grouping: args.grouping })} s
    )`;
}

/**
 * Flow KPIs (everything but utilisation) per group and in total (grouping sets), over calls that berth within the
 * period. `source: 'kept'` (the default) aggregates the kept per-call facts, refreshed first for the calls it reads.
 */
export async function aggregateFlowKpis(db: Db, args: TGroupingArgs, source: TMeasureSource = 'kept'): Promise<TKpiSqlRow[]> {
  if (source === 'kept') await refreshKpiFacts(db, args);
  const counted = countedCalls(db, args.user, args);
  const query = sql<TKpiSqlRow>`
    with counted as (${counted}),
    ${bucketStarts(args)},
    calls as (
      select calls.*, coalesce(${groupKeyOf(args)}, 'none') as group_key,
        (calls.berth_arrival >= ${args.from}::timestamptz and calls.berth_arrival < ${args.to}::timestamptz) as in_period
      from counted calls, bucket_starts b
    ),
    ${measuresOf(source)},
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
      select m.group_key, 'terminal' as party, h as hours from measures m cross join unnest(m.terminal_response_h) h
      where m.in_period and cardinality(m.terminal_response_h) > 0
      union all
      select m.group_key, 'vessel_side' as party, h as hours from measures m cross join unnest(m.vessel_side_response_h) h
      where m.in_period and cardinality(m.vessel_side_response_h) > 0
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
 * How the occupied metre-hours of time groups are found: `sweep` (what reads use) passes over the calls once; `per-group`
 * (the straightforward definition, kept for the tests to compare with) splits every call into the groups it touches.
 */
export type TUtilisationMethod = 'sweep' | 'per-group';

/**
 * Occupied metre-hours per day, week or month (and in total) in one pass over the calls, instead of a row per call and
 * group. With every call clipped to the period, the metre-hours occupied before time t are
 * F(t) = sum over calls arrived before t of m x (t - a) minus sum over calls departed before t of m x (t - d), so a group
 * [t0, t1) holds F(t1) - F(t0): each call adds its metres (and metres x arrival) at its arrival's group and takes them
 * off at its departure's group, and running sums over the groups give F at every group's end. Hours count from the
 * period's start, which keeps the float sums small. Needs the CTEs `calls` and `groups` of aggregateUtilisation.
 */
function sweptTimeOccupation(args: TGroupingArgs & { quayLengthM: number }): RawBuilder<unknown> {
  const { from, to } = args;
  const hoursSinceFrom = (t: RawBuilder<unknown>) => sql`(date_part('epoch', ${t} - ${from}::timestamptz) / 3600.0)`;
  // The group of a time is found by binary search over the groups' starts (no time-zone arithmetic per call).
  return sql`
    starts as (select array_agg(g_from order by g_from) as at from groups where not is_total),
    clipped as (
      select greatest(c.berth_arrival, ${from}::timestamptz) as a, least(c.berth_departure, ${to}::timestamptz) as d,
        greatest(0, least(c.berth_end_position, ${args.quayLengthM}::float8) - greatest(c.berth_start_position, 0))::float8 as m
      from calls c where c.berth_start_position is not null and c.berth_end_position is not null
    ),
    edges as (
      select width_bucket(a, starts.at) as n, m as dm, m * ${hoursSinceFrom(sql`a`)} as dmh from clipped, starts
      union all
      select width_bucket(d, starts.at), -m, -m * ${hoursSinceFrom(sql`d`)} from clipped, starts
    ),
    edge_sums as (select n, sum(dm) as dm, sum(dmh) as dmh from edges group by n),
    occupied_until as (
      -- F at each group's end: edges of later groups (and a departure exactly at the period's end) add nothing there.
      select g.group_key, g.g_from,
        ${hoursSinceFrom(sql`g.g_to`)} * sum(coalesce(e.dm, 0)) over running - sum(coalesce(e.dmh, 0)) over running as f
      from (select groups.*, row_number() over (order by g_from) as n from groups where not is_total) g
      left join edge_sums e on e.n = g.n
      window running as (order by g.g_from rows between unbounded preceding and current row)
    ),
    occupied as (
      select group_key, f - lag(f, 1, 0::float8) over (order by g_from) as metre_hours from occupied_until
      union all
      select '__total__', sum(m * date_part('epoch', d - a) / 3600.0) from clipped
    )`;
}

/**
 * The groups to show (every day/week/month bucket, every operator with a call, every berth section) and the berth
 * utilisation of each: occupied metre-hours / (metres available x hours - block-zone metre-hours), clipped to the group's
 * time and quay range. One extra row (is_total) is the whole quay over the whole period.
 */
export async function aggregateUtilisation(db: Db, args: TGroupingArgs & { quayLengthM: number }, method: TUtilisationMethod = 'sweep'): Promise<TGroupSqlRow[]> {
  const calls = countedCalls(db, args.user, args);
  const { from, to, timeZone: tz } = args;
  const blockedSectionMetres = sql`(select coalesce(sum(end_position_m - start_position_m), 0) from terminal_sections where terminal_id = ${args.terminalId}::int and berth_type = 'Blocked Zone')`;
  const total = sql`select '__total__'::text as group_key, ''::text as group_label, true as is_total, ${from}::timestamptz as g_from, ${to}::timestamptz as g_to,
      0::float8 as q_start, ${args.quayLengthM}::float8 as q_end, ${blockedSectionMetres}::float8 as blocked_m, null::int as operator_id`;
  let groups: RawBuilder<unknown>;
  // The groups a call may touch besides the total, so that each call is read once and meets only its own groups
  // (joining every group with every call read the year's calls once per month).
  let keysOfCall: RawBuilder<unknown>;
  if (isTimeGrouping(args.grouping)) {
    keysOfCall = sql`
      select to_char(b, 'YYYY-MM-DD') from generate_series(
        date_trunc(${args.grouping}::text, greatest(c.berth_arrival, ${from}::timestamptz) at time zone ${tz}::text),
        least(c.berth_departure, ${to}::timestamptz) at time zone ${tz}::text, ('1 ' || ${args.grouping}::text)::interval) b`;
    groups = sql`
      select to_char(s, 'YYYY-MM-DD') as group_key, to_char(s, 'YYYY-MM-DD') as group_label, false as is_total,
        greatest(s at time zone ${tz}::text, ${from}::timestamptz) as g_from,
        least((s + ('1 ' || ${args.grouping}::text)::interval) at time zone ${tz}::text, ${to}::timestamptz) as g_to,
        0::float8 as q_start, ${args.quayLengthM}::float8 as q_end, ${blockedSectionMetres}::float8 as blocked_m, null::int as operator_id
      from ${periodBuckets({ ...args, grouping: args.grouping })} s
      union all ${total}`;
  } else if (args.grouping === 'vessel_operator') {
    keysOfCall = sql`select c.vessel_operator_id::text`;
    groups = sql`
      ${total} union all
      select o.id::text, o.name, false, ${from}::timestamptz, ${to}::timestamptz, 0::float8, ${args.quayLengthM}::float8, ${blockedSectionMetres}::float8, o.id
      from organisations o where o.id in (select vessel_operator_id from calls)`;
  } else {
    keysOfCall = sql`select group_key from groups where not is_total`;
    groups = sql`
      ${total} union all
      select s.id::text, s.name, false, ${from}::timestamptz, ${to}::timestamptz, s.start_position_m::float8, s.end_position_m::float8, 0::float8, null::int
      from terminal_sections s where s.terminal_id = ${args.terminalId}::int and s.berth_type = 'Berth'`;
  }
  const perGroup = sql`
    call_groups as materialized (
      select c.*, k.group_key from calls c cross join lateral (${keysOfCall} union all select '__total__') k(group_key)
      where c.berth_start_position is not null and c.berth_end_position is not null
    ),
    occupied as (
      select g.group_key, sum(
        greatest(0, least(c.berth_end_position, g.q_end) - greatest(c.berth_start_position, g.q_start))
        * date_part('epoch', least(c.berth_departure, g.g_to) - greatest(c.berth_arrival, g.g_from)) / 3600.0) as metre_hours
      from call_groups c
      join groups g on g.group_key = c.group_key and c.berth_arrival < g.g_to and c.berth_departure > g.g_from
        and (g.operator_id is null or c.vessel_operator_id = g.operator_id)
      group by g.group_key
    )`;
  const occupied = method === 'sweep' && isTimeGrouping(args.grouping) ? sweptTimeOccupation(args) : perGroup;
  const { rows } = await sql<TGroupSqlRow>`
    with calls as (${calls}),
    groups as materialized (${groups}),
    ${occupied},
    blocked as (
      select g.group_key, sum(
        greatest(0, least(z.end_position_m, g.q_end) - greatest(z.start_position_m, g.q_start))
        * extract(epoch from least(z.ends_at, g.g_to) - greatest(z.starts_at, g.g_from)) / 3600.0) as metre_hours
      from groups g join blocked_zones z on z.terminal_id = ${args.terminalId}::int and z.starts_at < g.g_to and z.ends_at > g.g_from
      group by g.group_key
    )
    select g.group_key, g.group_label, g.is_total, g.g_to as group_to,
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
    ${perCallMeasures()}
    select id, terminal_id, status, vessel_name, vessel_operator_name, berth_arrival, berth_arrival_label, berth_departure, berth_departure_label,
      waiting_h, arrival_dev_h, berth_productivity, crane_intensity, turnaround_h
    from measures order by berth_arrival desc, id desc
  `.execute(db);
  return { rows, total: Number(total.n) };
}
