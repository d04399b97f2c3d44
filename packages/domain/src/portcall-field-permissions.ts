// Who may write which field of a port call through its create and edit (POST /portcalls, PUT /portcalls/{id}, the
// berth planner's moves and the sandbox's publish, which are edits): one table, the server enforces it where every
// write of a call passes (portcall.service.ts, guardPortcallWrite), the form offers what it allows, and
// docs/permissions.md shows it as a table that a test keeps equal to this one.
import type { z } from 'zod';
import type { ZPortcallFields } from './schemas/portcall';
import type { TUserType } from './schemas/user';

export type TPortcallField = keyof z.input<typeof ZPortcallFields>;

/** Who writes a field: user types, or nobody through the general edit (`by` names who does). */
export type TPortcallFieldRule = { writers: readonly TUserType[]; by?: 'prise_workflow'; note?: string };

const EVERYONE = ['terminal_operator', 'vessel_operator', 'agent'] as const satisfies readonly TUserType[];
const TERMINAL = ['terminal_operator'] as const satisfies readonly TUserType[];
const PRISE_WORKFLOW = { writers: [], by: 'prise_workflow', note: 'set by the PRISE workflow from the port authority\u2019s answer (docs/prise.md)' } as const;

export const PORTCALL_FIELD_PERMISSIONS = {
  terminal_id: { writers: EVERYONE, note: 'on create only, a terminal the user is linked to' },
  vessel_id: { writers: EVERYONE, note: 'a vessel the user may book (vessel-booking.ts)' },
  vessel_operator_id: { writers: EVERYONE, note: 'the vessel side only its own company' },
  agent_id: { writers: EVERYONE, note: 'an agent only its own agency' },
  portcall_type: { writers: EVERYONE },
  berth_arrival: { writers: EVERYONE, note: 'a change is the negotiation step of the writer\u2019s side' },
  berth_departure: { writers: EVERYONE, note: 'a change is the negotiation step of the writer\u2019s side' },
  pilot_boarding_place_id: { writers: EVERYONE },
  pilot_boarding_place_arrival: { writers: EVERYONE, note: 'a change is the negotiation step of the writer\u2019s side' },
  pilot_boarding_place_departure: { writers: EVERYONE, note: 'a change is the negotiation step of the writer\u2019s side' },
  cargo_operations_start: { writers: EVERYONE },
  cargo_operations_end: { writers: EVERYONE },
  berth_start_position: { writers: TERMINAL, note: 'the berth planner' },
  berth_end_position: { writers: TERMINAL, note: 'the berth planner' },
  is_bollards_linked: { writers: TERMINAL },
  berth_orientation: { writers: TERMINAL },
  service_name: { writers: EVERYONE },
  voyage_number_import: { writers: EVERYONE },
  voyage_number_export: { writers: EVERYONE },
  draft_inbound: { writers: EVERYONE },
  draft_outbound: { writers: EVERYONE },
  previous_port_id: { writers: EVERYONE },
  next_port_id: { writers: EVERYONE },
  comment: { writers: EVERYONE },
  berth_comment: { writers: TERMINAL },
  cargo_quantity_status: { writers: EVERYONE },
  move_count_unit: { writers: EVERYONE },
  move_count_containers: { writers: EVERYONE },
  move_count_comments: { writers: EVERYONE },
  cargo_type: { writers: EVERYONE },
  vessel_characteristics: { writers: EVERYONE },
  is_dummy: { writers: TERMINAL },
  sync_shift_cargo_volumes: { writers: TERMINAL, note: 'part of the shift plan, as PUT /portcalls/{id}/shift_details' },
  card_colour: { writers: TERMINAL },
  zone: { writers: EVERYONE },
  prise_status: PRISE_WORKFLOW,
  prise_message: PRISE_WORKFLOW,
  prise_code: PRISE_WORKFLOW,
  voyage_name: { writers: EVERYONE },
  schedule_syncable: { writers: EVERYONE, note: 'as PUT /portcalls/{id}/schedule_sync' },
  is_dummy_vessel: { writers: EVERYONE },
  cargo_details: { writers: EVERYONE },
  equipment_details: { writers: TERMINAL, note: 'crane and equipment bookings' },
  portcall_shift_details: { writers: TERMINAL, note: 'the shift plan, as PUT /portcalls/{id}/shift_details' },
} as const satisfies Record<TPortcallField, TPortcallFieldRule>;

export const PORTCALL_FIELDS = Object.keys(PORTCALL_FIELD_PERMISSIONS) as TPortcallField[];

type TRules = typeof PORTCALL_FIELD_PERMISSIONS;
/** Fields some user type may not write (terminal-only, PRISE workflow): a request built for a viewer may lack them. */
export type TRestrictedPortcallField = { [F in keyof TRules]: TRules[F]['writers'] extends typeof EVERYONE ? never : F }[keyof TRules];

export function canWritePortcallField(userType: TUserType, field: TPortcallField): boolean {
  return (PORTCALL_FIELD_PERMISSIONS[field].writers as readonly TUserType[]).includes(userType);
}

/** The fields of a port call the general create and edit refuse to this user type. */
export function portcallFieldsRefusedTo(userType: TUserType): TPortcallField[] {
  return PORTCALL_FIELDS.filter((field) => !canWritePortcallField(userType, field));
}

/** The refusal's message: which fields, and who writes them instead ("Only the terminal changes card_colour."). */
export function portcallFieldRefusal(fields: readonly TPortcallField[]): string {
  const byPrise = fields.filter((f) => (PORTCALL_FIELD_PERMISSIONS[f] as TPortcallFieldRule).by === 'prise_workflow');
  const byTerminal = fields.filter((f) => !byPrise.includes(f));
  const parts = [...(byTerminal.length ? [`the terminal changes ${byTerminal.join(', ')}`] : []), ...(byPrise.length ? [`the PRISE workflow sets ${byPrise.join(', ')}`] : [])];
  return `Only ${parts.join('; only ')}.`;
}

/** The table as docs/permissions.md shows it: per field, a cell per user type ("yes", "no (403)", "no (PRISE workflow)") and a note. */
export function portcallFieldPermissionRows(): { field: TPortcallField; cells: Record<TUserType, string>; note: string }[] {
  const userTypes = ['terminal_operator', 'vessel_operator', 'agent'] as const;
  return PORTCALL_FIELDS.map((field) => {
    const rule: TPortcallFieldRule = PORTCALL_FIELD_PERMISSIONS[field];
    const refused = rule.by === 'prise_workflow' ? 'no (PRISE workflow)' : 'no (403)';
    return { field, cells: Object.fromEntries(userTypes.map((u) => [u, canWritePortcallField(u, field) ? 'yes' : refused])) as Record<TUserType, string>, note: rule.note ?? '' };
  });
}
