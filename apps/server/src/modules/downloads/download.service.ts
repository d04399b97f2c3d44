// The port-call, task and audit downloads: the same filters and visibility as the lists, in the user's language and time zone.
import { PER_PAGE_MAX, type TLocale, type TPortcallListQuery, type TTaskFilter, fileNameForPeriod, formatInstantInZone } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { AuthSession } from '../auth/auth.service';
import { listAuditEvents } from '../portcalls/portcall-history.service';
import { listPortcalls } from '../portcalls/portcall.service';
import { listTasks } from '../tasks/task.service';
import { getDraft } from '../drafts/draft.service';
import { getPortcall } from '../portcalls/portcall.service';
import { AUDIT_COLUMNS, DRAFT_COLUMNS, PORTCALL_COLUMNS, TASK_COLUMNS, headersFor } from './download-columns';
import { type TDownloadFile, type TDownloadFormat, renderDownload } from './workbook';
import { localeOfUser } from '../users/user-info';

/** A download never grows without bound; the list endpoints page through more. */
export const DOWNLOAD_ROW_LIMIT = 10_000;

type Options = { format: TDownloadFormat; locale: TLocale | undefined; bom: boolean; timezone: string | undefined };

/** The language asked for (the screen's), else the profile's. */
const localeOf = (session: AuthSession, options: Options): TLocale => options.locale ?? localeOfUser(session.user);

function zoneOf(session: AuthSession, options: Options): string {
  return options.timezone ?? session.user.mail_timezone ?? 'Europe/Berlin';
}

function stamp(ctx: AppContext): string {
  return ctx.clock.now().toISOString().slice(0, 10);
}

async function collect<T>(fetchPage: (page: number) => Promise<{ items: T[]; meta: { total_pages: number } }>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; all.length < DOWNLOAD_ROW_LIMIT; page++) {
    const result = await fetchPage(page);
    all.push(...result.items);
    if (page >= result.meta.total_pages) break;
  }
  return all.slice(0, DOWNLOAD_ROW_LIMIT);
}

export async function downloadPortcalls(ctx: AppContext, session: AuthSession, query: Omit<TPortcallListQuery, 'page' | 'per_page'>, options: Options): Promise<TDownloadFile> {
  const tz = zoneOf(session, options);
  const items = await collect((page) => listPortcalls(ctx, session, { ...query, page, per_page: PER_PAGE_MAX }));
  const rows = items.map((p) => ({
    vessel: p.vessel_name,
    imo: p.imo_number,
    status: p.status,
    operator: p.vessel_operator,
    agent: p.agent_code ?? '',
    berth_arrival: formatInstantInZone(p.berth_arrival, tz),
    berth_arrival_label: p.berth_arrival_state.label ?? '',
    berth_departure: formatInstantInZone(p.berth_departure, tz),
    berth_departure_label: p.berth_departure_state.label ?? '',
    position: p.berth_start_position === null ? '' : `${p.berth_start_position}-${p.berth_end_position}`,
    pilot_boarding_place: p.pilot_boarding_place_name ?? '',
    pilot_boarding_place_arrival: formatInstantInZone(p.pilot_boarding_place_arrival, tz),
    voyage_import: p.voyage_number_import ?? '',
    voyage_export: p.voyage_number_export ?? '',
    service: p.service_name ?? '',
    moves: p.cargo_details.reduce((sum, c) => sum + c.total, 0),
  }));
  return renderDownload({ rows, columns: headersFor(localeOf(session, options), PORTCALL_COLUMNS), format: options.format, locale: localeOf(session, options), bom: options.bom, baseName: query.from && query.to ? fileNameForPeriod('portcalls', { from: query.from, to: query.to }, tz) : `portcalls-${stamp(ctx)}`, sheetName: 'Port calls' });
}

export async function downloadTasks(ctx: AppContext, session: AuthSession, query: { type: 'open' | 'closed'; filter: TTaskFilter }, options: Options): Promise<TDownloadFile> {
  const tz = zoneOf(session, options);
  const items = await collect((page) => listTasks(ctx, session, { ...query, page, per_page: PER_PAGE_MAX }));
  const rows = items.map((t) => ({
    vessel: t.portcall.vessel_name,
    imo: t.portcall.imo_number,
    status: t.portcall.status,
    berth_arrival: formatInstantInZone(t.portcall.berth_arrival, tz),
    berth_departure: formatInstantInZone(t.portcall.berth_departure, tz),
    reasons: t.reasons.join(', '),
  }));
  return renderDownload({ rows, columns: headersFor(localeOf(session, options), TASK_COLUMNS), format: options.format, locale: localeOf(session, options), bom: options.bom, baseName: `portcall-tasks-${query.type}-${stamp(ctx)}`, sheetName: 'Tasks' });
}

export async function downloadAudit(ctx: AppContext, session: AuthSession, query: { portcall_id?: number | undefined }, options: Options): Promise<TDownloadFile> {
  const tz = zoneOf(session, options);
  const items = await collect((page) => listAuditEvents(ctx, session, { ...query, page, per_page: PER_PAGE_MAX }));
  const vesselNames = new Map<number, string>();
  const ids = [...new Set(items.map((e) => e.portcall_id))];
  if (ids.length) {
    for (const row of await ctx.db.selectFrom('portcalls').innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id').select(['portcalls.id', 'vessels.name']).where('portcalls.id', 'in', ids).execute()) vesselNames.set(row.id, row.name);
  }
  // What changed, as a person reads it: instants in the zone, a negotiated time with its label, not stored JSON.
  const isInstant = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(v) && !Number.isNaN(Date.parse(v));
  const show = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (isInstant(v)) return formatInstantInZone(v, tz);
    if (Array.isArray(v)) return v.map(show).join(', ');
    if (typeof v === 'object') {
      const { value, label, action, ...rest } = v as Record<string, unknown>;
      const main = [value === undefined ? '' : show(value), label ? `(${String(label)}${action && action !== label ? `, ${String(action)}` : ''})` : ''].filter(Boolean).join(' ');
      const others = Object.entries(rest).map(([key, x]) => `${key}: ${show(x)}`);
      return [main, ...others].filter(Boolean).join('; ');
    }
    return String(v);
  };
  const rows = items.map((e) => ({
    when: formatInstantInZone(e.created_at, tz),
    vessel: vesselNames.get(e.portcall_id) ?? '',
    event: e.event_type,
    field: e.field,
    old_value: show(e.old_value),
    new_value: show(e.new_value),
    by: e.actor.name,
    acting_for: e.acting_for?.name ?? '',
  }));
  return renderDownload({ rows, columns: headersFor(localeOf(session, options), AUDIT_COLUMNS), format: options.format, locale: localeOf(session, options), bom: options.bom, baseName: `portcall-audit-${stamp(ctx)}`, sheetName: 'Audit' });
}

/** The sandbox next to the live plan: one row per drafted call. */
export async function downloadDraft(ctx: AppContext, session: AuthSession, terminalId: number, options: Options): Promise<TDownloadFile> {
  const tz = zoneOf(session, options);
  const draft = await getDraft(ctx, session, terminalId);
  const position = (s: number | null | undefined, e: number | null | undefined) => (s === null || s === undefined ? '' : `${s}-${e}`);
  const rows = [];
  for (const change of draft.changes) {
    const live = await getPortcall(ctx, session, change.portcall_id);
    rows.push({
      vessel: live.vessel_name,
      imo: live.imo_number,
      berth_arrival: formatInstantInZone(live.berth_arrival, tz),
      draft_berth_arrival: formatInstantInZone(change.berth_arrival ?? live.berth_arrival, tz),
      berth_departure: formatInstantInZone(live.berth_departure, tz),
      draft_berth_departure: formatInstantInZone(change.berth_departure ?? live.berth_departure, tz),
      position: position(live.berth_start_position, live.berth_end_position),
      draft_position: position(change.berth_start_position === undefined ? live.berth_start_position : change.berth_start_position, change.berth_end_position === undefined ? live.berth_end_position : change.berth_end_position),
      frozen: draft.frozen_portcall_ids.includes(live.id) ? 'x' : '',
    });
  }
  return renderDownload({ rows, columns: headersFor(localeOf(session, options), DRAFT_COLUMNS), format: options.format, locale: localeOf(session, options), bom: options.bom, baseName: `berth-plan-sandbox-${stamp(ctx)}`, sheetName: 'Sandbox' });
}
