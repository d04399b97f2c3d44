// Turns voyage, schedule-row and template rows into the API's shapes (packages/domain/src/schemas/voyages.ts).
import {
  type TBerthWindow,
  type TRecurrence,
  type TRotationStop,
  type TScheduleRow,
  type TVoyage,
  type TVoyagePortcall,
  type TVoyageTemplate,
  type TVoyageTemplateFields,
  STORED_JSON,
  templateRrule,
} from '@quayline/domain';
import { iso, state } from '../portcalls/portcall-mapper';
import type { ScheduleRowRow, TemplateRow, VoyagePortcallRow, VoyageRow } from './voyage.repository';

export function toScheduleRow(r: ScheduleRowRow): TScheduleRow {
  return {
    id: r.id,
    sequence: r.sequence,
    port_id: r.port_id,
    port_name: r.port_name,
    unlocode: r.unlocode,
    is_terminal_call: r.is_terminal_call,
    arrival: iso(r.arrival),
    departure: iso(r.departure),
    arrival_classifier: r.arrival_classifier,
    departure_classifier: r.departure_classifier,
    source: r.source,
    fetched_at: iso(r.fetched_at),
    status_code: r.status_code,
    portcall_id: r.portcall_id,
  };
}

export function toVoyagePortcall(p: VoyagePortcallRow): TVoyagePortcall {
  return {
    id: p.id,
    version: p.version,
    status: p.status as TVoyagePortcall['status'],
    berth_arrival: iso(p.berth_arrival)!,
    berth_departure: iso(p.berth_departure)!,
    berth_arrival_state: state(p.berth_arrival_label, p.berth_arrival_change_label),
    berth_departure_state: state(p.berth_departure_label, p.berth_departure_change_label),
    schedule_syncable: p.schedule_syncable,
    schedule_sync_state: p.schedule_syncable ? 'schedule_syncable' : 'schedule_syncable_inactive',
    open_schedule_proposals: Number(p.open_schedule_proposals ?? 0),
  };
}

export function toVoyage(v: VoyageRow, rows: ScheduleRowRow[], calls: VoyagePortcallRow[]): TVoyage {
  return {
    id: v.id,
    version: v.version,
    terminal_id: v.terminal_id,
    template_id: v.template_id,
    template_name: v.template_name,
    service_name: v.service_name,
    service_code: v.service_code,
    vessel_id: v.vessel_id,
    vessel_name: v.vessel_name,
    imo_number: v.imo_number,
    vessel_operator_id: v.vessel_operator_id,
    vessel_operator: v.vessel_operator_name,
    vessel_operator_code: v.vessel_operator_code,
    voyage_number_import: v.voyage_number_import,
    voyage_number_export: v.voyage_number_export,
    direction: v.direction as TVoyage['direction'],
    voyage_name: v.voyage_number_export ? `${v.service_name} ${v.voyage_number_import}/${v.voyage_number_export}` : `${v.service_name} ${v.voyage_number_import}`,
    source: v.source,
    schedule_syncable: v.schedule_syncable,
    is_departed: Boolean(v.is_departed),
    last_fetched_at: iso(v.last_fetched_at),
    schedule: rows.map(toScheduleRow),
    portcalls: calls.map(toVoyagePortcall),
    created_at: iso(v.created_at)!,
    updated_at: iso(v.updated_at)!,
  };
}

/** The stored JSON columns, read back through their schemas so a hand-edited row cannot leak a wrong shape. */
export function templateFieldsOf(t: TemplateRow): TVoyageTemplateFields {
  return {
    terminal_id: t.terminal_id,
    name: t.name,
    code: t.code,
    vessel_operator_id: t.vessel_operator_id,
    // The schemas the template was stored through (STORED_JSON).
    rotation: STORED_JSON.template_rotation.schema.parse(t.rotation) as TRotationStop[],
    berth_window: STORED_JSON.template_berth_window.schema.parse(t.berth_window) as TBerthWindow,
    vessel_ids: t.vessel_ids,
    recurrence: STORED_JSON.template_recurrence.schema.parse(t.recurrence) as TRecurrence,
    valid_from: t.valid_from_text,
    valid_to: t.valid_to_text,
    import_direction: t.import_direction as TVoyageTemplateFields['import_direction'],
    export_direction: t.export_direction as TVoyageTemplateFields['export_direction'],
  };
}

export function toTemplate(t: TemplateRow, ports: Map<number, { name: string; unlocode: string; time_zone: string }>, vessels: Map<number, { name: string; imo_number: string }>): TVoyageTemplate {
  const fields = templateFieldsOf(t);
  return {
    id: t.id,
    version: t.version,
    terminal_id: t.terminal_id,
    name: t.name,
    code: t.code,
    vessel_operator_id: t.vessel_operator_id,
    vessel_operator: t.vessel_operator_name,
    rotation: fields.rotation.map((stop) => {
      const port = ports.get(stop.port_id);
      return { ...stop, port_name: port?.name ?? '', unlocode: port?.unlocode ?? '', time_zone: port?.time_zone ?? '' };
    }),
    berth_window: fields.berth_window,
    vessel_ids: fields.vessel_ids,
    vessels: fields.vessel_ids.map((id) => ({ id, name: vessels.get(id)?.name ?? '', imo_number: vessels.get(id)?.imo_number ?? '' })),
    recurrence: fields.recurrence,
    rrule: templateRrule(fields),
    valid_from: fields.valid_from,
    valid_to: fields.valid_to,
    import_direction: fields.import_direction,
    export_direction: fields.export_direction,
    future_voyages: Number(t.future_voyages ?? 0),
    generated_until: t.generated_until_text,
    created_at: iso(t.created_at)!,
    updated_at: iso(t.updated_at)!,
  };
}
