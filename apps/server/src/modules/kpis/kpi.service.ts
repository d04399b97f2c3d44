// The KPI widgets: overall performance for a period and grouping, and the chosen KPIs per call (docs/kpis.md).
import {
  OVERALL_KPIS,
  OVERALL_KPI_UNITS,
  PORTCALL_KPIS,
  PORTCALL_KPIS_LOOKBACK_DAYS,
  PORTCALL_KPI_UNITS,
  type TOverallKpi,
  type TOverallPerformance,
  type TOverallPerformanceQuery,
  type TPortcallKpi,
  type TPortcallKpis,
  type TPortcallKpisQuery,
  isTimeGrouping,
  pageMeta,
  parseKpiList,
  roundKpi,
} from '@quayline/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { userTerminalIds } from '../portcalls/portcall.repository';
import { findUserById } from '../users/user.repository';
import { type TKpiSqlRow, aggregateFlowKpis, aggregateUtilisation, calendarPeriod, findVisibleTerminal, perCallKpis } from './kpi.repository';

async function visibleTerminal(ctx: AppContext, session: AuthSession, terminalId: number) {
  const terminal = await findVisibleTerminal(ctx.db, session.user, terminalId);
  if (!terminal) throw new AppError('NOT_FOUND', { message: 'Terminal not found' });
  return terminal;
}

function flowValue(row: TKpiSqlRow | undefined, kpi: Exclude<TOverallKpi, 'berth_utilisation'>): number | null {
  return row ? roundKpi(row[kpi]) : null;
}

export async function getOverallPerformance(ctx: AppContext, session: AuthSession, query: TOverallPerformanceQuery): Promise<TOverallPerformance> {
  const terminal = await visibleTerminal(ctx, session, query.terminal_id);
  const period =
    query.period === 'custom'
      ? { from: new Date(query.from!), to: new Date(query.to!) }
      : await calendarPeriod(ctx.db, { timeZone: terminal.time_zone, unit: query.period, anchor: query.from ? new Date(query.from) : ctx.clock.now() });
  const { kpis } = parseKpiList(query.kpis, OVERALL_KPIS);
  const args = { user: session.user, terminalId: terminal.id, timeZone: terminal.time_zone, from: period.from, to: period.to, grouping: query.grouping };
  // Two independent queries: on PostgreSQL each takes its own connection, so the answer waits for the slower one only.
  const [flows, groups] = await Promise.all([aggregateFlowKpis(ctx.db, args), aggregateUtilisation(ctx.db, { ...args, quayLengthM: terminal.quay_length_m })]);

  const flowByKey = new Map(flows.filter((f) => !f.is_total).map((f) => [f.group_key ?? 'none', f]));
  const valuesOf = (flow: TKpiSqlRow | undefined, utilisation: number | null) =>
    Object.fromEntries(kpis.map((kpi) => [kpi, kpi === 'berth_utilisation' ? roundKpi(utilisation) : flowValue(flow, kpi)]));
  const rows = groups
    .filter((g) => !g.is_total)
    .map((g) => ({ key: g.group_key, label: g.group_label, flow: flowByKey.get(g.group_key), utilisation: g.utilisation, to: new Date(g.group_to) }));
  // Calls without a berth section (no position yet) have flows but no quay range of their own.
  for (const [key, flow] of flowByKey) if (!rows.some((r) => r.key === key)) rows.push({ key, label: key, flow, utilisation: null, to: period.to });
  // Utilisation counts every call on the quay, berthed or not yet: a group that ends after now shows partly planned figures.
  const now = ctx.clock.now().getTime();
  if (!isTimeGrouping(query.grouping)) rows.sort((a, b) => a.label.localeCompare(b.label));

  const total = groups.find((g) => g.is_total);
  const totalFlow = flows.find((f) => f.is_total);
  return {
    period: { from: period.from.toISOString(), to: period.to.toISOString() },
    grouping: query.grouping,
    time_zone: terminal.time_zone,
    kpis,
    units: Object.fromEntries(kpis.map((kpi) => [kpi, OVERALL_KPI_UNITS[kpi]])),
    rows: rows.map((r) => ({ group_key: r.key, group_label: r.label, values: valuesOf(r.flow, r.utilisation), counts: { calls: r.flow?.calls ?? 0 }, planned: r.to.getTime() > now })),
    totals: { values: valuesOf(totalFlow, total?.utilisation ?? null), counts: { calls: totalFlow?.calls ?? 0 } },
  };
}

const ZStoredPortcallKpis = z.object({ portcall_kpi_settings: z.array(z.enum(PORTCALL_KPIS)) });

async function chosenPortcallKpis(ctx: AppContext, session: AuthSession, text: string | undefined): Promise<TPortcallKpi[]> {
  if (text !== undefined && text.trim() !== '') return parseKpiList(text, PORTCALL_KPIS).kpis;
  const user = await findUserById(ctx.db, session.user.id);
  const stored = ZStoredPortcallKpis.safeParse(user?.settings ?? {});
  return stored.success ? stored.data.portcall_kpi_settings : [...PORTCALL_KPIS];
}

export async function getPortcallKpis(ctx: AppContext, session: AuthSession, query: TPortcallKpisQuery): Promise<TPortcallKpis> {
  const terminalIds = query.terminal_id !== undefined ? [(await visibleTerminal(ctx, session, query.terminal_id)).id] : (await userTerminalIds(ctx.db, session.user.id)).map((t) => t.terminal_id);
  const kpis = await chosenPortcallKpis(ctx, session, query.kpis);
  const now = ctx.clock.now();
  const { rows, total } = await perCallKpis(ctx.db, session.user, {
    terminalIds,
    since: new Date(now.getTime() - PORTCALL_KPIS_LOOKBACK_DAYS * 86_400_000),
    until: now,
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
  const valueOf = (row: (typeof rows)[number], kpi: TPortcallKpi): number | null => {
    switch (kpi) {
      case 'waiting_time':
        return roundKpi(row.waiting_h);
      case 'berth_productivity':
        return roundKpi(row.berth_productivity);
      case 'on_time_arrival':
        return roundKpi(row.arrival_dev_h);
      case 'crane_intensity':
        return roundKpi(row.crane_intensity);
      case 'turnaround_time':
        return roundKpi(row.turnaround_h);
    }
  };
  return {
    items: rows.map((row) => ({
      portcall_id: row.id,
      terminal_id: row.terminal_id,
      vessel_name: row.vessel_name,
      vessel_operator_name: row.vessel_operator_name,
      status: row.status,
      berth_arrival: new Date(row.berth_arrival).toISOString(),
      berth_arrival_label: row.berth_arrival_label,
      berth_departure: new Date(row.berth_departure).toISOString(),
      berth_departure_label: row.berth_departure_label,
      kpis: kpis.map((kpi) => ({ kpi, value: valueOf(row, kpi), unit: PORTCALL_KPI_UNITS[kpi] })),
    })),
    meta: { ...pageMeta({ page: query.page, perPage: query.per_page, totalCount: total }), kpis },
  };
}
