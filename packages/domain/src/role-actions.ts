// Which role may take each role-gated action. The server's route table (apps/server/src/modules/auth/route-permissions.ts)
// names one of these actions per route and refuses the other roles; the web offers an action only to these roles.
// Rights that depend on the record (one's own company's template, the call's agent, a linked terminal) stay with the record.
import type { TUserType } from './schemas/user';

export const ROLE_ACTIONS = {
  /** Create and delete block zones: the terminal's own planners (docs/master-data.md). */
  manage_blocked_zones: ['terminal_operator'],
  /** Add a vessel to the shared register: terminal operators and agents (vessel operators ask their agent or the terminal). */
  create_vessel: ['terminal_operator', 'agent'],
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
  /** Fill and submit a call's PRISE notice (an agent: only as the call's agent). */
  fill_prise_notice: ['terminal_operator', 'agent'],
  /** Connect DCSA JIT counterparties (their API keys). */
  manage_jit_counterparties: ['terminal_operator'],
  /** The terminal's delay reasons (codes and their names) on the settings screen. */
  manage_delay_reasons: ['terminal_operator'],
  /** DCSA JIT: omit a port call or terminal call, or decline a service: the service consumer, the vessel side. */
  consume_jit_services: ['vessel_operator', 'agent'],
  /** DCSA JIT: cancel a service: the service provider, the terminal. */
  provide_jit_services: ['terminal_operator'],
} as const satisfies Record<string, readonly TUserType[]>;
export type TRoleAction = keyof typeof ROLE_ACTIONS;

export function canPerform(userType: TUserType, action: TRoleAction): boolean {
  return (ROLE_ACTIONS[action] as readonly TUserType[]).includes(userType);
}
