// Shapes a stored user into the payloads of /login (user_info) and /user_details.
import {
  DEFAULT_CANVAS_SETTINGS,
  DEFAULT_DASHBOARD_SETTINGS,
  DEFAULT_SHIFT_PLANNER_SETTINGS,
  isLocale,
  type TCanvasSettings,
  type TLocale,
  type TDashboardSettings,
  type TProxyPerson,
  type TShiftPlannerSettings,
  type TUserDetails,
  type TUserInfo,
  ZCanvasSettings,
  ZDashboardSettings,
  ZShiftPlannerSettings,
} from '@quayline/domain';
import type { PortalUser } from '../../db/schema';

/** The user's interface language; a stored value no longer offered counts as English. */
export const localeOfUser = (user: Pick<PortalUser, 'selected_locale'>): TLocale => (isLocale(user.selected_locale) ? user.selected_locale : 'en');

export function toUserInfo(user: PortalUser, organisationName: string | null): TUserInfo {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    user_type: user.user_type,
    selected_locale: localeOfUser(user),
    organisation_id: user.organisation_id,
    organisation_name: organisationName,
  };
}

/** Stored settings are merged over the defaults key by key; a key that no longer validates falls back to its default. */
function withDefaults<T extends Record<string, unknown>>(stored: Record<string, unknown>, defaults: T, schema: { shape: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }> }): T {
  const result: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    if (!(key in stored)) continue;
    const parsed = schema.shape[key]?.safeParse(stored[key]);
    if (parsed?.success) result[key] = parsed.data;
  }
  return result as T;
}

/** The user's shift-planner settings over the defaults, key by key (the board reads its days and order from them). */
export function shiftPlannerSettingsOf(user: Pick<PortalUser, 'settings'>): TShiftPlannerSettings {
  return withDefaults(user.settings ?? {}, DEFAULT_SHIFT_PLANNER_SETTINGS, ZShiftPlannerSettings);
}

const personOf = (user: PortalUser): TProxyPerson => ({ id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name });

/** The proxy block of user_details: who really acts (actor), for whom (the session's user) and until when. */
export function toProxyInfo(user: PortalUser, actor: PortalUser | null, expiresAt: Date): TUserDetails['proxy'] {
  return actor ? { actor: personOf(actor), acting_for: personOf(user), expires_at: expiresAt.toISOString() } : null;
}

export function toUserDetails(user: PortalUser, organisationName: string | null, proxy: TUserDetails['proxy'] = null): TUserDetails {
  const stored = user.settings ?? {};
  const canvas: TCanvasSettings = withDefaults(stored, DEFAULT_CANVAS_SETTINGS, ZCanvasSettings);
  const shift = shiftPlannerSettingsOf(user);
  const dashboard: TDashboardSettings = withDefaults(stored, DEFAULT_DASHBOARD_SETTINGS, ZDashboardSettings);
  return {
    ...toUserInfo(user, organisationName),
    daily_tasks_email: user.daily_tasks_email,
    enable_email_notification: user.daily_tasks_email,
    mail_settings: { receive_time: user.mail_receive_time, timezone: user.mail_timezone },
    portcall_card_settings: canvas.portcall_card_settings,
    canvas_settings: canvas,
    shift_planner_settings: shift,
    shift_planner_shift_card_settings: shift.shift_planner_shift_card_settings,
    shift_planner_portcall_settings: shift.shift_planner_portcall_settings,
    shift_planner_header_settings: shift.shift_planner_header_settings,
    ...dashboard,
    acting_as: proxy ? { id: proxy.actor.id, email: proxy.actor.email } : null,
    proxy,
  };
}
