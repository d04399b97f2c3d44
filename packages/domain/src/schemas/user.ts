// The signed-in user and the settings returned by /user_details (spec 3, "User session and settings").
import { z } from 'zod';
import { ZLocale } from '../locales';
import { ZCanvasSettings, ZDashboardSettings, ZMailSettings, ZPortcallCardField, ZShiftPlannerSettings } from './settings';

export const USER_TYPES = ['terminal_operator', 'vessel_operator', 'agent'] as const;
export const ZUserType = z.enum(USER_TYPES);
export type TUserType = z.infer<typeof ZUserType>;

export const ZUserInfo = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: ZUserType,
  selected_locale: ZLocale,
  organisation_id: z.number().int().nullable(),
  organisation_name: z.string().nullable(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZUserDetails = ZUserInfo.extend({
  daily_tasks_email: z.boolean(),
  enable_email_notification: z.boolean(),
  mail_settings: ZMailSettings,
  portcall_card_settings: z.array(ZPortcallCardField),
  canvas_settings: ZCanvasSettings,
  shift_planner_settings: ZShiftPlannerSettings,
  shift_planner_shift_card_settings: z.array(z.string()),
  shift_planner_portcall_settings: z.array(z.string()),
  shift_planner_header_settings: z.array(z.string()),
  portcall_kpi_settings: ZDashboardSettings.shape.portcall_kpi_settings,
  dashboard_graph_settings: ZDashboardSettings.shape.dashboard_graph_settings,
  dashboard_allowed_widgets: ZDashboardSettings.shape.dashboard_allowed_widgets,
  dashboard_performance_settings: ZDashboardSettings.shape.dashboard_performance_settings,
  acting_as: z.object({ id: z.number().int(), email: z.string() }).nullable(),
});
export type TUserDetails = z.infer<typeof ZUserDetails>;
