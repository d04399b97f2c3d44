// The service-center reports (docs/reports.md): situation at a cut-off, movements in a period, KPIs per operator and berth section.
import {
  type TLocale,
  type TMovementReport,
  type TMovementReportRow,
  type TPerformanceReport,
  type TReportPeriodQuery,
  type TMovementReportQuery,
  pageMeta,
  type TSituationReport,
  type TSituationReportQuery,
  type TDownloadFileType,
  fileNameForPeriod,
  formatInstantInZone,
  movementTimeSource,
} from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { renderDownload, type TDownloadFile } from '../downloads/workbook';
import { findVisibleTerminal } from '../kpis/kpi.repository';
import { getOverallPerformance } from '../kpis/kpi.service';
import { iso, num } from '../portcalls/portcall-mapper';
import { findCargoDetails } from '../portcalls/portcall.repository';
import { MOVEMENT_COLUMNS, PERFORMANCE_COLUMNS, SITUATION_COLUMNS, kpiHeaders, reportHeaders } from './report-columns';
import { translatedText } from '../translations/translation-files';
import { type MovementCallRow, findMovementCalls, findShiftEvents, findSituationCalls } from './report.repository';
import { localeOfUser } from '../users/user-info';

export type TReportFile = { type: TDownloadFileType; locale?: TLocale | undefined };

async function visibleTerminal(ctx: AppContext, session: AuthSession, terminalId: number) {
  const terminal = await findVisibleTerminal(ctx.db, session.user, terminalId);
  if (!terminal) throw new AppError('NOT_FOUND', { message: 'Terminal not found' });
  return terminal;
}

const localeOf = (session: AuthSession, file?: TReportFile): TLocale => file?.locale ?? localeOfUser(session.user);

const time = (value: Date | string | null, label: string | null) => ({ value: iso(value), label });

export async function getSituationReport(ctx: AppContext, session: AuthSession, query: TSituationReportQuery): Promise<TSituationReport> {
  const terminal = await visibleTerminal(ctx, session, query.terminal_id);
  const cutOff = query.cut_off ? new Date(query.cut_off) : ctx.clock.now();
  const until = new Date(cutOff.getTime() + query.hours_ahead * 3_600_000);
  const calls = await findSituationCalls(ctx.db, session.user, { terminalId: terminal.id, cutOff, until });
  const cargo = await findCargoDetails(ctx.db, calls.map((c) => c.id));
  const rows = calls.map((c) => {
    const own = cargo.filter((d) => d.portcall_id === c.id);
    const sum = (key: 'discharge' | 'load' | 'restow') => own.reduce((total, d) => total + Number(d[key]), 0);
    const remarks = [c.comment, c.berth_comment].filter((r): r is string => !!r && r.trim() !== '').join(' · ');
    return {
      portcall_id: c.id,
      situation: new Date(c.berth_arrival).getTime() <= cutOff.getTime() ? ('in_port' as const) : ('due' as const),
      vessel_name: c.vessel_name,
      imo_number: c.imo_number,
      status: c.status,
      vessel_operator_name: c.vessel_operator_name,
      agent_code: c.agent_code,
      berth_section: c.section_name,
      berth_start_position: num(c.berth_start_position),
      berth_end_position: num(c.berth_end_position),
      start_bollard: c.start_bollard_name,
      end_bollard: c.end_bollard_name,
      berth_arrival: time(c.berth_arrival, c.berth_arrival_label),
      berth_departure: time(c.berth_departure, c.berth_departure_label),
      pilot_boarding_place_arrival: time(c.pilot_boarding_place_arrival, c.pilot_boarding_place_arrival_label),
      cargo_types: [...new Set(own.map((d) => d.cargo_type))],
      discharge: sum('discharge'),
      load: sum('load'),
      restow: sum('restow'),
      total_moves: sum('discharge') + sum('load') + sum('restow'),
      remarks: remarks === '' ? null : remarks,
    };
  });
  return { terminal_id: terminal.id, time_zone: terminal.time_zone, cut_off: cutOff.toISOString(), until: until.toISOString(), rows };
}

function movementRow(c: MovementCallRow, kind: TMovementReportRow['kind'], at: Date | string, label: string | null, from: number | null, to: number | null): TMovementReportRow {
  return {
    portcall_id: c.id,
    kind,
    time: new Date(at).toISOString(),
    time_source: kind === 'shift' ? 'actual' : movementTimeSource(label),
    time_label: label,
    vessel_name: c.vessel_name,
    imo_number: c.imo_number,
    status: c.status,
    vessel_operator_name: c.vessel_operator_name,
    berth_section: c.section_name,
    from_position: from,
    to_position: to,
  };
}

const inPeriod = (at: Date | string, from: Date, to: Date) => new Date(at).getTime() >= from.getTime() && new Date(at).getTime() < to.getTime();
const positionOf = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number.isFinite(Number(value)) ? Number(value) : null);

/** Every movement of the period, in order (the download's rows; the screen asks for a page of them). */
async function movementReportRows(ctx: AppContext, session: AuthSession, query: TReportPeriodQuery): Promise<Omit<TMovementReport, 'meta'>> {
  const terminal = await visibleTerminal(ctx, session, query.terminal_id);
  const from = new Date(query.from);
  const to = new Date(query.to);
  const args = { terminalId: terminal.id, from, to };
  const rows: TMovementReportRow[] = [];
  for (const c of await findMovementCalls(ctx.db, session.user, args)) {
    const position = num(c.berth_start_position);
    if (inPeriod(c.berth_arrival, from, to)) rows.push(movementRow(c, 'arrival', c.berth_arrival, c.berth_arrival_label, null, position));
    if (inPeriod(c.berth_departure, from, to)) rows.push(movementRow(c, 'departure', c.berth_departure, c.berth_departure_label, position, null));
  }
  // A shift is recorded when it is made, so its time is as reported (actual) and its label is left empty.
  for (const e of await findShiftEvents(ctx.db, session.user, args)) rows.push(movementRow(e, 'shift', e.moved_at, null, positionOf(e.old_position), positionOf(e.new_position)));
  const order = { arrival: 0, shift: 1, departure: 2 };
  rows.sort((a, b) => a.time.localeCompare(b.time) || order[a.kind] - order[b.kind] || a.portcall_id - b.portcall_id);
  return { terminal_id: terminal.id, time_zone: terminal.time_zone, from: from.toISOString(), to: to.toISOString(), rows };
}

export async function getMovementReport(ctx: AppContext, session: AuthSession, query: TMovementReportQuery): Promise<TMovementReport> {
  const { page, per_page, ...period } = query;
  const report = await movementReportRows(ctx, session, period);
  return { ...report, rows: report.rows.slice((page - 1) * per_page, page * per_page), meta: pageMeta({ page, perPage: per_page, totalCount: report.rows.length }) };
}

export async function getPerformanceReport(ctx: AppContext, session: AuthSession, query: TReportPeriodQuery): Promise<TPerformanceReport> {
  const terminal = await visibleTerminal(ctx, session, query.terminal_id);
  const base = { terminal_id: terminal.id, period: 'custom' as const, from: query.from, to: query.to };
  const [byVesselOperator, byBerthSection] = await Promise.all([
    getOverallPerformance(ctx, session, { ...base, grouping: 'vessel_operator' }),
    getOverallPerformance(ctx, session, { ...base, grouping: 'berth_section' }),
  ]);
  return { terminal_id: terminal.id, by_vessel_operator: byVesselOperator, by_berth_section: byBerthSection };
}


export async function downloadSituationReport(ctx: AppContext, session: AuthSession, query: TSituationReportQuery, file: TReportFile): Promise<TDownloadFile> {
  const report = await getSituationReport(ctx, session, query);
  const locale = localeOf(session, file);
  const tz = report.time_zone;
  const text = (key: string, fallback: string) => translatedText(locale, key) ?? fallback;
  const rows = report.rows.map((r) => ({
    situation: text(`reports.situation.${r.situation}`, r.situation),
    vessel: r.vessel_name,
    imo: r.imo_number,
    status: r.status,
    operator: r.vessel_operator_name,
    agent: r.agent_code ?? '',
    berth_section: r.berth_section ?? '',
    position: r.berth_start_position === null ? '' : `${r.berth_start_position}-${r.berth_end_position}`,
    bollards: r.start_bollard ? `${r.start_bollard}-${r.end_bollard ?? ''}` : '',
    berth_arrival: formatInstantInZone(r.berth_arrival.value, tz),
    berth_arrival_label: r.berth_arrival.label ?? '',
    berth_departure: formatInstantInZone(r.berth_departure.value, tz),
    berth_departure_label: r.berth_departure.label ?? '',
    pbp_arrival: formatInstantInZone(r.pilot_boarding_place_arrival.value, tz),
    pbp_arrival_label: r.pilot_boarding_place_arrival.label ?? '',
    cargo_types: r.cargo_types.join(', '),
    discharge: r.discharge,
    load: r.load,
    restow: r.restow,
    total_moves: r.total_moves,
    remarks: r.remarks ?? '',
  }));
  return renderDownload({ rows, columns: reportHeaders(locale, SITUATION_COLUMNS, tz), format: file.type, locale, bom: true, baseName: `situation-report-${formatInstantInZone(report.cut_off, tz).replace(' ', '-').replace(':', '')}`, sheetName: 'Situation' });
}

export async function downloadMovementReport(ctx: AppContext, session: AuthSession, query: TReportPeriodQuery, file: TReportFile): Promise<TDownloadFile> {
  const report = await movementReportRows(ctx, session, query);
  const locale = localeOf(session, file);
  const text = (key: string, fallback: string) => translatedText(locale, key) ?? fallback;
  const rows = report.rows.map((r) => ({
    movement: text(`reports.movement.kinds.${r.kind}`, r.kind),
    time: formatInstantInZone(r.time, report.time_zone),
    time_source: text(`reports.movement.sources.${r.time_source}`, r.time_source),
    time_label: r.time_label ?? '',
    vessel: r.vessel_name,
    imo: r.imo_number,
    status: r.status,
    operator: r.vessel_operator_name,
    berth_section: r.berth_section ?? '',
    from_position: r.from_position ?? '',
    to_position: r.to_position ?? '',
  }));
  return renderDownload({ rows, columns: reportHeaders(locale, MOVEMENT_COLUMNS, report.time_zone), format: file.type, locale, bom: true, baseName: fileNameForPeriod('movement-report', query, report.time_zone), sheetName: 'Movements' });
}

export async function downloadPerformanceReport(ctx: AppContext, session: AuthSession, query: TReportPeriodQuery, file: TReportFile): Promise<TDownloadFile> {
  const report = await getPerformanceReport(ctx, session, query);
  const locale = localeOf(session, file);
  const kpis = report.by_vessel_operator.kpis;
  const rows: Record<string, unknown>[] = [];
  for (const [grouping, part] of [['by_vessel_operator', report.by_vessel_operator], ['by_berth_section', report.by_berth_section]] as const) {
    const groupingText = translatedText(locale, `reports.performance.${grouping}`) ?? grouping;
    const line = (group: string, calls: number, values: Record<string, number | null>) => ({ grouping: groupingText, group, calls, ...Object.fromEntries(kpis.map((k) => [k, values[k] ?? ''])) });
    for (const row of part.rows) rows.push(line(row.group_label, row.counts.calls, row.values));
    rows.push(line(translatedText(locale, 'reports.performance.total') ?? 'total', part.totals.counts.calls, part.totals.values));
  }
  const columns = [...reportHeaders(locale, PERFORMANCE_COLUMNS, report.by_vessel_operator.time_zone), ...kpiHeaders(locale, kpis)];
  return renderDownload({ rows, columns, format: file.type, locale, bom: true, baseName: fileNameForPeriod('performance-report', query, report.by_vessel_operator.time_zone), sheetName: 'Performance' });
}
