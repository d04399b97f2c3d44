// Walks every enumeration the domain exports and fails on a value a screen would show without a label in one of the
// four languages: people read "Dry bulk carrier", never DRY_BULK. Enumerations that never reach a screen are listed
// with the reason; a new enumeration must be added to one of the two lists.
import { describe, expect, it } from 'vitest';
import * as domain from '@quayline/domain';
import { LOCALES, type TLocale } from '@quayline/domain';
import en from '../../../../server/src/modules/translations/locales/en.json';
import de from '../../../../server/src/modules/translations/locales/de.json';
import fr from '../../../../server/src/modules/translations/locales/fr.json';
import es from '../../../../server/src/modules/translations/locales/es.json';
import type { TTranslationTree } from '@/lib/i18n';
import {
  cargoTypeKey,
  changeLabelHintKey,
  changeLabelKey,
  fullKindKey,
  orientationKey,
  portcallTypeKey,
  priseStatusKey,
  quantityStatusKey,
  statusKey,
  timeLabelKey,
  vesselTypeKey,
} from './enum-labels';

const BUNDLES: Record<TLocale, TTranslationTree> = { en, de, fr, es };

type TKeyOf = (value: string) => string | readonly string[] | null;
const under = (prefix: string, slug: (v: string) => string = (v) => v): TKeyOf => (v) => `${prefix}.${slug(v)}`;
const snake = (v: string) => v.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/** Each enumeration people read, with the key (or keys) its values are shown through. */
const LABELLED: Record<string, TKeyOf> = {
  VESSEL_TYPES: (v) => vesselTypeKey(v),
  DETAILED_VESSEL_TYPE_KEYS: under('portcalls.vessel_types_detailed'),
  TIME_LABELS: (v) => timeLabelKey(v as domain.TTimeLabel),
  CHANGE_LABELS: (v) => [changeLabelKey(v as domain.TChangeLabel), changeLabelHintKey(v as domain.TChangeLabel)],
  PORTCALL_STATUSES: (v) => statusKey(v as domain.TPortcallStatus),
  STATUS_DISPLAY_ORDER: (v) => statusKey(v as domain.TPortcallStatus),
  PORTCALL_TYPES: (v) => portcallTypeKey(v as (typeof domain.PORTCALL_TYPES)[number]),
  BERTH_ORIENTATIONS: (v) => orientationKey(v as (typeof domain.BERTH_ORIENTATIONS)[number]),
  CARGO_TYPES: (v) => cargoTypeKey(v as (typeof domain.CARGO_TYPES)[number]),
  CARGO_QUANTITY_STATUSES: (v) => quantityStatusKey(v as (typeof domain.CARGO_QUANTITY_STATUSES)[number]),
  PRISE_STATUSES: (v) => priseStatusKey(v as (typeof domain.PRISE_STATUSES)[number]),
  CONTAINER_FULL_KINDS: (v) => fullKindKey(v as (typeof domain.CONTAINER_FULL_KINDS)[number]),
  VEHICLE_FULL_KINDS: (v) => fullKindKey(v as (typeof domain.VEHICLE_FULL_KINDS)[number]),
  PRISE_STEPS: under('portcalls.prise.steps'),
  JIT_DELIVERY_STATUSES: under('portcalls.jit.status'),
  NEGOTIATION_ACTIONS: under('portcalls.actions'),
  NEGOTIATED_TIMES: under('portcalls.times'),
  MOVE_COUNT_UNITS: under('portcalls.units'),
  VESSEL_CHARACTERISTICS: under('portcalls.characteristics'),
  DEFAULT_VESSEL_CHARACTERISTICS: under('portcalls.characteristics'),
  CARD_COLOUR_CLASSES: under('portcalls.colours'),
  AUDIT_EVENT_TYPES: under('portcalls.audit_events'),
  PREDICTED_ARRIVAL_STATUSES: under('portcalls.predicted'),
  PORT_AUTHORITY_STATUSES: under('portcalls.prise.authority_statuses'),
  PRISE_HISTORY_EVENTS: under('portcalls.prise.events'),
  PRISE_REQUIRED_FIELDS: under('portcalls.prise.fields'),
  PRISE_NOTICE_OWN_FIELDS: under('portcalls.prise.fields'),
  CARGO_OPERATIONS: under('portcalls.cargo'),
  VEHICLE_KINDS: under('portcalls.tiers'),
  PORTCALL_CARD_FIELDS: under('settings.card.fields'),
  DEFAULT_PORTCALL_CARD_FIELDS: under('settings.card.fields'),
  USER_TYPES: under('userTypes'),
  DASHBOARD_WIDGETS: under('dashboard.widgets'),
  PORTCALL_KPIS: under('dashboard.kpi'),
  OVERALL_KPIS: under('dashboard.kpi'),
  DASHBOARD_CHART_TYPES: under('dashboard.performance.chart_types'),
  KPI_UNITS: under('dashboard.performance.axis'),
  KPI_PERIODS: under('dashboard.performance.periods'),
  KPI_GROUPINGS: under('dashboard.performance.groupings'),
  ALERT_RULES: under('dashboard.alerts.rules'),
  ALERT_SEVERITIES: under('dashboard.alerts.severities'),
  SHIFT_CARD_FIELDS: under('shiftPlanner.card_fields'),
  SHIFT_PORTCALL_FIELDS: under('shiftPlanner.row_fields'),
  SHIFT_HEADER_FIELDS: under('shiftPlanner.header_fields'),
  SHIFT_PLANNER_ORDER_BY: under('shiftPlanner.order'),
  SHIFT_PLANNER_VIEW_MODES: under('shiftPlanner.views'),
  NON_WORKING_TIME_KINDS: under('shiftPlanner.calendar.kinds'),
  SHIFT_PLAN_PROBLEM_KINDS: under('shiftPlanner.problems'),
  TASK_REASONS: under('tasks.reasons'),
  TASK_FILTERS: under('tasks.filters'),
  DIGEST_GROUPS: under('tasks.filters'),
  SITUATION_STATES: under('reports.situation'),
  MOVEMENT_KINDS: under('reports.movement.kinds'),
  MOVEMENT_TIME_SOURCES: under('reports.movement.sources'),
  AIS_SHIP_TYPE_GROUPS: under('map.ship_type_groups'),
  NOTIFICATION_TYPES: under('notifications.types'),
  VOYAGE_DIRECTIONS: under('voyageCenter.directions'),
  SCHEDULE_SYNC_STATES: under('voyageCenter.sync_states'),
  BERTH_TYPES: under('berthPlanner.berth_types', snake),
  PLANNER_MODES: under('berthPlanner.mode'),
  PASSWORD_RULES: under('passwordStrength.rules'),
  TIME_WINDOW_SOURCES: under('enums.time_window_sources'),
  AIS_TIME_SOURCES: under('enums.time_window_sources'),
  PREDICTION_SOURCES: (v) => `portcalls.predicted.source_${v}`,
  CREATOR_TYPES: under('enums.creator_types'),
  MESSAGE_ICON_STATES: under('enums.message_icon_states'),
  SYSTEM_KINDS: under('enums.system_kinds'),
  VOYAGE_DATA_SOURCES: under('enums.voyage_data_sources'),
  SCHEDULE_PROVIDER_KINDS: under('enums.voyage_data_sources'),
  ERROR_CODES: under('errors'),
};

/** Enumerations that never reach a screen as words, and why. */
const NOT_SHOWN: Record<string, string> = {
  LOCALES: 'shown as the language names of the locale switch',
  CANVAS_SETTING_KEYS: 'keys of stored settings',
  SHIFT_PLANNER_SETTING_KEYS: 'keys of stored settings',
  DASHBOARD_GRAPHS: 'ids of stored chart choices',
  REALTIME_CHANNEL_KINDS: 'WebSocket channel names',
  REALTIME_ERROR_CODES: 'WebSocket protocol codes',
  REALTIME_EVENT_NAMES: 'WebSocket event names',
  STORED_JSON_KINDS: 'database JSON kinds',
  PORTCALL_FIELDS: 'API field names; the screens name them through fieldKey',
  DCSA_CLASSIFIERS: 'DCSA message codes',
  DCSA_VESSEL_TYPE_CODES: 'DCSA message codes',
  DCSA_SERVICE_TYPES: 'DCSA message codes',
  DCSA_NEGOTIABLE_SERVICE_TYPES: 'DCSA message codes',
  SCHEDULE_CLASSIFIERS: 'DCSA message codes',
  OVS_PORT_CALL_STATUS_CODES: 'DCSA message codes',
  CONTAINER_SIZES: 'shown as they are (20, 40, 45 ft)',
  DOWNLOAD_FILE_TYPES: 'request parameters; the download menu names the file types',
  VOYAGE_SOURCES: 'filter values; the voyage list shows them through voyageCenter.sources and enums.voyage_data_sources',
  CARGO_HANDLING_EQUIPMENT_TYPES: 'master data typed in English by the terminal',
};

function lookUp(tree: TTranslationTree, key: string): string | undefined {
  let node: TTranslationTree | string | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const isStringList = (value: unknown): value is readonly string[] => Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');
const enumerations = (Object.entries(domain) as [string, unknown][]).flatMap(([name, value]) => (isStringList(value) ? [[name, value] as const] : []));

describe('enumeration labels', () => {
  it('knows every enumeration the domain exports: labelled or listed as never shown', () => {
    const unknown = enumerations.map(([name]) => name).filter((name) => !(name in LABELLED) && !(name in NOT_SHOWN));
    expect(unknown).toEqual([]);
  });

  it.each(LOCALES)('has a label in %s for every value of every labelled enumeration', (locale) => {
    const missing: string[] = [];
    for (const [name, values] of enumerations) {
      const keyOf = LABELLED[name];
      if (!keyOf) continue;
      for (const value of values) {
        const keys = keyOf(value);
        if (keys === null) missing.push(`${name}.${value}`);
        else for (const key of typeof keys === 'string' ? [keys] : keys) if (!lookUp(BUNDLES[locale], key)?.trim()) missing.push(`${name}.${value} (${key})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
