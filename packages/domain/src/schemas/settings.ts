// User settings: canvas keys of spec section 9, shift-planner and dashboard settings, e-mail notifications.
import { z } from 'zod';
import { LIST_INPUT_MAX_ITEMS } from '../constants';
import { ZLocale } from '../locales';

export const PORTCALL_CARD_FIELDS = [
  'vessel_type', 'cargo_operations_time', 'vessel_operator', 'cargo_quantity_status', 'berth_orientation', 'cargo_details',
  'bollards', 'position', 'draft_inbound_outbound', 'pilot_boarding_place_arrival', 'gangs', 'berth_comment',
  'resource_shift', 'agent_code', 'equipments', 'service_name', 'shifts', 'cargo_ops_progress', 'vessel_characteristics',
] as const;
export const ZPortcallCardField = z.enum(PORTCALL_CARD_FIELDS);
export type TPortcallCardField = z.infer<typeof ZPortcallCardField>;
export const DEFAULT_PORTCALL_CARD_FIELDS: TPortcallCardField[] = [
  'vessel_type', 'cargo_operations_time', 'vessel_operator', 'cargo_quantity_status', 'berth_orientation', 'cargo_details',
  'bollards', 'position', 'draft_inbound_outbound', 'pilot_boarding_place_arrival', 'gangs', 'berth_comment',
];
const ZCardFieldList = z.array(ZPortcallCardField).max(PORTCALL_CARD_FIELDS.length).refine((a) => new Set(a).size === a.length, 'Each field may appear once');

export const REFRESH_INTERVAL_OPTIONS = [1, 5, 15] as const;

/** One value schema per canvas setting key; `update_canvas_settings` takes {type, value}. */
export const CANVAS_SETTING_SCHEMAS = {
  canvas_schedule: z.object({
    days: z.number().int().min(1).max(90),
    hours: z.number().int().min(1).max(24),
    days_before: z.number().int().min(0).max(60),
    days_after: z.number().int().min(0).max(90),
  }),
  canvas_position: z.object({ step_metres: z.number().int().min(10).max(500) }),
  canvas_step_zoom_percentage: z.number().int().min(25).max(1000),
  canvas_refresh: z.union([z.literal(1), z.literal(5), z.literal(15)]),
  switch_canvas_axes: z.boolean(),
  canvas_tidal: z.boolean(),
  canvas_shifts: z.boolean(),
  canvas_volumes: z.boolean(),
  canvas_section_depths: z.boolean(),
  canvas_blockzones: z.boolean(),
  portcall_card_settings: ZCardFieldList,
  canvas_cranes: z.boolean(),
  canvas_highlight_shifts: z.boolean(),
  canvas_highlight_weekends: z.boolean(),
  canvas_hour_grid: z.boolean(),
  canvas_shift_grid: z.boolean(),
  canvas_day_grid: z.boolean(),
} as const;
export type TCanvasSettingKey = keyof typeof CANVAS_SETTING_SCHEMAS;
export const CANVAS_SETTING_KEYS = Object.keys(CANVAS_SETTING_SCHEMAS) as TCanvasSettingKey[];
export const ZCanvasSettings = z.object(CANVAS_SETTING_SCHEMAS);
export type TCanvasSettings = z.infer<typeof ZCanvasSettings>;

/** Berth planner defaults of spec section 9. */
export const DEFAULT_CANVAS_SETTINGS: TCanvasSettings = {
  canvas_schedule: { days: 28, hours: 2, days_before: 7, days_after: 21 },
  canvas_position: { step_metres: 50 },
  canvas_step_zoom_percentage: 100,
  canvas_refresh: 5,
  switch_canvas_axes: false,
  canvas_tidal: false,
  canvas_shifts: false,
  canvas_volumes: false,
  canvas_section_depths: false,
  canvas_blockzones: true,
  portcall_card_settings: DEFAULT_PORTCALL_CARD_FIELDS,
  canvas_cranes: false,
  canvas_highlight_shifts: false,
  canvas_highlight_weekends: false,
  canvas_hour_grid: true,
  canvas_shift_grid: false,
  canvas_day_grid: true,
};

export const ZUpdateCanvasSettingRequest = z.discriminatedUnion(
  'type',
  CANVAS_SETTING_KEYS.map((key) => z.object({ type: z.literal(key), value: CANVAS_SETTING_SCHEMAS[key] })) as unknown as [
    z.ZodObject<{ type: z.ZodLiteral<TCanvasSettingKey>; value: z.ZodTypeAny }>,
    ...z.ZodObject<{ type: z.ZodLiteral<TCanvasSettingKey>; value: z.ZodTypeAny }>[],
  ],
);
export type TUpdateCanvasSettingRequest = { [K in TCanvasSettingKey]: { type: K; value: TCanvasSettings[K] } }[TCanvasSettingKey];

export const SHIFT_PLANNER_ORDER_BY = ['arrival_time', 'departure_time', 'berth_position', 'vessel_name', 'remaining_volume'] as const;
export type TShiftPlannerOrderBy = (typeof SHIFT_PLANNER_ORDER_BY)[number];
/** Rows are port calls, or gangs and equipment; or the week at a glance as a heat strip of volume per shift. */
export const SHIFT_PLANNER_VIEW_MODES = ['by_portcall', 'by_resource', 'week_overview'] as const;
export type TShiftPlannerViewMode = (typeof SHIFT_PLANNER_VIEW_MODES)[number];
/** What a shift card shows (spec section 3, Shift detail). */
export const SHIFT_CARD_FIELDS = [
  'cargo_type', 'cargo_sub_type', 'product_name', 'discharge', 'load', 'restow', 'gangs', 'resource_per_shift', 'total_resources',
  'equipment', 'contact_person', 'comments', 'actual_moves',
] as const;
/** What a row header of a call shows. */
export const SHIFT_PORTCALL_FIELDS = [
  'vessel_name', 'imo_number', 'vessel_operator', 'agent', 'status', 'berth_arrival', 'berth_departure', 'cargo_operations', 'position',
  'cargo_total', 'planned_total', 'remaining_volume',
] as const;
/** What a shift's column header adds up. */
export const SHIFT_HEADER_FIELDS = ['shift_volume', 'gangs', 'equipment', 'portcall_count'] as const;
const uniqueList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values)).max(values.length).refine((a) => new Set(a).size === a.length, 'Each field may appear once');
export const SHIFT_PLANNER_SETTING_SCHEMAS = {
  shift_planner_shift_card_settings: uniqueList(SHIFT_CARD_FIELDS),
  shift_planner_portcall_settings: uniqueList(SHIFT_PORTCALL_FIELDS),
  shift_planner_header_settings: uniqueList(SHIFT_HEADER_FIELDS),
  number_of_days_to_show_shifts: z.number().int().min(1).max(14),
  order_by: z.enum(SHIFT_PLANNER_ORDER_BY),
  shift_planner_view_mode: z.enum(SHIFT_PLANNER_VIEW_MODES),
} as const;
export type TShiftPlannerSettingKey = keyof typeof SHIFT_PLANNER_SETTING_SCHEMAS;
export const SHIFT_PLANNER_SETTING_KEYS = Object.keys(SHIFT_PLANNER_SETTING_SCHEMAS) as TShiftPlannerSettingKey[];
export const ZShiftPlannerSettings = z.object(SHIFT_PLANNER_SETTING_SCHEMAS);
export type TShiftPlannerSettings = z.infer<typeof ZShiftPlannerSettings>;
/** Spec section 9: 3 days, ordered by arrival time. */
export const DEFAULT_SHIFT_PLANNER_SETTINGS: TShiftPlannerSettings = {
  shift_planner_shift_card_settings: ['cargo_type', 'discharge', 'load', 'restow', 'gangs', 'equipment', 'contact_person'],
  shift_planner_portcall_settings: ['vessel_name', 'berth_arrival', 'berth_departure', 'position'],
  shift_planner_header_settings: ['shift_volume', 'gangs', 'equipment'],
  number_of_days_to_show_shifts: 3,
  order_by: 'arrival_time',
  shift_planner_view_mode: 'by_portcall',
};
export const ZUpdateShiftPlannerSettingRequest = z.discriminatedUnion(
  'type',
  SHIFT_PLANNER_SETTING_KEYS.map((key) => z.object({ type: z.literal(key), value: SHIFT_PLANNER_SETTING_SCHEMAS[key] })) as unknown as [
    z.ZodObject<{ type: z.ZodLiteral<TShiftPlannerSettingKey>; value: z.ZodTypeAny }>,
    ...z.ZodObject<{ type: z.ZodLiteral<TShiftPlannerSettingKey>; value: z.ZodTypeAny }>[],
  ],
);
export type TUpdateShiftPlannerSettingRequest = { [K in TShiftPlannerSettingKey]: { type: K; value: TShiftPlannerSettings[K] } }[TShiftPlannerSettingKey];

export const DASHBOARD_WIDGETS = ['user_stats', 'watchlist', 'alerts', 'cargo_operation_progress', 'portcall_kpis', 'overall_performance'] as const;
export const PORTCALL_KPIS = ['waiting_time', 'berth_productivity', 'on_time_arrival', 'crane_intensity', 'turnaround_time'] as const;
export const DASHBOARD_GRAPHS = ['arrivals_per_day', 'moves_per_day', 'berth_utilisation'] as const;
export const DASHBOARD_CHART_TYPES = ['bar', 'line', 'area'] as const;
/** How the overall_performance widget opens: a custom period is not kept (its dates belong to one question). */
export const ZDashboardPerformanceSettings = z.object({
  period: z.enum(['day', 'week', 'month']),
  // The same ids as KPI_GROUPINGS and OVERALL_KPIS in kpis.ts, which imports this file.
  grouping: z.enum(['day', 'week', 'month', 'vessel_operator', 'berth_section']),
  chart_type: z.enum(DASHBOARD_CHART_TYPES),
  kpis: z.array(z.string().min(1).max(64)).max(30),
});
export type TDashboardPerformanceSettings = z.infer<typeof ZDashboardPerformanceSettings>;
export const ZDashboardSettings = z.object({
  portcall_kpi_settings: z.array(z.enum(PORTCALL_KPIS)).max(LIST_INPUT_MAX_ITEMS),
  dashboard_graph_settings: z.array(z.enum(DASHBOARD_GRAPHS)).max(LIST_INPUT_MAX_ITEMS),
  /** The widgets shown, in the user's order; a hidden widget is left out. */
  dashboard_allowed_widgets: z.array(z.enum(DASHBOARD_WIDGETS)).max(LIST_INPUT_MAX_ITEMS).refine((a) => new Set(a).size === a.length, 'Each widget may appear once'),
  dashboard_performance_settings: ZDashboardPerformanceSettings,
});
export type TDashboardSettings = z.infer<typeof ZDashboardSettings>;
export const DEFAULT_DASHBOARD_SETTINGS: TDashboardSettings = {
  portcall_kpi_settings: [...PORTCALL_KPIS],
  dashboard_graph_settings: [...DASHBOARD_GRAPHS],
  dashboard_allowed_widgets: [...DASHBOARD_WIDGETS],
  dashboard_performance_settings: { period: 'month', grouping: 'day', chart_type: 'bar', kpis: ['berth_utilisation', 'waiting_time_avg', 'arrival_punctuality_1h'] },
};
export const ZUpdateDashboardSettingsRequest = ZDashboardSettings.partial().refine((v) => Object.keys(v).length > 0, 'Send at least one setting');

export function isIanaTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeOfDay = z.string().max(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm (00:00 to 23:59)');
export const ZTimeZone = z.string().min(1).max(64).refine(isIanaTimeZone, 'Unknown time zone');

/** Query of the e-mail notification setting: enable, receive_time, timezone (spec 7). */
export const ZEmailNotificationSettingQuery = z.object({
  enable: z.enum(['true', 'false']).transform((v) => v === 'true'),
  receive_time: ZTimeOfDay,
  timezone: ZTimeZone,
});
export const ZMailSettings = z.object({ receive_time: ZTimeOfDay, timezone: ZTimeZone });
export type TMailSettings = z.infer<typeof ZMailSettings>;

export const ZUpdateLocaleRequest = z.object({ selected_locale: ZLocale });
