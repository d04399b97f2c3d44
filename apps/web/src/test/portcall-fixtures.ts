// Port-call test data and fake API answers for the port-call screens (terminal in Europe/Berlin, one call, its chain).
import type { TPortcall, TPortcallTimestamp, TTerminal, TTerminalDetail, TUserDetails } from '@quayline/domain';
import { success, TEST_USER, type THandler, type TRecordedCall } from './render-app';

export const API = '/api/portal/v1';

export const TERMINAL: TTerminalDetail = {
  id: 1,
  code: 'DEHAM-WMT',
  name: 'Waltershof Multipurpose Terminal',
  port: { id: 1, unlocode: 'DEHAM', name: 'Hamburg' },
  terminal_operator: { id: 1, code: 'WMT', name: 'Waltershof Terminal Operations GmbH' },
  time_zone: 'Europe/Berlin',
  quay_length_m: 1400,
  min_clearance_m: 15,
  tide_station: null,
  latitude: null,
  longitude: null,
  sections: [{ id: 11, name: 'Berth 1', berth_type: 'Berth', start_position_m: 0, end_position_m: 350, water_depth_m: 16 }],
  bollards: [
    { id: 21, name: 'B01', position_m: 5 },
    { id: 22, name: 'B09', position_m: 205 },
  ],
  shifts: [],
  pilot_boarding_places: [{ id: 31, port_id: 1, name: 'Elbe 1', sailing_time_to_berth_minutes: 330, latitude: null, longitude: null }],
};

/** The same terminal as GET /terminals lists it: without its quay geometry. */
export const LINKED_TERMINAL: TTerminal = {
  id: TERMINAL.id,
  code: TERMINAL.code,
  name: TERMINAL.name,
  port: TERMINAL.port,
  terminal_operator: TERMINAL.terminal_operator,
  time_zone: TERMINAL.time_zone,
  quay_length_m: TERMINAL.quay_length_m,
  min_clearance_m: TERMINAL.min_clearance_m,
};

const noChange = { label: null, change_label: null };

export function makePortcall(overrides: Partial<TPortcall> = {}): TPortcall {
  return {
    id: 5,
    version: 3,
    status: 'Approaching',
    status_sort_priority: 6,
    terminal_id: 1,
    terminal_name: TERMINAL.name,
    terminal_operator_id: TERMINAL.terminal_operator.id,
    terminal_operator: TERMINAL.terminal_operator.name,
    port_id: TERMINAL.port.id,
    port_name: TERMINAL.port.name,
    port_code: TERMINAL.port.unlocode,
    vessel_id: 101,
    vessel_name: 'CORAL RESOLVE',
    imo_number: '9085778',
    vessel_type: 'CONTAINER',
    vessel_type_detailed: 'Feeder container ship',
    vessel_length_overall: 197.7,
    vessel_max_draft: 12.5,
    vessel_operator_id: 201,
    vessel_operator_code: 'NRDL',
    vessel_operator: 'Nordic Line A/S',
    agent_id: 301,
    agent_code: 'ESA',
    portcall_type: 'Inbound',
    // 10:00 and next day 18:00 in Berlin (summer time).
    berth_arrival: '2026-07-15T08:00:00.000Z',
    berth_departure: '2026-07-16T16:00:00.000Z',
    berth_arrival_state: { label: 'requested', change_label: 'newly created' },
    berth_departure_state: { label: 'requested', change_label: 'newly created' },
    berth_planner_berth_arrival: '2026-07-15T08:00:00.000Z',
    berth_planner_berth_departure: '2026-07-16T16:00:00.000Z',
    previous_berth_arrival: null,
    previous_berth_departure: null,
    previous_pilot_boarding_place_arrival: null,
    previous_pilot_boarding_place_departure: null,
    pilot_boarding_place_id: null,
    pilot_boarding_place_name: null,
    pilot_boarding_place_arrival: null,
    pilot_boarding_place_departure: null,
    pilot_boarding_place_arrival_state: noChange,
    pilot_boarding_place_departure_state: noChange,
    pilot_boarding_place_arrival_label: null,
    pilot_boarding_place_departure_label: null,
    cargo_operations_start: null,
    cargo_operations_end: null,
    berth_start_position: null,
    berth_end_position: null,
    berth_start_bollard_id: null,
    berth_end_bollard_id: null,
    terminal_section_id: null,
    section_start_position: null,
    section_end_position: null,
    is_bollards_linked: true,
    berth_orientation: null,
    service_name: null,
    voyage_number_import: 'V100',
    voyage_number_export: null,
    draft_inbound: 0,
    draft_outbound: 0,
    previous_port_id: null,
    previous_port: null,
    next_port_id: null,
    next_port: null,
    comment: 'First call',
    berth_comment: null,
    cargo_quantity_status: 'Draft',
    move_count_unit: 'pieces',
    move_count_containers: 0,
    move_count_comments: null,
    cargo_type: null,
    vessel_characteristics: [],
    is_dummy: false,
    sync_shift_cargo_volumes: false,
    card_colour: 'default',
    zone: null,
    prise_status: null,
    prise_message: null,
    prise_code: null,
    voyage_id: null,
    voyage_name: null,
    schedule_syncable: false,
    schedule_sync_state: null,
    is_managed_by_quayline: true,
    is_dummy_vessel: false,
    cancelled_by: null,
    is_open_task: true,
    newly_added: false,
    edit_allowed: false,
    cargo_details: [],
    equipment_details: [],
    portcall_shift_details: [],
    cargo_progress_percentage: 0,
    total_volume: 0,
    actual_volume: 0,
    remaining_volume: 0,
    berth_arrival_classifier: 'REQ',
    berth_departure_classifier: 'REQ',
    pilot_boarding_place_arrival_classifier: null,
    pilot_boarding_place_departure_classifier: null,
    cargo_operations_start_classifier: null,
    cargo_operations_end_classifier: null,
    predicted_berth_arrival: null,
    created_at: '2026-07-01T08:00:00.000Z',
    updated_at: '2026-07-01T08:00:00.000Z',
    ...overrides,
  };
}

let nextStepId = 1;
export function makeStep(overrides: Partial<TPortcallTimestamp> & Pick<TPortcallTimestamp, 'time' | 'action' | 'party'>): TPortcallTimestamp {
  return {
    id: nextStepId++,
    classifier: overrides.party === 'terminal' ? 'PLN' : 'REQ',
    date_time: '2026-07-15T08:00:00.000Z',
    label: null,
    change_label: null,
    reply_to_id: null,
    delay_reason_code: null,
    remark: null,
    created_by: { id: 9, name: 'Inés Moreno', user_type: 'agent' },
    acting_for: null,
    created_at: '2026-07-01T08:00:00.000Z',
    ...overrides,
  };
}

/** The first request of the vessel side for both berth times. */
export const REQUESTED_CHAIN: TPortcallTimestamp[] = [
  makeStep({ time: 'berth_arrival', action: 'request', party: 'vessel_side', label: 'requested', change_label: 'newly created' }),
  makeStep({ time: 'berth_departure', action: 'request', party: 'vessel_side', label: 'requested', change_label: 'newly created', date_time: '2026-07-16T16:00:00.000Z' }),
];

export function signedInAs(user: Partial<TUserDetails>): THandler {
  return (call) => (call.path === `${API}/user_details` ? success({ ...TEST_USER, ...user }) : undefined);
}

/** Master data and one port call with its chain and audit; later handlers in renderApp may answer writes. */
export function portcallApi(args: { portcall: () => TPortcall; chain?: () => TPortcallTimestamp[] }): THandler {
  return (call: TRecordedCall) => {
    const { path, method } = call;
    if (method !== 'GET') return undefined;
    const p = args.portcall();
    if (path === `${API}/terminals/current_terminal` || path === `${API}/terminals/1`) return success(TERMINAL);
    if (path === `${API}/terminals`) return success([TERMINAL]);
    if (path === `${API}/portcalls/${p.id}`) return success(p);
    if (path === `${API}/portcalls/${p.id}/timestamps`) return success(args.chain?.() ?? REQUESTED_CHAIN);
    if (path === `${API}/portcall_audit`) return success({ items: [], meta: { page: 1, per_page: 20, total_count: 0, total_pages: 0 } });
    if (path === `${API}/portcalls`) return success({ items: [p], meta: { page: 1, per_page: 25, total_count: 1, total_pages: 1 } });
    return undefined;
  };
}

export const VESSELS = [
  {
    id: 101,
    name: 'CORAL RESOLVE',
    imo_number: '9085778',
    mmsi: null,
    call_sign: null,
    flag: 'DE',
    vessel_type: 'CONTAINER',
    vessel_type_detailed: 'Feeder container ship',
    length_overall_m: 197.7,
    beam_m: 30,
    max_draft_m: 12,
    gross_tonnage: 30_000,
    vessel_operator: { id: 201, code: 'NRDL', name: 'Nordic Line A/S' },
  },
];

export const masterDataApi: THandler = (call) => {
  if (call.method !== 'GET') return undefined;
  const page = (items: unknown[]) => success({ items, meta: { page: 1, per_page: 20, total_count: items.length, total_pages: items.length ? 1 : 0 } });
  if (call.path === `${API}/vessels`) return page(VESSELS.filter((v) => !call.search.get('q') || v.name.toLowerCase().includes(call.search.get('q')!.toLowerCase())));
  if (call.path === `${API}/vessel_operators`) return page([{ id: 201, code: 'NRDL', name: 'Nordic Line A/S' }]);
  if (call.path === `${API}/agents`) return page([{ id: 301, code: 'ESA', name: 'Elbe Ship Agency GmbH' }]);
  if (call.path === `${API}/ports`) return page([]);
  return undefined;
};
