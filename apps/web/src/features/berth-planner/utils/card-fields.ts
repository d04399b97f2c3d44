// The detail lines of a port-call card, in the order of the user's portcall_card_settings.
import type { TFunction } from 'i18next';
import { type TLocale, type TPlannerPortcall, type TPortcallCardField } from '@quayline/domain';
import { formatCount, formatNumber } from '@/lib/number-format';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { cargoTypeKey, orientationKey, quantityStatusKey, vesselTypeKey } from '@/entities/portcall/enum-labels';
import { detailedVesselTypeText } from '@/entities/vessel/detailed-vessel-type';

/** Translations for hundreds of cards: each text is looked up once, interpolated ones through a cached template. */
export type TCardTexts = { text: (key: string) => string; format: (key: string, values: Record<string, string | number>) => string };

export function createCardTexts(t: TFunction): TCardTexts {
  const texts = new Map<string, string>();
  const templates = new Map<string, string>();
  const lookUp = t as unknown as (key: string, options?: Record<string, string>) => string;
  return {
    text: (key) => {
      let value = texts.get(key);
      if (value === undefined) {
        value = lookUp(key);
        texts.set(key, value);
      }
      return value;
    },
    format: (key, values) => {
      const names = Object.keys(values);
      const cacheKey = `${key}|${names.join(',')}`;
      let template = templates.get(cacheKey);
      if (template === undefined) {
        // Placeholders go through i18next as markers, so plural-free templates are built once and filled by hand.
        template = lookUp(key, Object.fromEntries(names.map((n) => [n, `\u0000${n}\u0000`])));
        templates.set(cacheKey, template);
      }
      return template.replace(/\u0000(\w+)\u0000/g, (_, name: string) => String(values[name] ?? ''));
    },
  };
}

export type TCardContext = {
  texts: TCardTexts;
  timeZone: string;
  locale: TLocale;
  bollardNames: ReadonlyMap<number, string>;
  /** Pilot boarding places by id, named in the reader's language (the call carries the place's own name). */
  placeNames?: ReadonlyMap<number, string>;
  craneRate?: number | null;
};

const joined = (parts: (string | null | undefined)[]) => parts.filter((p): p is string => !!p).join(' · ');
const shortTime = (iso: string | null, c: TCardContext) => formatZonedDateTime(iso, c.timeZone, c.locale);

function fieldText(call: TPlannerPortcall, field: TPortcallCardField, c: TCardContext): string | null {
  const { text, format } = c.texts;
  switch (field) {
    case 'vessel_type': {
      // The detailed type says more in the same line ("Feeder container ship"); without one, a coded type (DRY_BULK)
      // reads as its label and a free text the code list does not know stays as typed.
      const detailed = detailedVesselTypeText(call.vessel_type_detailed, text);
      if (detailed) return detailed;
      const key = vesselTypeKey(call.vessel_type);
      return key ? text(key) : call.vessel_type;
    }
    case 'cargo_operations_time':
      // Labelled: beside the berth times a bare range reads as the stay, which it is not.
      return call.cargo_operations_start ? format('berthPlanner.card.cargo_window', { from: shortTime(call.cargo_operations_start, c), to: shortTime(call.cargo_operations_end, c) }) : null;
    case 'vessel_operator':
      return call.vessel_operator_code || call.vessel_operator;
    case 'cargo_quantity_status':
      return text(quantityStatusKey(call.cargo_quantity_status));
    case 'berth_orientation':
      return call.berth_orientation ? text(orientationKey(call.berth_orientation)) : null;
    case 'cargo_details':
      return call.cargo_details.length ? joined(call.cargo_details.map((d) => `${text(cargoTypeKey(d.cargo_type))} ${formatNumber(d.total, c.locale, 0)}`)) : null;
    case 'bollards': {
      const first = call.berth_start_bollard_id !== null ? c.bollardNames.get(call.berth_start_bollard_id) : undefined;
      const last = call.berth_end_bollard_id !== null ? c.bollardNames.get(call.berth_end_bollard_id) : undefined;
      return first || last ? `${first ?? '?'} – ${last ?? '?'}` : null;
    }
    case 'position':
      return call.berth_start_position !== null && call.berth_end_position !== null ? format('berthPlanner.card.position', { from: formatCount(call.berth_start_position, c.locale), to: formatCount(call.berth_end_position, c.locale) }) : null;
    case 'draft_inbound_outbound':
      return format('berthPlanner.card.draft', { inbound: formatNumber(call.draft_inbound, c.locale, 1), outbound: formatNumber(call.draft_outbound, c.locale, 1) });
    case 'pilot_boarding_place_arrival':
      return call.pilot_boarding_place_arrival
        ? joined([(call.pilot_boarding_place_id !== null ? c.placeNames?.get(call.pilot_boarding_place_id) : undefined) ?? call.pilot_boarding_place_name, shortTime(call.pilot_boarding_place_arrival, c)])
        : null;
    case 'gangs': {
      const gangs = call.portcall_shift_details.reduce((sum, s) => sum + s.gangs, 0);
      return gangs ? format('berthPlanner.card.gangs', { count: gangs }) : null;
    }
    case 'berth_comment':
      return call.berth_comment;
    case 'resource_shift': {
      const resources = call.portcall_shift_details.reduce((sum, s) => sum + (s.resource_per_shift ?? 0), 0);
      return resources ? format('berthPlanner.card.resources', { count: resources }) : null;
    }
    case 'agent_code':
      return call.agent_code;
    case 'equipments':
      return call.equipment_details.length ? joined(call.equipment_details.map((e) => e.equipment_name)) : null;
    case 'service_name':
      return call.service_name;
    case 'shifts':
      return call.portcall_shift_details.length ? format('berthPlanner.card.shifts', { count: call.portcall_shift_details.length }) : null;
    case 'cargo_ops_progress': {
      // Volumes done against planned (the server's computeCargoProgress), not the share of the cargo window elapsed.
      const planned = call.cargo_details.reduce((sum, c) => sum + c.total, 0) + call.portcall_shift_details.reduce((sum, s) => sum + s.discharge + s.load + s.restow, 0);
      return planned > 0 ? format('berthPlanner.card.progress', { percent: formatCount(call.cargo_progress_percentage, c.locale) }) : null;
    }
    case 'vessel_characteristics':
      return call.vessel_characteristics.length ? call.vessel_characteristics.join(', ') : null;
    default: {
      const unreachable: never = field;
      return unreachable;
    }
  }
}

export function cardLines(call: TPlannerPortcall, fields: readonly TPortcallCardField[], c: TCardContext, maxLines: number): { field: TPortcallCardField; text: string }[] {
  const out: { field: TPortcallCardField; text: string }[] = [];
  for (const field of fields) {
    if (out.length >= maxLines) break;
    const text = fieldText(call, field, c);
    if (text) out.push({ field, text });
  }
  return out;
}
