// GET /session_data (spec section 7): everything the client needs after sign-in in one answer, and the readable
// session cookie of spec section 9.
import { z } from 'zod';
import { CURRENT_TERMINAL_KEY } from '../constants';
import { ZLocale } from '../locales';
import { ZPortalUserTerminal, ZTerminal, ZTerminalDetail } from './master-data';
import { ZUserDetails, ZUserType } from './user';

/** The settings part of the user details (spec section 3 "User session and settings"). */
export const ZSessionSettings = ZUserDetails.pick({
  selected_locale: true,
  daily_tasks_email: true,
  enable_email_notification: true,
  mail_settings: true,
  portcall_card_settings: true,
  canvas_settings: true,
  shift_planner_settings: true,
  shift_planner_shift_card_settings: true,
  shift_planner_portcall_settings: true,
  shift_planner_header_settings: true,
  portcall_kpi_settings: true,
  dashboard_graph_settings: true,
  dashboard_allowed_widgets: true,
  dashboard_performance_settings: true,
});
export type TSessionSettings = z.infer<typeof ZSessionSettings>;

export const ZSessionData = z.object({
  /** The same answer as GET /user_details. */
  user: ZUserDetails,
  /** The same answer as GET /terminals. */
  terminals: z.array(ZTerminal),
  /** The same answer as GET /portal_user_terminals (which link is current). */
  portal_user_terminals: z.array(ZPortalUserTerminal),
  /** The same answer as GET /terminals/current_terminal; null for a user linked to no terminal. */
  current_terminal: ZTerminalDetail.nullable(),
  settings: ZSessionSettings,
  /** Set while someone acts for the user: the same as `user.proxy`. */
  proxy: ZUserDetails.shape.proxy,
});
export type TSessionData = z.infer<typeof ZSessionData>;

/** The portalUserSession cookie: what scripts may read about the session. Never the token. */
export const ZPortalUserSession = z.object({
  user_id: z.number().int(),
  user_type: ZUserType,
  selected_locale: ZLocale,
  [CURRENT_TERMINAL_KEY]: z.number().int().nullable(),
});
export type TPortalUserSession = z.infer<typeof ZPortalUserSession>;
