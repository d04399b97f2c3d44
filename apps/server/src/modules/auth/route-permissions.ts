// Who may call which route: one row per operation of the API (`METHOD /path` without the `/api/portal/v1` prefix; the
// DCSA JIT endpoints by their path below `/api`). plugins/route-access.ts refuses by it: 401 without a session, 403 under
// a proxy token where the row says so, 403 to a role the row's action (ROLE_ACTIONS in packages/domain) leaves out.
// Rights that depend on the record (a linked terminal, one's own company's template, the call's agent) stay in the
// services. docs/permissions.md ("Every route") is this table as the permission-matrix test sends it, tested equal.
import { ROLE_ACTIONS, type TRoleAction, type TUserType } from '@quayline/domain';
import { AppError } from '../../lib/app-error';

export type TRouteRule = {
  /** `public`: answers without a session (sign-in, health, translations); `required`: 401 without a valid one. */
  session: 'public' | 'required';
  /** The role action the route needs; none: every signed-in role may call it (what it finds is the record's business). */
  action?: TRoleAction;
  /**
   * When the role is refused. By default before the handler runs (after the request is validated). `after-lookup`: by
   * the service, once the record or terminal is found visible, so a record one may not see still answers 404, exactly
   * like one that does not exist; the service refuses with `refuseUnlessAllowed(user, rule)` of this row.
   */
  checked?: 'after-lookup';
  /** false: one's own password, e-mail, mail setting and language are refused (403) under a proxy token. */
  whileActing?: false;
  /** Cells of docs/permissions.md's matrix that follow from the test's records or targets, not from the role alone. */
  matrix?: Partial<Record<TMatrixColumn, TMatrixCell>>;
};

export const MATRIX_COLUMNS = ['anonymous', 'terminal_operator', 'vessel_operator', 'agent', 'acting'] as const;
export type TMatrixColumn = (typeof MATRIX_COLUMNS)[number];
export const MATRIX_CELLS = ['ok', '401', '403', '404'] as const;
export type TMatrixCell = (typeof MATRIX_CELLS)[number];

export const ROUTE_PERMISSIONS = {
  'GET /health': { session: 'public' },
  'GET /ready': { session: 'public' },
  'POST /login': { session: 'public' },
  'POST /reset_password': { session: 'public', whileActing: false },
  'POST /update_password': { session: 'public', whileActing: false },
  'PUT /reset_expired_password': { session: 'public', whileActing: false },
  'PUT /logout': { session: 'required' },
  // Who one may act for is decided by the proxy rules on the target (proxy-rules.ts); the matrix asks for the night
  // planner, whom only the terminal operator may act for, and a proxy session may not start another.
  'POST /proxy_session': { session: 'required', matrix: { vessel_operator: '403', agent: '403', acting: '403' } },
  'DELETE /proxy_session': { session: 'required' },
  'GET /proxy_session/candidates': { session: 'required' },
  'GET /proxy_sessions/on_my_behalf': { session: 'required' },
  'GET /user_details': { session: 'required' },
  'GET /session_data': { session: 'required' },
  'PUT /update_locale': { session: 'required', whileActing: false },
  'PUT /update_canvas_settings': { session: 'required' },
  'PUT /update_shift_planner_settings': { session: 'required' },
  'PUT /update_dashboard_settings': { session: 'required' },
  'PUT /update_email_notification_setting': { session: 'required', whileActing: false },
  'GET /translations/{locale}': { session: 'public' },
  'GET /terminals': { session: 'required' },
  'GET /terminals/current_terminal': { session: 'required' },
  'GET /terminals/{id}': { session: 'required' },
  'GET /portal_user_terminals': { session: 'required' },
  'PUT /update_last_used_terminal': { session: 'required' },
  'GET /terminal_cranes': { session: 'required' },
  'GET /cargo_handling_equipments': { session: 'required' },
  'GET /blocked_zones': { session: 'required' },
  'POST /blocked_zones': { session: 'required', action: 'manage_blocked_zones' },
  'DELETE /blocked_zones/{id}': { session: 'required', action: 'manage_blocked_zones' },
  'GET /delay_reasons': { session: 'required' },
  'POST /delay_reasons': { session: 'required', action: 'manage_delay_reasons' },
  'PUT /delay_reasons/{id}': { session: 'required', action: 'manage_delay_reasons' },
  'DELETE /delay_reasons/{id}': { session: 'required', action: 'manage_delay_reasons' },
  'GET /vessels': { session: 'required' },
  'POST /vessels': { session: 'required', action: 'create_vessel' },
  'GET /vessels/{id}': { session: 'required' },
  // Who may change a vessel's type is decided by the vessel (vesselEditProblem); the matrix's vessel is the demo operator's.
  'PATCH /vessels/{id}': { session: 'required' },
  'GET /vessel_operators': { session: 'required' },
  'GET /terminal_operators': { session: 'required' },
  'GET /agents': { session: 'required' },
  'GET /ports': { session: 'required' },
  'GET /pilot_boarding_places': { session: 'required' },
  'GET /realtime': { session: 'public' },
  // Who may listen is decided by the channel (realtime.service.ts); the matrix asks for the terminal's channel.
  'POST /pusher_auth': { session: 'required', matrix: { vessel_operator: '403', agent: '403' } },
  'GET /portcalls': { session: 'required' },
  'POST /portcalls': { session: 'required' },
  'GET /portcalls/{id}': { session: 'required' },
  'PUT /portcalls/{id}': { session: 'required' },
  'POST /portcalls/{id}/cancel': { session: 'required' },
  'POST /portcalls/{id}/negotiate': { session: 'required' },
  'GET /portcalls/{id}/timestamps': { session: 'required' },
  'POST /portcalls/calculated_cargo_details': { session: 'required' },
  'POST /prefill_cargo_ops_duration': { session: 'required' },
  'POST /prefill_shift_details': { session: 'required' },
  'POST /prefill_equipment_details': { session: 'required' },
  'POST /calculated_equipment_details': { session: 'required' },
  'GET /portcall_audit': { session: 'required' },
  'GET /shift_planner': { session: 'required' },
  'PUT /portcalls/{id}/shift_details': { session: 'required', action: 'plan_shifts', checked: 'after-lookup' },
  'GET /non_working_times': { session: 'required' },
  'POST /non_working_times': { session: 'required', action: 'plan_shifts' },
  'DELETE /non_working_times/{id}': { session: 'required', action: 'plan_shifts' },
  'PUT /terminal_shifts/{id}': { session: 'required', action: 'plan_shifts' },
  'GET /portcall-shifts/download': { session: 'required' },
  'GET /shift-reports/download': { session: 'required' },
  'GET /tasks': { session: 'required' },
  'GET /tasks_meta': { session: 'required' },
  'GET /portal_user_portcall_task_settings': { session: 'required' },
  'PUT /portal_user_portcall_task_settings': { session: 'required' },
  'GET /daily_task_summary': { session: 'required' },
  'GET /dashboard/user_stats': { session: 'required' },
  'GET /dashboard/watchlist': { session: 'required' },
  'POST /dashboard/watchlist': { session: 'required' },
  'DELETE /dashboard/watchlist/{portcall_id}': { session: 'required' },
  'PUT /dashboard/watchlist/{portcall_id}/seen': { session: 'required' },
  'GET /dashboard/alerts': { session: 'required' },
  'POST /dashboard/alerts/acknowledge': { session: 'required' },
  'POST /dashboard/alerts/acknowledge_group': { session: 'required' },
  'GET /dashboard/alert_settings': { session: 'required', action: 'manage_alert_settings', checked: 'after-lookup' },
  'PUT /dashboard/alert_settings': { session: 'required', action: 'manage_alert_settings', checked: 'after-lookup' },
  'GET /dashboard/cargo_operation_progress': { session: 'required' },
  'GET /dashboard/overall_performance': { session: 'required' },
  'GET /dashboard/portcall_kpis': { session: 'required' },
  'GET /portcall/download': { session: 'required' },
  'GET /portcall-tasks-list/download': { session: 'required' },
  'GET /draft-portcalls/download': { session: 'required', action: 'plan_berths' },
  'GET /portcall_audit/download': { session: 'required' },
  'GET /situation_reports': { session: 'required' },
  'GET /situation-reports/download': { session: 'required' },
  'GET /movement_reports': { session: 'required' },
  'GET /movement-reports/download': { session: 'required' },
  'GET /performance_report': { session: 'required' },
  'GET /performance-report/download': { session: 'required' },
  'GET /portcalls/{id}/dcsa': { session: 'required' },
  'POST /portcalls/dcsa': { session: 'required' },
  'POST /portcalls/{id}/dcsa/timestamps': { session: 'required' },
  'GET /portcalls/{id}/jit_services': { session: 'required' },
  'GET /portcalls/{id}/jit_messages': { session: 'required' },
  'GET /dcsa_counterparties': { session: 'required', action: 'manage_jit_counterparties' },
  'POST /dcsa_counterparties': { session: 'required', action: 'manage_jit_counterparties' },
  'POST /dcsa_counterparties/{id}/rotate': { session: 'required', action: 'manage_jit_counterparties' },
  'POST /dcsa_counterparties/{id}/revoke': { session: 'required', action: 'manage_jit_counterparties' },
  'PUT /dcsa/jit/v2/port-calls/{portCallID}': { session: 'required' },
  // The matrix's JIT records are the vessel operator's, which the demo agent does not see (404).
  'POST /dcsa/jit/v2/port-calls/{portCallID}/omit': { session: 'required', action: 'consume_jit_services', matrix: { agent: '404' } },
  'GET /dcsa/jit/v2/port-calls': { session: 'required' },
  'PUT /dcsa/jit/v2/terminal-calls/{terminalCallID}': { session: 'required' },
  'POST /dcsa/jit/v2/terminal-calls/{terminalCallID}/omit': { session: 'required', action: 'consume_jit_services', matrix: { agent: '404' } },
  'GET /dcsa/jit/v2/terminal-calls': { session: 'required' },
  'PUT /dcsa/jit/v2/port-call-services/{portCallServiceID}': { session: 'required' },
  'POST /dcsa/jit/v2/port-call-services/{portCallServiceID}/cancel': { session: 'required', action: 'provide_jit_services' },
  'POST /dcsa/jit/v2/port-call-services/{portCallServiceID}/decline': { session: 'required', action: 'consume_jit_services', matrix: { agent: '404' } },
  'GET /dcsa/jit/v2/port-call-services': { session: 'required' },
  'PUT /dcsa/jit/v2/timestamps/{timestampID}': { session: 'required' },
  'GET /dcsa/jit/v2/timestamps': { session: 'required' },
  'PUT /dcsa/jit/v2/vessel-statuses/{portCallServiceID}': { session: 'required', matrix: { agent: '404' } },
  'GET /dcsa/jit/v2/vessel-statuses': { session: 'required' },
  'GET /notification_messages': { session: 'required' },
  'PUT /notification_messages/mark_all_as_read': { session: 'required' },
  'PUT /notification_messages/{id}/read': { session: 'required' },
  'GET /portcalls/{id}/messages': { session: 'required' },
  'POST /portcalls/{id}/messages': { session: 'required' },
  'PUT /portcalls/{id}/messages/read': { session: 'required' },
  'GET /portcall_message_states': { session: 'required' },
  'GET /berth_plan/clashes': { session: 'required' },
  'POST /berth_plan/optimize': { session: 'required', action: 'plan_berths' },
  'GET /berth_plan/portcalls': { session: 'required' },
  'GET /draft_portcalls': { session: 'required', action: 'plan_berths' },
  'PUT /draft_portcalls/update_draft_portcalls': { session: 'required', action: 'plan_berths' },
  'POST /draft_portcalls/undo': { session: 'required', action: 'plan_berths' },
  'POST /draft_portcalls/redo': { session: 'required', action: 'plan_berths' },
  'POST /draft_portcalls/revert': { session: 'required', action: 'plan_berths' },
  'PUT /draft_portcalls/frozen': { session: 'required', action: 'plan_berths' },
  'POST /draft_portcalls/publish': { session: 'required', action: 'plan_berths' },
  'GET /draft_portcalls/publish_preview': { session: 'required', action: 'plan_berths' },
  'GET /tidal_data': { session: 'required' },
  'GET /voyages': { session: 'required' },
  'POST /voyages': { session: 'required' },
  'GET /voyages/{id}': { session: 'required' },
  'PUT /voyages/{id}': { session: 'required' },
  'PUT /portcalls/{id}/schedule_sync': { session: 'required' },
  'GET /voyage_templates': { session: 'required' },
  'POST /voyage_templates': { session: 'required', action: 'write_voyage_templates' },
  'GET /voyage_templates/{id}': { session: 'required' },
  'PUT /voyage_templates/{id}': { session: 'required', action: 'write_voyage_templates', checked: 'after-lookup' },
  'POST /voyage_templates/preview_clashes': { session: 'required', action: 'write_voyage_templates' },
  'POST /voyage_templates/{id}/generate': { session: 'required', action: 'write_voyage_templates', checked: 'after-lookup' },
  'GET /voyage_templates/{id}/diff': { session: 'required' },
  'POST /voyage_templates/{id}/apply_diff': { session: 'required', action: 'write_voyage_templates', checked: 'after-lookup' },
  'GET /schedule_providers': { session: 'required', action: 'manage_schedule_providers', checked: 'after-lookup' },
  'PUT /schedule_providers': { session: 'required', action: 'manage_schedule_providers', checked: 'after-lookup' },
  'POST /schedule_providers/fetch_voyages': { session: 'required', action: 'manage_schedule_providers', checked: 'after-lookup' },
  'POST /schedule_providers/upload': { session: 'required', action: 'manage_schedule_providers', checked: 'after-lookup' },
  'GET /schedule_providers/runs': { session: 'required', action: 'manage_schedule_providers', checked: 'after-lookup' },
  'GET /portcalls/{id}/schedule_proposals': { session: 'required' },
  'POST /schedule_proposals/{id}/apply': { session: 'required' },
  'POST /schedule_proposals/{id}/dismiss': { session: 'required' },
  'GET /ais/portcalls_list': { session: 'required' },
  'GET /ais/vessel_characteristics': { session: 'required' },
  'GET /ais/predict_route': { session: 'required' },
  'GET /terminals/{id}/map_geometry': { session: 'required' },
  'GET /portcalls/{id}/ais_detections': { session: 'required' },
  'POST /ais_detections/{id}/apply': { session: 'required', action: 'decide_ais_detections', checked: 'after-lookup' },
  'POST /ais_detections/{id}/dismiss': { session: 'required', action: 'decide_ais_detections', checked: 'after-lookup' },
  'GET /terminals/{id}/ais_settings': { session: 'required', action: 'manage_ais_settings', checked: 'after-lookup' },
  'PUT /terminals/{id}/ais_settings': { session: 'required', action: 'manage_ais_settings', checked: 'after-lookup' },
  'GET /prediction/previous_portcall_data': { session: 'required' },
  'GET /portcalls/{id}/prise_notice': { session: 'required' },
  'PUT /portcalls/{id}/prise_notice': { session: 'required', action: 'fill_prise_notice', checked: 'after-lookup' },
  'POST /portcalls/{id}/prise_notice/submit': { session: 'required', action: 'fill_prise_notice', checked: 'after-lookup' },
} as const satisfies Record<string, TRouteRule>;
export type TRouteKey = keyof typeof ROUTE_PERMISSIONS;

/** The refusal of each action, in the words the person reads. */
const REFUSALS: Record<TRoleAction, string> = {
  manage_blocked_zones: 'Only terminal operators manage block zones.',
  create_vessel: 'Only terminal operators and agents add vessels.',
  plan_berths: 'The sandbox is for terminal planners.',
  plan_shifts: 'Only the terminal plans its shifts and changes its shift calendar.',
  manage_alert_settings: 'Only terminal operators set alert thresholds.',
  decide_ais_detections: 'Only the terminal\u2019s planners decide on AIS-detected times.',
  manage_ais_settings: 'Only the terminal\u2019s planners change its AIS settings.',
  manage_schedule_providers: 'Only terminal operators manage schedule providers.',
  write_voyage_templates: 'Agents cannot create or change voyage templates.',
  fill_prise_notice: 'Only the terminal and the call\u2019s agent file the PRISE notice.',
  manage_jit_counterparties: 'Only terminal operators connect JIT counterparties.',
  manage_delay_reasons: "Only the terminal's operators keep its delay reasons.",
  consume_jit_services: 'DCSA: only the service consumer (the vessel side) omits a port call or terminal call, or declines a service; the provider cancels its services.',
  provide_jit_services: 'DCSA: only the service provider (the terminal) cancels a service; the consumer declines it.',
};

/** The row of a route as Fastify names it (`/api/portal/v1/portcalls/:id`), or undefined for one outside the API. */
export function routeKeyOf(method: string, url: string, prefixes: readonly string[]): string | undefined {
  const prefix = prefixes.find((p) => url === p || url.startsWith(p + '/'));
  if (prefix === undefined) return undefined;
  const path = url.slice(prefix.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return `${method === 'HEAD' ? 'GET' : method} ${path}`;
}

export function routeRuleOf(key: string): TRouteRule | undefined {
  return (ROUTE_PERMISSIONS as Record<string, TRouteRule>)[key];
}

/** 403 unless the user's role may take the route's action. */
export function refuseUnlessAllowed(user: { user_type: TUserType }, rule: TRouteRule | TRoleAction): void {
  const action = typeof rule === 'string' ? rule : rule.action;
  if (action && !(ROLE_ACTIONS[action] as readonly TUserType[]).includes(user.user_type)) throw new AppError('FORBIDDEN', { message: REFUSALS[action] });
}

/** The cells of a row as docs/permissions.md writes them: derived from the rule, then the record-dependent cells. */
export function matrixRowOf(rule: TRouteRule): Record<TMatrixColumn, TMatrixCell> {
  const roleCell = (userType: TUserType): TMatrixCell => (!rule.action || (ROLE_ACTIONS[rule.action] as readonly TUserType[]).includes(userType) ? 'ok' : '403');
  const derived: Record<TMatrixColumn, TMatrixCell> = {
    anonymous: rule.session === 'public' ? 'ok' : '401',
    terminal_operator: roleCell('terminal_operator'),
    vessel_operator: roleCell('vessel_operator'),
    agent: roleCell('agent'),
    // The acting column is a terminal operator acting for a terminal planner colleague.
    acting: rule.whileActing === false ? '403' : roleCell('terminal_operator'),
  };
  return { ...derived, ...rule.matrix };
}
