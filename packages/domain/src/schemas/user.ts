// The signed-in user and the settings returned by /user_details (spec 3, "User session and settings").
import { z } from 'zod';
import { ZLocale } from '../locales';
import { ZCanvasSettings, ZDashboardSettings, ZMailSettings, ZPortcallCardField, ZShiftPlannerSettings } from './settings';
import { ZRecordIdValue } from './master-data';

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

/** A person on either side of a proxy session. */
export const ZProxyPerson = z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() });
export type TProxyPerson = z.infer<typeof ZProxyPerson>;

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
  /** Kept for older clients: the real person behind a proxy session. `proxy` says the same more fully. */
  acting_as: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  /** Set while someone acts for this user: who really acts, for whom, and until when. */
  proxy: z
    .object({ actor: ZProxyPerson, acting_for: ZProxyPerson, expires_at: z.string() })
    .nullable(),
});
export type TUserDetails = z.infer<typeof ZUserDetails>;

/** POST /proxy_session: whom to act for. */
export const ZStartProxySessionRequest = z.object({ user_id: ZRecordIdValue });
export const ZStartProxySessionResponse = z.object({ token: z.string(), expires_at: z.string() });
export type TStartProxySessionResponse = z.infer<typeof ZStartProxySessionResponse>;

/** GET /proxy_session/candidates: the people the signed-in user may act for. */
export const ZProxyCandidate = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  user_type: ZUserType,
  organisation_name: z.string().nullable(),
});
export type TProxyCandidate = z.infer<typeof ZProxyCandidate>;

/** GET /proxy_sessions/on_my_behalf: recent sessions in which someone acted for the signed-in user. */
export const ZProxySessionOnMyBehalf = z.object({
  id: z.number().int(),
  actor: ZProxyPerson,
  started_at: z.string(),
  /** When it was ended by hand (or signed out); null while it runs or when it simply ran out. */
  ended_at: z.string().nullable(),
  expires_at: z.string(),
  request_count: z.number().int(),
  write_count: z.number().int(),
});
export type TProxySessionOnMyBehalf = z.infer<typeof ZProxySessionOnMyBehalf>;
