// The words on the board: a card's chosen fields, a row header's chosen fields, a column header's totals, a shift's
// name and times in the terminal's zone, and every problem of the plan in a sentence.
import type { TFunction } from 'i18next';
import type {
  SHIFT_CARD_FIELDS,
  SHIFT_HEADER_FIELDS,
  SHIFT_PORTCALL_FIELDS,
  TBoardPortcall,
  TBoardShift,
  TBoardShiftVolume,
  TLocale,
  TShiftDetailInput,
  TShiftPlanProblem,
} from '@quayline/domain';
import { localizedName } from '@quayline/domain';
import { cargoTypeKey, statusKey } from '@/entities/portcall/enum-labels';
import { formatDay, formatZonedDateTime, toZonedInputValue } from '@/lib/zoned-time';
import { formatCount } from '@/lib/number-format';

export type TShiftCardField = (typeof SHIFT_CARD_FIELDS)[number];
export type TShiftPortcallField = (typeof SHIFT_PORTCALL_FIELDS)[number];
export type TShiftHeaderField = (typeof SHIFT_HEADER_FIELDS)[number];
export type TLine<F extends string> = { field: F; text: string };

export type TTexts = { t: TFunction; locale: TLocale; timeZone: string };

/** Moves, gangs, equipment and calls are counted: whole numbers in the reader's grouping. */
export const formatNumber = formatCount;

const VOLUME_FIELDS = ['discharge', 'load', 'restow'] as const;

export function cardLines(card: TShiftDetailInput, fields: readonly TShiftCardField[], { t, locale }: TTexts): TLine<TShiftCardField>[] {
  const n = (v: number) => formatNumber(v, locale);
  const chosen = new Set(fields);
  const lines: TLine<TShiftCardField>[] = [];
  const volumes = VOLUME_FIELDS.filter((f) => chosen.has(f));
  // Discharge, load and restow share one line: a card is small.
  if (volumes.length > 0) lines.push({ field: volumes[0]!, text: volumes.map((f) => t(`shiftPlanner.card.${f}_short`, { value: n(card[f]) })).join(' · ') });
  for (const field of fields) {
    switch (field) {
      case 'cargo_type':
        if (card.cargo_type) lines.push({ field, text: t(cargoTypeKey(card.cargo_type)) });
        break;
      case 'cargo_sub_type':
        if (card.cargo_sub_type) lines.push({ field, text: card.cargo_sub_type });
        break;
      case 'product_name':
        if (card.product_name) lines.push({ field, text: card.product_name });
        break;
      case 'discharge':
      case 'load':
      case 'restow':
        break;
      case 'gangs':
        lines.push({ field, text: t('shiftPlanner.card.gangs', { value: n(card.gangs) }) });
        break;
      case 'resource_per_shift':
        if (card.resource_per_shift !== null && card.resource_per_shift !== undefined) lines.push({ field, text: t('shiftPlanner.card.resource_per_shift', { value: n(card.resource_per_shift) }) });
        break;
      case 'total_resources':
        lines.push({ field, text: t('shiftPlanner.card.total_resources', { value: n(card.gangs * (card.resource_per_shift ?? 0)) }) });
        break;
      case 'equipment':
        if (card.shift_equipment_details.length > 0) lines.push({ field, text: card.shift_equipment_details.map((e) => e.equipment_number).join(', ') });
        break;
      case 'contact_person': {
        const c = card.contact_person;
        const text = [c?.contact_person_name, c?.contact_person_phone, c?.contact_person_mail].filter(Boolean).join(' · ');
        if (text) lines.push({ field, text });
        break;
      }
      case 'comments':
        if (card.comments) lines.push({ field, text: card.comments });
        break;
      case 'actual_moves':
        if (card.actual_moves !== null && card.actual_moves !== undefined) lines.push({ field, text: t('shiftPlanner.card.actual_moves', { value: n(card.actual_moves) }) });
        break;
      default: {
        const unreachable: never = field;
        return unreachable;
      }
    }
  }
  return lines;
}

export function rowLines(call: TBoardPortcall, fields: readonly TShiftPortcallField[], { t, locale, timeZone }: TTexts): TLine<TShiftPortcallField>[] {
  const n = (v: number) => formatNumber(v, locale);
  const at = (iso: string | null) => formatZonedDateTime(iso, timeZone, locale);
  const lines: TLine<TShiftPortcallField>[] = [];
  for (const field of fields) {
    switch (field) {
      case 'vessel_name':
        break;
      case 'imo_number':
        lines.push({ field, text: t('shiftPlanner.row.imo', { value: call.imo_number }) });
        break;
      case 'vessel_operator':
        if (call.vessel_operator_name) lines.push({ field, text: call.vessel_operator_name });
        break;
      case 'agent':
        if (call.agent_name) lines.push({ field, text: t('shiftPlanner.row.agent', { value: call.agent_name }) });
        break;
      case 'status':
        lines.push({ field, text: t(statusKey(call.status)) });
        break;
      case 'berth_arrival':
        lines.push({ field, text: t('shiftPlanner.row.arrival', { time: at(call.berth_arrival) }) });
        break;
      case 'berth_departure':
        lines.push({ field, text: t('shiftPlanner.row.departure', { time: at(call.berth_departure) }) });
        break;
      case 'cargo_operations':
        if (call.cargo_operations_start && call.cargo_operations_end) lines.push({ field, text: t('shiftPlanner.row.cargo_operations', { from: at(call.cargo_operations_start), to: at(call.cargo_operations_end) }) });
        break;
      case 'position':
        if (call.berth_start_position !== null && call.berth_end_position !== null) lines.push({ field, text: t('shiftPlanner.row.position', { from: n(call.berth_start_position), to: n(call.berth_end_position) }) });
        break;
      case 'cargo_total':
        lines.push({ field, text: t('shiftPlanner.row.cargo_total', { cargo: n(call.cargo.total), planned: n(call.planned.total) }) });
        break;
      case 'planned_total':
        lines.push({ field, text: t('shiftPlanner.row.planned_total', { value: n(call.planned.total) }) });
        break;
      case 'remaining_volume':
        lines.push({ field, text: t('shiftPlanner.row.remaining', { value: n(call.remaining_volume) }) });
        break;
      default: {
        const unreachable: never = field;
        return unreachable;
      }
    }
  }
  return lines;
}

export function headerLines(volume: TBoardShiftVolume | undefined, fields: readonly TShiftHeaderField[], { t, locale }: TTexts): TLine<TShiftHeaderField>[] {
  const n = (v: number) => formatNumber(v, locale);
  if (!volume) return [];
  return fields.map((field) => {
    switch (field) {
      case 'shift_volume':
        return { field, text: t('shiftPlanner.header.volume', { value: n(volume.volume) }) };
      case 'gangs':
        return { field, text: t('shiftPlanner.header.gangs', { used: n(volume.gangs), available: n(volume.gangs_available) }) };
      case 'equipment':
        return { field, text: t('shiftPlanner.header.equipment', { used: n(volume.equipment.length), available: n(volume.equipment_available) }) };
      case 'portcall_count':
        return { field, text: t('shiftPlanner.header.calls', { value: n(volume.portcall_count) }) };
      default: {
        const unreachable: never = field;
        return unreachable;
      }
    }
  });
}

const weekdayFormats = new Map<TLocale, Intl.DateTimeFormat>();
/** The local day of a shift with its weekday, in the user's language. */
export function dayLabel(date: string, locale: TLocale): string {
  let format = weekdayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    weekdayFormats.set(locale, format);
  }
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${format.format(new Date(Date.UTC(y, m - 1, d)))} ${formatDay(date, locale)}`;
}

const clock = (iso: string, timeZone: string) => toZonedInputValue(iso, timeZone).slice(11);
/** 06:00–14:00 in the terminal's zone. */
export const shiftTimes = (shift: Pick<TBoardShift, 'start_time' | 'end_time'>, timeZone: string): string => `${clock(shift.start_time, timeZone)}–${clock(shift.end_time, timeZone)}`;
/** Di 15.07.2026 Früh, for a sentence. */
export const shiftLabel = (shift: TBoardShift, locale: TLocale): string => `${dayLabel(shift.date, locale)} ${localizedName(shift, locale)}`;

export function problemText(problem: TShiftPlanProblem, names: { vessel: (id: number) => string; shift: (key: string | null) => string }, { t, locale }: TTexts): string {
  const n = (v: number | null) => formatNumber(v ?? 0, locale);
  const vessels = problem.portcall_ids.map(names.vessel).join(', ');
  const shift = names.shift(problem.shift_key);
  switch (problem.kind) {
    case 'gangs_over_capacity':
      return t('shiftPlanner.problems.gangs_over_capacity', { shift, demanded: n(problem.demanded), available: n(problem.available) });
    case 'equipment_double_booked':
      return t('shiftPlanner.problems.equipment_double_booked', { shift, equipment: problem.equipment_number ?? '', vessels });
    case 'work_in_closed_shift':
      return t('shiftPlanner.problems.work_in_closed_shift', { shift, vessels });
    case 'work_outside_stay':
      return t('shiftPlanner.problems.work_outside_stay', { shift, vessels });
    case 'volume_mismatch':
      return t('shiftPlanner.problems.volume_mismatch', { vessels, planned: n(problem.demanded), cargo: n(problem.available) });
    default: {
      const unreachable: never = problem.kind;
      return unreachable;
    }
  }
}
