// Payloads of the KPI widgets: `dashboard/overall_performance` and `dashboard/portcall_kpis` (docs/kpis.md).
import { z } from 'zod';
import { KPI_GROUPINGS, KPI_PERIODS, KPI_UNITS, OVERALL_KPIS, PORTCALL_KPIS_PAGE_SIZE, customPeriodProblem, parseKpiList } from '../kpis';
import { ZPageMeta, pageQuery } from './paging';
import { ZInstantInput, ZRecordId } from './master-data';
import { PORTCALL_KPIS } from './settings';

const ZTerminalId = ZRecordId;

function unknownKpis(text: string | undefined, known: readonly string[], ctx: z.RefinementCtx): void {
  const { unknown } = parseKpiList(text, known);
  if (unknown.length) ctx.addIssue({ code: 'custom', path: ['kpis'], message: `Unknown KPI: ${unknown.join(', ')} (known: ${known.join(', ')})` });
}

export const ZOverallPerformanceQuery = z
  .object({
    terminal_id: ZTerminalId,
    period: z.enum(KPI_PERIODS).default('month'),
    /** For day, week and month: any instant inside the wanted calendar period (default now); for custom: the start. */
    from: ZInstantInput.optional(),
    to: ZInstantInput.optional(),
    grouping: z.enum(KPI_GROUPINGS).default('day'),
    /** Comma-separated KPI ids; all when left out. */
    kpis: z.string().max(1000).optional(),
  })
  .superRefine((q, ctx) => {
    unknownKpis(q.kpis, OVERALL_KPIS, ctx);
    if (q.period !== 'custom') return;
    const problem = customPeriodProblem(q.from ? new Date(q.from) : undefined, q.to ? new Date(q.to) : undefined);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type TOverallPerformanceQuery = z.infer<typeof ZOverallPerformanceQuery>;

const ZKpiValues = z.record(z.string(), z.number().nullable());
export const ZOverallPerformanceRow = z.object({
  group_key: z.string(),
  group_label: z.string(),
  values: ZKpiValues,
  counts: z.object({ calls: z.number().int() }),
  /** The group reaches past now: its figures rest partly or wholly on planned times, not only on measured ones. */
  planned: z.boolean(),
});
export const ZOverallPerformance = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  grouping: z.enum(KPI_GROUPINGS),
  time_zone: z.string(),
  kpis: z.array(z.enum(OVERALL_KPIS)),
  units: z.record(z.string(), z.enum(KPI_UNITS)),
  rows: z.array(ZOverallPerformanceRow),
  totals: z.object({ values: ZKpiValues, counts: z.object({ calls: z.number().int() }) }),
});
export type TOverallPerformance = z.infer<typeof ZOverallPerformance>;

export const ZPortcallKpisQuery = pageQuery(PORTCALL_KPIS_PAGE_SIZE)
  .extend({
    terminal_id: ZTerminalId.optional(),
    /** Comma-separated per-call KPI ids; the user's `portcall_kpi_settings` when left out. */
    kpis: z.string().max(500).optional(),
  })
  .superRefine((q, ctx) => unknownKpis(q.kpis, PORTCALL_KPIS, ctx));
export type TPortcallKpisQuery = z.infer<typeof ZPortcallKpisQuery>;

export const ZPortcallKpiValue = z.object({ kpi: z.enum(PORTCALL_KPIS), value: z.number().nullable(), unit: z.enum(KPI_UNITS) });
export const ZPortcallKpisItem = z.object({
  portcall_id: z.number().int(),
  terminal_id: z.number().int(),
  vessel_name: z.string(),
  vessel_operator_name: z.string(),
  status: z.string(),
  berth_arrival: z.string(),
  berth_arrival_label: z.string().nullable(),
  berth_departure: z.string(),
  berth_departure_label: z.string().nullable(),
  kpis: z.array(ZPortcallKpiValue),
});
export const ZPortcallKpis = z.object({ items: z.array(ZPortcallKpisItem), meta: ZPageMeta.extend({ kpis: z.array(z.enum(PORTCALL_KPIS)) }) });
export type TPortcallKpis = z.infer<typeof ZPortcallKpis>;
