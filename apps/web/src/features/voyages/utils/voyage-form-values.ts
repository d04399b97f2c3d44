// The voyage form's values: built from a stored voyage, turned into the create or update request, checked by the domain schema.
import {
  ZVoyageCreateRequest,
  ZVoyageUpdateRequest,
  type TFieldError,
  type TScheduleRow,
  type TVoyage,
  type TVoyageCreateRequest,
  type TVoyageSource,
  type TVoyageUpdateRequest,
  VOYAGE_DIRECTIONS,
} from '@quayline/domain';
import { fromZonedInputValue, toZonedInputValue } from '@/lib/zoned-time';

export type TDirection = (typeof VOYAGE_DIRECTIONS)[number];

export type TScheduleRowValues = {
  /** Stable React key: rows move up and down. */
  key: string;
  port_id: number | null;
  port_label: string | null;
  is_terminal_call: boolean;
  /** datetime-local values in the terminal's zone. */
  arrival: string;
  departure: string;
  /** What the stored row says about itself; null for a row typed in now. */
  stored: Pick<TScheduleRow, 'source' | 'fetched_at' | 'arrival_classifier' | 'departure_classifier'> | null;
};

export type TVoyageFormValues = {
  terminal_id: number | null;
  service_name: string;
  service_code: string;
  vessel_id: number | null;
  vessel_label: string | null;
  vessel_operator_id: number | null;
  vessel_operator_label: string | null;
  voyage_number_import: string;
  voyage_number_export: string;
  direction: TDirection | null;
  source: TVoyageSource;
  schedule_syncable: boolean;
  schedule: TScheduleRowValues[];
};

let rowCounter = 0;
export const newRowKey = () => `row-${++rowCounter}`;

export const emptyRow = (): TScheduleRowValues => ({ key: newRowKey(), port_id: null, port_label: null, is_terminal_call: false, arrival: '', departure: '', stored: null });

export const emptyVoyageValues = (terminalId: number | null): TVoyageFormValues => ({
  terminal_id: terminalId,
  service_name: '',
  service_code: '',
  vessel_id: null,
  vessel_label: null,
  vessel_operator_id: null,
  vessel_operator_label: null,
  voyage_number_import: '',
  voyage_number_export: '',
  direction: null,
  source: 'manual',
  schedule_syncable: true,
  schedule: [{ ...emptyRow(), is_terminal_call: true }],
});

export const portLabel = (row: { port_name: string; unlocode: string }) => `${row.port_name} (${row.unlocode})`;
export const vesselLabel = (vessel: { name: string; imo_number: string }) => `${vessel.name} (${vessel.imo_number})`;

export function voyageValuesOf(voyage: TVoyage, timeZone: string): TVoyageFormValues {
  return {
    terminal_id: voyage.terminal_id,
    service_name: voyage.service_name,
    service_code: voyage.service_code ?? '',
    vessel_id: voyage.vessel_id,
    vessel_label: vesselLabel({ name: voyage.vessel_name, imo_number: voyage.imo_number }),
    vessel_operator_id: voyage.vessel_operator_id,
    vessel_operator_label: voyage.vessel_operator,
    voyage_number_import: voyage.voyage_number_import,
    voyage_number_export: voyage.voyage_number_export ?? '',
    direction: voyage.direction,
    source: voyage.source,
    schedule_syncable: voyage.schedule_syncable,
    schedule: [...voyage.schedule]
      .sort((a, b) => a.sequence - b.sequence)
      .map((row) => ({
        key: newRowKey(),
        port_id: row.port_id,
        port_label: portLabel(row),
        is_terminal_call: row.is_terminal_call,
        arrival: toZonedInputValue(row.arrival, timeZone),
        departure: toZonedInputValue(row.departure, timeZone),
        stored: { source: row.source, fetched_at: row.fetched_at, arrival_classifier: row.arrival_classifier, departure_classifier: row.departure_classifier },
      })),
  };
}

function fieldsOf(values: TVoyageFormValues, timeZone: string) {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    service_name: values.service_name,
    service_code: optional(values.service_code),
    // Missing picks go as 0 so the schema names the field instead of the whole body.
    vessel_id: values.vessel_id ?? 0,
    vessel_operator_id: values.vessel_operator_id ?? 0,
    voyage_number_import: values.voyage_number_import,
    voyage_number_export: optional(values.voyage_number_export),
    direction: values.direction,
    source: values.source,
    schedule_syncable: values.schedule_syncable,
    schedule: values.schedule.map((row) => ({
      port_id: row.port_id ?? 0,
      is_terminal_call: row.is_terminal_call,
      arrival: fromZonedInputValue(row.arrival, timeZone),
      departure: fromZonedInputValue(row.departure, timeZone),
    })),
  };
}

const PICKED_FIELDS = new Set(['terminal_id', 'vessel_id', 'vessel_operator_id', 'port_id']);
/** Message of a required field left empty, shown as the form's own "required" text. */
export const REQUIRED_MESSAGE = 'Required';

const problemsOf = (issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[]): TFieldError[] =>
  issues.map((issue) => {
    const path = issue.path.map(String);
    // A picker left empty went as 0: say it is required rather than "too small".
    const isEmptyPick = issue.code === 'too_small' && PICKED_FIELDS.has(path.at(-1) ?? '');
    return { path: path.join('.'), message: isEmptyPick ? REQUIRED_MESSAGE : issue.message };
  });

/** The request the form stands for, or the problems the domain schema finds (paths as the server names them). */
export function buildCreateRequest(values: TVoyageFormValues, timeZone: string): { request: TVoyageCreateRequest | null; problems: TFieldError[] } {
  const request = { terminal_id: values.terminal_id ?? 0, ...fieldsOf(values, timeZone) };
  const parsed = ZVoyageCreateRequest.safeParse(request);
  return parsed.success ? { request, problems: [] } : { request: null, problems: problemsOf(parsed.error.issues) };
}

export function buildUpdateRequest(values: TVoyageFormValues, timeZone: string, version: number): { request: TVoyageUpdateRequest | null; problems: TFieldError[] } {
  const request = { ...fieldsOf(values, timeZone), version };
  const parsed = ZVoyageUpdateRequest.safeParse(request);
  return parsed.success ? { request, problems: [] } : { request: null, problems: problemsOf(parsed.error.issues) };
}
