// Which role the app offers each role-gated action: one table mirroring docs/permissions.md ("Every route"), so no
// screen offers a button whose API answers 403 for the signed-in role. Record-level rights (a template of another
// company, a shift board's can_edit, a PRISE notice's can_edit) stay with the record; this is only the role.
import { MASTER_DATA_PERMISSIONS, type TUserDetails, type TUserType } from '@quayline/domain';
import { useUserDetails } from './user';

export const APP_ACTIONS = {
  ...MASTER_DATA_PERMISSIONS,
  /** Berth planner: move a call on the quay (berth position is a terminal-only field), sandbox, freeze, optimise. */
  plan_berths: ['terminal_operator'],
  /** Shift planner: write shift plans, non-working times and gangs per shift. */
  plan_shifts: ['terminal_operator'],
  /** Dashboard alert thresholds (`/dashboard/alert_settings`). */
  manage_alert_settings: ['terminal_operator'],
  /** Apply or dismiss an AIS-detected time. */
  decide_ais_detections: ['terminal_operator'],
  /** The terminal's AIS settings on the map. */
  manage_ais_settings: ['terminal_operator'],
  /** Schedule providers: settings, fetch, upload, sync runs. */
  manage_schedule_providers: ['terminal_operator'],
  /** Create, edit, generate from and apply a diff of voyage templates (a vessel operator: only their company's). */
  write_voyage_templates: ['terminal_operator', 'vessel_operator'],
  /** Fill and submit a call's PRISE notice. */
  fill_prise_notice: ['terminal_operator', 'agent'],
} as const satisfies Record<string, readonly TUserType[]>;
export type TAppAction = keyof typeof APP_ACTIONS;

/** Whether the role may take the action; nobody may before the user is known. */
export function can(user: Pick<TUserDetails, 'user_type'> | null | undefined, action: TAppAction): boolean {
  return !!user && (APP_ACTIONS[action] as readonly TUserType[]).includes(user.user_type);
}

/** `can` for the signed-in user. */
export function useCan(): (action: TAppAction) => boolean {
  const { data: user } = useUserDetails();
  return (action) => can(user, action);
}
