// The port-call form's values (text as typed, times as terminal wall-clock), their defaults, and the request they become.
import type { z } from 'zod';
import {
  CARGO_TYPES,
  DEFAULT_PORTCALL_TYPE,
  DEFAULT_VESSEL_CHARACTERISTICS,
  PORTCALL_TYPES,
  ZPortcallFields,
  computeCargoQuantities,
  validatePortcallWindow,
  ZCargoQuantities,
  type TCargoQuantitiesInput,
  type BERTH_ORIENTATIONS,
  type CARD_COLOUR_CLASSES,
  type CARGO_QUANTITY_STATUSES,
  type MOVE_COUNT_UNITS,
  type PRISE_STATUSES,
  type TPortcall,
  type TRestrictedPortcallField,
  type TUserType,
  type VESSEL_CHARACTERISTICS,
  portcallFieldsRefusedTo,
} from '@quayline/domain';
import { fromZonedInputValue, toZonedInputValue } from '@/lib/zoned-time';
import { problemMessageOf, type TFormProblem } from './field-problems';

export type TPortcallFieldsInput = z.input<typeof ZPortcallFields>;
type TCargoDetailRequest = TPortcallFieldsInput['cargo_details'][number];
type TEquipmentDetailRequest = TPortcallFieldsInput['equipment_details'][number];
type TShiftDetailRequest = TPortcallFieldsInput['portcall_shift_details'][number];

export type TCargoRowValues = {
  /** Stable React key of a row, also for rows not stored yet. */
  key: string;
  id: number | null;
  cargo_type: (typeof CARGO_TYPES)[number];
  cargo_sub_type: string;
  product_type: string;
  move_count: string;
  move_count_unit: (typeof MOVE_COUNT_UNITS)[number];
  discharge: string;
  load: string;
  restow: string;
  units_per_hour: string;
  crane_intensity: string;
  cargo_operations_start: string;
  cargo_operations_end: string;
  comment: string;
  /** A tier table (spec section 3) stored with the row: its cells decide discharge, load and restow, so those are read-only here. */
  quantities: TCargoQuantitiesInput | null;
  /** Whether the form shows the row's fields or only its one-line summary (spec `isExpanded`); never sent. */
  isExpanded: boolean;
};

export type TPortcallFormValues = {
  terminal_id: number | null;
  vessel_id: number | null;
  vessel_operator_id: number | null;
  agent_id: number | null;
  portcall_type: (typeof PORTCALL_TYPES)[number];
  berth_arrival: string;
  berth_departure: string;
  pilot_boarding_place_id: number | null;
  pilot_boarding_place_arrival: string;
  pilot_boarding_place_departure: string;
  cargo_operations_start: string;
  cargo_operations_end: string;
  berth_start_position: string;
  berth_end_position: string;
  is_bollards_linked: boolean;
  berth_orientation: (typeof BERTH_ORIENTATIONS)[number] | null;
  service_name: string;
  voyage_number_import: string;
  voyage_number_export: string;
  draft_inbound: string;
  draft_outbound: string;
  previous_port_id: number | null;
  next_port_id: number | null;
  comment: string;
  berth_comment: string;
  cargo_quantity_status: (typeof CARGO_QUANTITY_STATUSES)[number];
  move_count_unit: (typeof MOVE_COUNT_UNITS)[number];
  move_count_containers: string;
  move_count_comments: string;
  /** The call-level cargo type; empty on a new call means the first cargo line's (the server fills it). */
  cargo_type: (typeof CARGO_TYPES)[number] | null;
  vessel_characteristics: (typeof VESSEL_CHARACTERISTICS)[number][];
  is_dummy: boolean;
  sync_shift_cargo_volumes: boolean;
  card_colour: (typeof CARD_COLOUR_CLASSES)[number];
  cargo_details: TCargoRowValues[];
  zone: string;
  prise_status: (typeof PRISE_STATUSES)[number] | null;
  prise_message: string;
  prise_code: string;
  voyage_name: string;
  schedule_syncable: boolean;
  is_dummy_vessel: boolean;
  equipment_details: TEquipmentRowValues[];
  portcall_shift_details: TShiftRowValues[];
};

/** An equipment booking as typed: times are terminal wall-clock. */
export type TEquipmentRowValues = { key: string; cargo_handling_equipment_id: number | null; start_time: string; end_time: string };

/** A shift of the shift plan as typed: times are terminal wall-clock, numbers text. */
export type TShiftRowValues = {
  key: string;
  terminal_shift_id: number | null;
  shift_number: string;
  start_time: string;
  end_time: string;
  cargo_type: (typeof CARGO_TYPES)[number] | null;
  cargo_sub_type: string;
  product_name: string;
  discharge: string;
  load: string;
  restow: string;
  gangs: string;
  resource_per_shift: string;
  comments: string;
  contact_person_name: string;
  contact_person_phone: string;
  contact_person_mail: string;
  equipment_numbers: string[];
};

let rowCounter = 0;
const nextRowKey = () => `row-${++rowCounter}`;

export function emptyEquipmentRow(start = '', end = '', equipmentId: number | null = null): TEquipmentRowValues {
  return { key: nextRowKey(), cargo_handling_equipment_id: equipmentId, start_time: start, end_time: end };
}

export function emptyShiftRow(shiftNumber: number, patch: Partial<TShiftRowValues> = {}): TShiftRowValues {
  return {
    key: nextRowKey(),
    terminal_shift_id: null,
    shift_number: String(shiftNumber),
    start_time: '',
    end_time: '',
    cargo_type: null,
    cargo_sub_type: '',
    product_name: '',
    discharge: '0',
    load: '0',
    restow: '0',
    gangs: '0',
    resource_per_shift: '',
    comments: '',
    contact_person_name: '',
    contact_person_phone: '',
    contact_person_mail: '',
    equipment_numbers: [],
    ...patch,
  };
}

/** Resources of a shift: gangs times resources per shift, as the server computes total_resources; null while a number is invalid. */
export function shiftTotalResources(row: Pick<TShiftRowValues, 'gangs' | 'resource_per_shift'>): number | null {
  const gangs = parseNumberField(row.gangs, { min: 0, max: 50, isInteger: true, blank: 'zero' });
  const per = parseNumberField(row.resource_per_shift, { min: 0, max: 1000, isInteger: true, blank: 'zero' });
  return gangs.ok && per.ok ? (gangs.value ?? 0) * (per.value ?? 0) : null;
}

export function emptyCargoRow(): TCargoRowValues {
  return {
    key: nextRowKey(),
    id: null,
    cargo_type: CARGO_TYPES[0],
    cargo_sub_type: '',
    product_type: '',
    move_count: '0',
    move_count_unit: 'pieces',
    discharge: '0',
    load: '0',
    restow: '0',
    units_per_hour: '',
    crane_intensity: '1',
    cargo_operations_start: '',
    cargo_operations_end: '',
    comment: '',
    quantities: null,
    isExpanded: true,
  };
}

/** Form defaults of spec section 3. */
export function defaultFormValues(args: { terminalId: number | null; vesselOperatorId?: number | null; agentId?: number | null }): TPortcallFormValues {
  return {
    terminal_id: args.terminalId,
    vessel_id: null,
    vessel_operator_id: args.vesselOperatorId ?? null,
    agent_id: args.agentId ?? null,
    portcall_type: DEFAULT_PORTCALL_TYPE,
    berth_arrival: '',
    berth_departure: '',
    pilot_boarding_place_id: null,
    pilot_boarding_place_arrival: '',
    pilot_boarding_place_departure: '',
    cargo_operations_start: '',
    cargo_operations_end: '',
    berth_start_position: '',
    berth_end_position: '',
    is_bollards_linked: true,
    berth_orientation: null,
    service_name: '',
    voyage_number_import: '',
    voyage_number_export: '',
    draft_inbound: '0',
    draft_outbound: '0',
    previous_port_id: null,
    next_port_id: null,
    comment: '',
    berth_comment: '',
    cargo_quantity_status: 'Draft',
    move_count_unit: 'pieces',
    move_count_containers: '0',
    move_count_comments: '',
    cargo_type: null,
    vessel_characteristics: [...DEFAULT_VESSEL_CHARACTERISTICS],
    is_dummy: false,
    sync_shift_cargo_volumes: false,
    card_colour: 'default',
    cargo_details: [],
    zone: '',
    prise_status: null,
    prise_message: '',
    prise_code: '',
    voyage_name: '',
    schedule_syncable: false,
    is_dummy_vessel: false,
    equipment_details: [],
    portcall_shift_details: [],
  };
}

const text = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function formValuesFromPortcall(p: TPortcall, timeZone: string): TPortcallFormValues {
  const zoned = (iso: string | null) => toZonedInputValue(iso, timeZone);
  return {
    terminal_id: p.terminal_id,
    vessel_id: p.vessel_id,
    vessel_operator_id: p.vessel_operator_id,
    agent_id: p.agent_id,
    portcall_type: p.portcall_type,
    berth_arrival: zoned(p.berth_arrival),
    berth_departure: zoned(p.berth_departure),
    pilot_boarding_place_id: p.pilot_boarding_place_id,
    pilot_boarding_place_arrival: zoned(p.pilot_boarding_place_arrival),
    pilot_boarding_place_departure: zoned(p.pilot_boarding_place_departure),
    cargo_operations_start: zoned(p.cargo_operations_start),
    cargo_operations_end: zoned(p.cargo_operations_end),
    berth_start_position: numberText(p.berth_start_position),
    berth_end_position: numberText(p.berth_end_position),
    is_bollards_linked: p.is_bollards_linked,
    berth_orientation: p.berth_orientation,
    service_name: text(p.service_name),
    voyage_number_import: text(p.voyage_number_import),
    voyage_number_export: text(p.voyage_number_export),
    draft_inbound: numberText(p.draft_inbound),
    draft_outbound: numberText(p.draft_outbound),
    previous_port_id: p.previous_port_id,
    next_port_id: p.next_port_id,
    comment: text(p.comment),
    berth_comment: text(p.berth_comment),
    cargo_quantity_status: p.cargo_quantity_status,
    move_count_unit: p.move_count_unit,
    move_count_containers: numberText(p.move_count_containers),
    move_count_comments: text(p.move_count_comments),
    cargo_type: p.cargo_type,
    vessel_characteristics: p.vessel_characteristics.filter((c): c is TPortcallFormValues['vessel_characteristics'][number] =>
      (ZPortcallFields.shape.vessel_characteristics.element.options as readonly string[]).includes(c),
    ),
    is_dummy: p.is_dummy,
    sync_shift_cargo_volumes: p.sync_shift_cargo_volumes,
    card_colour: p.card_colour,
    cargo_details: p.cargo_details.map((c) => ({
      key: nextRowKey(),
      id: c.id,
      cargo_type: c.cargo_type,
      cargo_sub_type: text(c.cargo_sub_type),
      product_type: text(c.product_type),
      move_count: numberText(c.move_count),
      move_count_unit: c.move_count_unit,
      discharge: numberText(c.discharge),
      load: numberText(c.load),
      restow: numberText(c.restow),
      units_per_hour: numberText(c.units_per_hour),
      crane_intensity: numberText(c.crane_intensity),
      cargo_operations_start: zoned(c.cargo_operations_start ?? null),
      cargo_operations_end: zoned(c.cargo_operations_end ?? null),
      comment: text(c.comment),
      quantities: c.quantities ?? null,
      isExpanded: true,
    })),
    zone: text(p.zone),
    prise_status: p.prise_status,
    prise_message: text(p.prise_message),
    prise_code: text(p.prise_code),
    voyage_name: text(p.voyage_name),
    schedule_syncable: p.schedule_syncable,
    is_dummy_vessel: p.is_dummy_vessel,
    equipment_details: p.equipment_details.map((e) => ({ key: nextRowKey(), cargo_handling_equipment_id: e.cargo_handling_equipment_id, start_time: zoned(e.start_time), end_time: zoned(e.end_time) })),
    portcall_shift_details: p.portcall_shift_details.map((s) => ({
      key: nextRowKey(),
      terminal_shift_id: s.terminal_shift_id ?? null,
      shift_number: numberText(s.shift_number),
      start_time: zoned(s.start_time),
      end_time: zoned(s.end_time),
      cargo_type: s.cargo_type ?? null,
      cargo_sub_type: text(s.cargo_sub_type),
      product_name: text(s.product_name),
      discharge: numberText(s.discharge),
      load: numberText(s.load),
      restow: numberText(s.restow),
      gangs: numberText(s.gangs),
      resource_per_shift: numberText(s.resource_per_shift),
      comments: text(s.comments),
      contact_person_name: text(s.contact_person?.contact_person_name),
      contact_person_phone: text(s.contact_person?.contact_person_phone),
      contact_person_mail: text(s.contact_person?.contact_person_mail),
      equipment_numbers: s.shift_equipment_details.map((e) => e.equipment_number),
    })),
  };
}

/** Discharge, load and restow of a row: from its tier table when it has one, else as typed. */
export function tierTotals(row: Pick<TCargoRowValues, 'quantities'>): { discharge: number; load: number; restow: number } | null {
  if (!row.quantities) return null;
  const parsed = ZCargoQuantities.safeParse(row.quantities);
  if (!parsed.success) return null;
  const totals = computeCargoQuantities(parsed.data);
  return { discharge: totals.discharge, load: totals.load, restow: totals.restow };
}

type TNumberRule = { min: number; max: number; isInteger?: boolean; blank: 'null' | 'zero' };

/** Numbers typed into the form: blank is null (or 0 where the field has that default), else a finite number within the range. */
export function parseNumberField(value: string, rule: TNumberRule): { ok: true; value: number | null } | { ok: false } {
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return { ok: true, value: rule.blank === 'zero' ? 0 : null };
  const n = Number(trimmed);
  if (!Number.isFinite(n) || n < rule.min || n > rule.max || (rule.isInteger && !Number.isInteger(n))) return { ok: false };
  return { ok: true, value: n };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** `userType`: whose request it is; the fields it may not write (PORTCALL_FIELD_PERMISSIONS) are left out of it. */
export type TBuildContext = { timeZone: string; quayLength: number; vesselLength: number; userType: TUserType };
/** The body of a create or the base of an edit: without the fields the viewer may not write (the terminal's, PRISE's). */
export type TPortcallRequestBody = Omit<TPortcallFieldsInput, TRestrictedPortcallField> & Partial<Pick<TPortcallFieldsInput, TRestrictedPortcallField>>;
/** The request is always built (an edit compares against it); it may be sent only when there are no problems. */
export type TBuildResult = { request: TPortcallRequestBody; problems: TFormProblem[] };

const TIME_FIELDS = ['berth_arrival', 'berth_departure', 'pilot_boarding_place_arrival', 'pilot_boarding_place_departure', 'cargo_operations_start', 'cargo_operations_end'] as const;

/** Checks the form like the server will (required fields, numbers, validatePortcallWindow) and builds the request body. */
export function buildPortcallRequest(values: TPortcallFormValues, ctx: TBuildContext): TBuildResult {
  const problems: TFormProblem[] = [];
  const required = (path: string) => problems.push({ path, message: { key: 'required' } });
  if (values.terminal_id === null) required('terminal_id');
  if (values.vessel_id === null) required('vessel_id');
  if (values.vessel_operator_id === null) required('vessel_operator_id');

  const times = {} as Record<(typeof TIME_FIELDS)[number], string | null>;
  for (const field of TIME_FIELDS) {
    const raw = values[field];
    times[field] = raw.trim() === '' ? null : fromZonedInputValue(raw, ctx.timeZone);
    if (raw.trim() !== '' && times[field] === null) problems.push({ path: field, message: { key: 'invalid_time' } });
  }
  if (!values.berth_arrival.trim()) required('berth_arrival');
  if (!values.berth_departure.trim()) required('berth_departure');

  const numberOf = (path: string, value: string, rule: TNumberRule): number | null => {
    const parsed = parseNumberField(value, rule);
    if (parsed.ok) return parsed.value;
    problems.push({ path, message: { key: rule.isInteger ? 'whole_number_range' : 'number_range', values: { min: rule.min, max: rule.max } } });
    return null;
  };
  const position = { min: 0, max: 100_000, blank: 'null' } as const;
  const berthStart = numberOf('berth_start_position', values.berth_start_position, position);
  const berthEnd = numberOf('berth_end_position', values.berth_end_position, position);
  const draftInbound = numberOf('draft_inbound', values.draft_inbound, { min: 0, max: 30, blank: 'zero' }) ?? 0;
  const draftOutbound = numberOf('draft_outbound', values.draft_outbound, { min: 0, max: 30, blank: 'zero' }) ?? 0;
  const moveCountContainers = numberOf('move_count_containers', values.move_count_containers, { min: 0, max: 100_000, isInteger: true, blank: 'zero' }) ?? 0;

  const cargoDetails: TCargoDetailRequest[] = values.cargo_details.map((row, index) => {
    const path = (field: string) => `cargo_details.${index}.${field}`;
    const quantity = { min: 0, max: 1_000_000, blank: 'zero' } as const;
    const rowTime = (field: 'cargo_operations_start' | 'cargo_operations_end') => {
      if (!row[field].trim()) return null;
      const iso = fromZonedInputValue(row[field], ctx.timeZone);
      if (!iso) problems.push({ path: path(field), message: { key: 'invalid_time' } });
      return iso;
    };
    return {
      ...(row.id !== null ? { id: row.id } : {}),
      cargo_type: row.cargo_type,
      cargo_sub_type: blankToNull(row.cargo_sub_type),
      product_type: blankToNull(row.product_type),
      move_count: numberOf(path('move_count'), row.move_count, quantity) ?? 0,
      move_count_unit: row.move_count_unit,
      discharge: numberOf(path('discharge'), row.discharge, quantity) ?? 0,
      load: numberOf(path('load'), row.load, quantity) ?? 0,
      restow: numberOf(path('restow'), row.restow, quantity) ?? 0,
      units_per_hour: numberOf(path('units_per_hour'), row.units_per_hour, { min: 0, max: 10_000, blank: 'null' }),
      crane_intensity: numberOf(path('crane_intensity'), row.crane_intensity, { min: 0.1, max: 20, blank: 'null' }) ?? 1,
      cargo_operations_start: rowTime('cargo_operations_start'),
      cargo_operations_end: rowTime('cargo_operations_end'),
      comment: blankToNull(row.comment),
      ...(row.quantities ? { quantities: row.quantities } : {}),
    };
  });

  const zonedTime = (path: string, value: string): string => {
    if (!value.trim()) {
      required(path);
      return '';
    }
    const iso = fromZonedInputValue(value, ctx.timeZone);
    if (!iso) problems.push({ path, message: { key: 'invalid_time' } });
    return iso ?? '';
  };
  const endAfterStart = (path: string, start: string, end: string) => {
    if (start && end && Date.parse(end) <= Date.parse(start)) problems.push({ path, message: { key: 'end_after_start' } });
  };
  const equipmentDetails: TEquipmentDetailRequest[] = values.equipment_details.map((row, index) => {
    const path = (field: string) => `equipment_details.${index}.${field}`;
    if (row.cargo_handling_equipment_id === null) required(path('cargo_handling_equipment_id'));
    const start = zonedTime(path('start_time'), row.start_time);
    const end = zonedTime(path('end_time'), row.end_time);
    endAfterStart(path('end_time'), start, end);
    return { cargo_handling_equipment_id: row.cargo_handling_equipment_id ?? 0, start_time: start, end_time: end };
  });
  const shiftDetails: TShiftDetailRequest[] = values.portcall_shift_details.map((row, index) => {
    const path = (field: string) => `portcall_shift_details.${index}.${field}`;
    const count = { min: 0, max: 1_000_000, isInteger: true, blank: 'zero' } as const;
    const start = zonedTime(path('start_time'), row.start_time);
    const end = zonedTime(path('end_time'), row.end_time);
    endAfterStart(path('end_time'), start, end);
    const mail = row.contact_person_mail.trim();
    if (mail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(mail)) problems.push({ path: path('contact_person.contact_person_mail'), message: { key: 'invalid_email' } });
    const phone = row.contact_person_phone.trim();
    if (phone && !/^[+0-9 ()/-]*$/.test(phone)) problems.push({ path: path('contact_person.contact_person_phone'), message: { key: 'invalid_phone' } });
    return {
      ...(row.terminal_shift_id !== null ? { terminal_shift_id: row.terminal_shift_id } : {}),
      shift_number: numberOf(path('shift_number'), row.shift_number, { min: 1, max: 10, isInteger: true, blank: 'null' }) ?? 1,
      start_time: start,
      end_time: end,
      cargo_type: row.cargo_type,
      cargo_sub_type: blankToNull(row.cargo_sub_type),
      product_name: blankToNull(row.product_name),
      discharge: numberOf(path('discharge'), row.discharge, count) ?? 0,
      load: numberOf(path('load'), row.load, count) ?? 0,
      restow: numberOf(path('restow'), row.restow, count) ?? 0,
      gangs: numberOf(path('gangs'), row.gangs, { min: 0, max: 50, isInteger: true, blank: 'zero' }) ?? 0,
      resource_per_shift: numberOf(path('resource_per_shift'), row.resource_per_shift, { min: 0, max: 1000, isInteger: true, blank: 'null' }),
      comments: blankToNull(row.comments),
      contact_person: { contact_person_name: blankToNull(row.contact_person_name), contact_person_phone: blankToNull(phone), contact_person_mail: blankToNull(mail) },
      shift_equipment_details: row.equipment_numbers.map((n) => n.trim()).filter((n) => n !== '').map((equipment_number) => ({ equipment_number })),
    };
  });

  // The business rules run only on what parsed; a missing time is already reported as required.
  if (times.berth_arrival && times.berth_departure) {
    for (const problem of validatePortcallWindow({
      berth_arrival: times.berth_arrival,
      berth_departure: times.berth_departure,
      cargo_operations_start: times.cargo_operations_start,
      cargo_operations_end: times.cargo_operations_end,
      pilot_boarding_place_arrival: times.pilot_boarding_place_arrival,
      berth_start_position: berthStart,
      berth_end_position: berthEnd,
      quayLength: ctx.quayLength,
      vesselLength: ctx.vesselLength,
    })) {
      problems.push({ path: problem.path, message: problemMessageOf(problem.message) });
    }
  }
  const request: TPortcallFieldsInput = {
    // Non-null whenever problems is empty (checked above); an edit's base always has them.
    terminal_id: values.terminal_id ?? 0,
    vessel_id: values.vessel_id ?? 0,
    vessel_operator_id: values.vessel_operator_id ?? 0,
    agent_id: values.agent_id,
    portcall_type: values.portcall_type,
    berth_arrival: times.berth_arrival ?? '',
    berth_departure: times.berth_departure ?? '',
    pilot_boarding_place_id: values.pilot_boarding_place_id,
    pilot_boarding_place_arrival: times.pilot_boarding_place_arrival,
    pilot_boarding_place_departure: times.pilot_boarding_place_departure,
    cargo_operations_start: times.cargo_operations_start,
    cargo_operations_end: times.cargo_operations_end,
    berth_start_position: berthStart,
    berth_end_position: berthEnd,
    is_bollards_linked: values.is_bollards_linked,
    berth_orientation: values.berth_orientation,
    service_name: blankToNull(values.service_name),
    voyage_number_import: blankToNull(values.voyage_number_import),
    voyage_number_export: blankToNull(values.voyage_number_export),
    draft_inbound: draftInbound,
    draft_outbound: draftOutbound,
    previous_port_id: values.previous_port_id,
    next_port_id: values.next_port_id,
    comment: blankToNull(values.comment),
    berth_comment: blankToNull(values.berth_comment),
    cargo_quantity_status: values.cargo_quantity_status,
    move_count_unit: values.move_count_unit,
    move_count_containers: moveCountContainers,
    move_count_comments: blankToNull(values.move_count_comments),
    cargo_type: values.cargo_type,
    vessel_characteristics: values.vessel_characteristics,
    is_dummy: values.is_dummy,
    sync_shift_cargo_volumes: values.sync_shift_cargo_volumes,
    card_colour: values.card_colour,
    cargo_details: cargoDetails,
    zone: blankToNull(values.zone),
    prise_status: values.prise_status,
    prise_message: blankToNull(values.prise_message),
    prise_code: blankToNull(values.prise_code),
    voyage_name: blankToNull(values.voyage_name),
    schedule_syncable: values.schedule_syncable,
    is_dummy_vessel: values.is_dummy_vessel,
    equipment_details: equipmentDetails,
    portcall_shift_details: shiftDetails,
  };
  // The schema is the last word (text lengths and the like the inputs already cap); only checked when all else passed.
  if (problems.length === 0) {
    const parsed = ZPortcallFields.safeParse(request);
    if (!parsed.success) for (const issue of parsed.error.issues) problems.push({ path: issue.path.join('.'), message: { key: 'invalid_value' } });
  }
  return { request: withoutRefusedFields(request, ctx.userType), problems };
}

/** The request as the viewer may send it: a field the server would refuse them is never sent, not even unchanged. */
function withoutRefusedFields(request: TPortcallFieldsInput, userType: TUserType): TPortcallRequestBody {
  const refused = new Set<string>(portcallFieldsRefusedTo(userType));
  return Object.fromEntries(Object.entries(request).filter(([field]) => !refused.has(field))) as TPortcallRequestBody;
}

/** The fields of `next` that differ from `base`: what an edit sends besides the version, so nothing unchanged is rewritten. */
export function changedFields(base: TPortcallRequestBody, next: TPortcallRequestBody): Partial<TPortcallFieldsInput> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === 'terminal_id') continue;
    if (JSON.stringify(value) !== JSON.stringify((base as Record<string, unknown>)[key])) changes[key] = value;
  }
  return changes as Partial<TPortcallFieldsInput>;
}
