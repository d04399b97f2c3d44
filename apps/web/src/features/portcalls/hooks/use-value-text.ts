// Readable text for one port-call field value, as the audit trail and the conflict notice show it.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BERTH_ORIENTATIONS,
  CARD_COLOUR_CLASSES,
  CARGO_QUANTITY_STATUSES,
  CARGO_TYPES,
  MOVE_COUNT_UNITS,
  PORTCALL_TYPES,
  PRISE_STATUSES,
  TIME_LABELS,
  VESSEL_CHARACTERISTICS,
  type TPortcall,
  type TTimeLabel,
} from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatNumber } from '@/lib/number-format';
import { withLabel } from '@/lib/record-labels';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { cargoTypeKey, characteristicKey, colourKey, fieldKey, orientationKey, portcallTypeKey, priseStatusKey, quantityStatusKey, timeLabelKey, unitKey } from '@/entities/portcall/enum-labels';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

/** Names of the records a port call points at, to show an id as what it stands for. */
export type TRecordNames = Partial<Record<'vessel_id' | 'vessel_operator_id' | 'agent_id' | 'pilot_boarding_place_id' | 'previous_port_id' | 'next_port_id', Map<number, string>>>;

export function recordNamesOf(...portcalls: (TPortcall | null | undefined)[]): TRecordNames {
  const names: Required<TRecordNames> = {
    vessel_id: new Map(),
    vessel_operator_id: new Map(),
    agent_id: new Map(),
    pilot_boarding_place_id: new Map(),
    previous_port_id: new Map(),
    next_port_id: new Map(),
  };
  for (const p of portcalls) {
    if (!p) continue;
    names.vessel_id.set(p.vessel_id, p.vessel_name);
    names.vessel_operator_id.set(p.vessel_operator_id, p.vessel_operator_code);
    if (p.agent_id !== null && p.agent_code) names.agent_id.set(p.agent_id, p.agent_code);
    if (p.pilot_boarding_place_id !== null && p.pilot_boarding_place_name) names.pilot_boarding_place_id.set(p.pilot_boarding_place_id, p.pilot_boarding_place_name);
    if (p.previous_port_id !== null && p.previous_port) names.previous_port_id.set(p.previous_port_id, p.previous_port);
    if (p.next_port_id !== null && p.next_port) names.next_port_id.set(p.next_port_id, p.next_port);
  }
  return names;
}

export function useValueText(timeZone: string, names: TRecordNames = {}) {
  const { t } = useTranslation();
  const locale = useLocale();

  const text = useCallback(
    (field: string, value: unknown): string => {
      if (value === null || value === undefined || value === '') return t('portcalls.not_set');
      if (typeof value === 'boolean') return value ? t('portcalls.yes') : t('portcalls.no');
      if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatZonedDateTime(value, timeZone, locale);
      if (field in names && typeof value === 'number') return names[field as keyof TRecordNames]?.get(value) ?? t('portcalls.record_id', { id: value });
      if (field === 'portcall_type' && isOneOf(PORTCALL_TYPES, value)) return t(portcallTypeKey(value));
      if (field === 'berth_orientation' && isOneOf(BERTH_ORIENTATIONS, value)) return t(orientationKey(value));
      if (field === 'cargo_quantity_status' && isOneOf(CARGO_QUANTITY_STATUSES, value)) return t(quantityStatusKey(value));
      if (field === 'move_count_unit' && isOneOf(MOVE_COUNT_UNITS, value)) return t(unitKey(value));
      if (field === 'cargo_type' && isOneOf(CARGO_TYPES, value)) return t(cargoTypeKey(value));
      if (field === 'card_colour' && isOneOf(CARD_COLOUR_CLASSES, value)) return t(colourKey(value));
      if (field === 'prise_status' && isOneOf(PRISE_STATUSES, value)) return t(priseStatusKey(value));
      if (field.endsWith('_details') && (typeof value === 'number' || Array.isArray(value))) {
        const count = typeof value === 'number' ? value : value.length;
        return field === 'cargo_details' ? t('portcalls.audit.cargo_rows', { count }) : t('portcalls.audit.rows', { count });
      }
      if (Array.isArray(value)) {
        if (value.length === 0) return t('portcalls.none');
        return value.map((v) => (isOneOf(VESSEL_CHARACTERISTICS, v) ? t(characteristicKey(v)) : String(v))).join(', ');
      }
      if (typeof value === 'number') {
        const decimals = field.startsWith('draft_') ? 1 : Number.isInteger(value) ? 0 : 1;
        return formatNumber(value, locale, decimals);
      }
      if (typeof value === 'object') {
        // A negotiated time in the audit trail: {value, label, action?}.
        const entry = value as Record<string, unknown>;
        if ('value' in entry || 'label' in entry) {
          const when = entry.value ? text(field, entry.value) : t('portcalls.not_set');
          return isOneOf<TTimeLabel>(TIME_LABELS, entry.label) ? withLabel(when, t(timeLabelKey(entry.label))) : when;
        }
        return Object.entries(entry)
          .map(([key, v]) => {
            const k = fieldKey(key);
            return `${k ? t(k) : key}: ${text(key, v)}`;
          })
          .join('; ');
      }
      return String(value);
    },
    [t, locale, timeZone, names],
  );
  return text;
}
