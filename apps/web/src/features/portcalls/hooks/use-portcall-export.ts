// The port-call list and the audit trail as export rows: the texts the table shows, one column per visible piece.
import { useTranslation } from 'react-i18next';
import { API_PREFIX, type TAuditEvent, type TLocale, type TPortcall, type TPortcallStatus } from '@quayline/domain';
import { formatNumber } from '@/lib/number-format';
import type { TServerDownloads } from '@/components/export-menu';
import { useLocale } from '@/hooks/use-locale';
import { toQueryString } from '@/lib/api-client';
import type { TExportColumn, TExportRow } from '@/lib/export/export-table';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { auditEventKey, changeLabelKey, fieldKey, statusKey, timeLabelKey } from '@/entities/portcall/enum-labels';
import { useValueText, type TRecordNames } from './use-value-text';
import { useVesselTypeText } from '@/entities/portcall/use-vessel-type-text';

type TExportTable = { rows: TExportRow[]; columns: TExportColumn[] };

export function usePortcallExport(portcalls: TPortcall[], timeZone: string): TExportTable {
  const { t } = useTranslation();
  const locale = useLocale();
  const vesselTypeText = useVesselTypeText();
  const labelText = (state: TPortcall['berth_arrival_state']) =>
    [state.label ? t(timeLabelKey(state.label)) : '', state.change_label ? t(changeLabelKey(state.change_label)) : ''].filter(Boolean).join(' · ');
  const columns: TExportColumn[] = [
    { key: 'vessel', header: t('portcalls.fields.vessel_id') },
    { key: 'imo', header: t('export.columns.imo') },
    { key: 'vessel_type', header: t('export.columns.vessel_type') },
    { key: 'status', header: t('portcalls.list.status') },
    { key: 'berth_arrival', header: t('portcalls.fields.berth_arrival') },
    { key: 'berth_arrival_label', header: t('export.columns.arrival_label') },
    { key: 'berth_departure', header: t('portcalls.fields.berth_departure') },
    { key: 'berth_departure_label', header: t('export.columns.departure_label') },
    { key: 'vessel_operator', header: t('portcalls.fields.vessel_operator_id') },
    { key: 'agent', header: t('portcalls.fields.agent_id') },
    { key: 'voyage', header: t('portcalls.list.voyage') },
    { key: 'position', header: t('portcalls.list.position') },
  ];
  const rows = portcalls.map((p) => ({
    vessel: p.vessel_name,
    imo: p.imo_number,
    vessel_type: vesselTypeText(p.vessel_type),
    status: t(statusKey(p.status)),
    berth_arrival: formatZonedDateTime(p.berth_arrival, timeZone, locale),
    berth_arrival_label: labelText(p.berth_arrival_state),
    berth_departure: formatZonedDateTime(p.berth_departure, timeZone, locale),
    berth_departure_label: labelText(p.berth_departure_state),
    vessel_operator: p.vessel_operator_code,
    agent: p.agent_code ?? '',
    voyage: [p.voyage_number_import, p.voyage_number_export].filter(Boolean).join(' / '),
    position:
      p.berth_start_position !== null && p.berth_end_position !== null
        ? t('portcalls.position_range', { start: formatNumber(p.berth_start_position, locale, 0), end: formatNumber(p.berth_end_position, locale, 0) })
        : '',
  }));
  return { rows, columns };
}

export function useAuditExport(events: TAuditEvent[], timeZone: string, names: TRecordNames): TExportTable {
  const { t } = useTranslation();
  const locale = useLocale();
  const valueText = useValueText(timeZone, names);
  const columns: TExportColumn[] = [
    { key: 'when', header: t('portcalls.history.when') },
    { key: 'who', header: t('portcalls.history.who') },
    { key: 'event', header: t('portcalls.audit.event') },
    { key: 'field', header: t('portcalls.audit.field') },
    { key: 'old_value', header: t('export.columns.old_value') },
    { key: 'new_value', header: t('export.columns.new_value') },
  ];
  const rows = events.map((event) => {
    const key = fieldKey(event.field);
    const isCreation = event.field === 'portcall';
    return {
      when: formatZonedDateTime(event.created_at, timeZone, locale),
      who: event.acting_for ? t('portcalls.audit.actor_for', { actor: event.actor.name, person: event.acting_for.name }) : event.actor.name,
      event: t(auditEventKey(event.event_type)),
      field: key ? t(key) : event.field,
      old_value: isCreation ? '' : valueText(event.field, event.old_value),
      new_value: valueText(event.field, event.new_value),
    };
  });
  return { rows, columns };
}

type TFileFormat = 'csv' | 'xlsx';

/** GET /portcall/download with the list's filters: every matching call, not only the page on screen. */
export function portcallServerDownloads(
  query: { terminal_id?: number | undefined; from?: string | undefined; to?: string | undefined; statuses?: TPortcallStatus[] | undefined; q?: string | undefined; vessel_operator_id?: number | undefined; agent_id?: number | undefined },
  timeZone: string,
  totalCount: number,
  locale: TLocale,
): TServerDownloads {
  const url = (type: TFileFormat) => {
    const { statuses, ...rest } = query;
    const base = toQueryString({ ...rest, type, locale, timezone: timeZone });
    // Several statuses travel as a repeated parameter, as in the list request.
    const repeated = (statuses ?? []).map((s) => `&status=${encodeURIComponent(s)}`).join('');
    return `${API_PREFIX}/portcall/download${base}${repeated}`;
  };
  return { csv: url('csv'), xlsx: url('xlsx'), totalCount };
}

/** GET /portcall_audit/download?portcall_id: the whole audit trail of the call, every page. */
export function auditServerDownloads(portcallId: number, timeZone: string, totalCount: number, locale: TLocale): TServerDownloads {
  const url = (type: TFileFormat) => `${API_PREFIX}/portcall_audit/download${toQueryString({ portcall_id: portcallId, type, locale, timezone: timeZone })}`;
  return { csv: url('csv'), xlsx: url('xlsx'), totalCount };
}
