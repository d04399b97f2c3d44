// Turns joined rows into the API's port-call shape.
import {
  STATUS_SORT_PRIORITY,
  type TCargoQuantities,
  type TChangeLabel,
  type TPortcall,
  type TPortcallStatus,
  type TTimeLabel,
  ZCargoQuantities,
  cargoTotal,
  computeCargoProgress,
  computeCargoQuantities,
  partyOf,
  shiftQuantity,
  waitingFor,
} from '@quayline/domain';
import type { PortalUser } from '../../db/schema';
import type { CargoDetailRow, PortcallExtras, PortcallRow } from './portcall.repository';

/** Rows give Date (pg) or string (timestamps inside JSON); the API speaks ISO 8601 in UTC. */
export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const num = (v: string | number | null) => (v === null ? null : Number(v));
export const state = (label: string | null, change: string | null) => ({ label: label as TTimeLabel | null, change_label: change as TChangeLabel | null });

type TClassifier = 'EST' | 'REQ' | 'PLN' | 'ACT';
/** The classifier companion of a time follows its label (DCSA: REQ asked, PLN planned or agreed, EST estimated, ACT happened). */
export function classifierOf(label: string | null): TClassifier | null {
  if (label === null) return null;
  if (label === 'requested' || label === 'cancel_requested') return 'REQ';
  if (label === 'estimated') return 'EST';
  if (label === 'actual') return 'ACT';
  return 'PLN';
}

/** A vessel-side estimate newer than the last agreed or planned arrival predicts the arrival; within 30 minutes is on time. */
function predictedArrival(steps: PortcallExtras['arrivalSteps']): TPortcall['predicted_berth_arrival'] {
  let baseline: Date | null = null;
  let estimate: (typeof steps)[number] | null = null;
  for (const step of steps) {
    // A schedule proposal is the carrier's newest arrival against an agreed one: a prediction like a vessel's estimate.
    if ((step.action === 'estimate' || step.action === 'schedule_proposal') && step.party === 'vessel_side' && step.date_time) estimate = step;
    else if (step.date_time && step.action !== 'estimate') {
      baseline = new Date(step.date_time);
      estimate = null;
    }
  }
  if (!estimate?.date_time || !baseline) return null;
  const difference = Math.round((new Date(estimate.date_time).getTime() - baseline.getTime()) / 60_000);
  return { predicted_time: new Date(estimate.date_time).toISOString(), difference, status: Math.abs(difference) <= 30 ? 'on_time' : difference > 0 ? 'delayed' : 'early', source: 'arrival_by_vessel', last_fetched_at: new Date(estimate.created_at).toISOString() };
}

/** A stored shift card in the API's shape (the port call and the shift planner answer the same). */
/** A stored card as answered; `draftId` is the viewer's sandbox when it holds a move of the card's call. */
export function toShiftDetail(sh: PortcallExtras['shifts'][number], draftId: number | null = null): TPortcall['portcall_shift_details'][number] {
  return {
    id: sh.id,
    portcall_id: sh.portcall_id,
    terminal_shift_id: sh.terminal_shift_id,
    shift_number: sh.shift_number,
    start_time: iso(sh.start_time)!,
    end_time: iso(sh.end_time)!,
    cargo_type: sh.cargo_type as TPortcall['cargo_details'][number]['cargo_type'] | null,
    cargo_sub_type: sh.cargo_sub_type,
    product_name: sh.product_name,
    discharge: sh.discharge,
    load: sh.load,
    restow: sh.restow,
    gangs: sh.gangs,
    resource_per_shift: sh.resource_per_shift,
    comments: sh.comments,
    contact_person: { contact_person_name: sh.contact_person_name, contact_person_phone: sh.contact_person_phone, contact_person_mail: sh.contact_person_mail },
    shift_equipment_details: sh.equipment_numbers.map((n) => ({ equipment_number: n })),
    actual_moves: sh.actual_moves,
    total_resources: sh.gangs * (sh.resource_per_shift ?? 0),
    shift_quantity: shiftQuantity(sh),
    draft_portcall_id: draftId,
  };
}

const EMPTY_EXTRAS: PortcallExtras = { equipment: [], shifts: [], arrivalSteps: [], predictions: [] };

/**
 * Berth-row extras (docs/portcalls.md): newly_added when the viewer's sandbox holds a move of the call not yet
 * published; edit_allowed when the viewer may move it on the planner (a terminal planner, the call not cancelled and
 * not frozen in the viewer's sandbox). The planner window answers the same through this function.
 */
export function berthRowFlags(args: { viewerType: PortalUser['user_type']; status: string; drafted: boolean; frozen: boolean }): { newly_added: boolean; edit_allowed: boolean } {
  return { newly_added: args.drafted, edit_allowed: args.viewerType === 'terminal_operator' && args.status !== 'Cancelled' && !args.frozen };
}

export function toPortcall(row: PortcallRow, cargo: CargoDetailRow[], viewer: PortalUser, extras: PortcallExtras = EMPTY_EXTRAS, now: Date = new Date()): TPortcall {
  const arrivalState = state(row.berth_arrival_label, row.berth_arrival_change_label);
  // A call is an open task for the viewer when a negotiated time waits for the viewer's side.
  const viewerParty = partyOf(viewer.user_type);
  const labels = [row.berth_arrival_label, row.berth_departure_label, row.pilot_boarding_place_arrival_label, row.pilot_boarding_place_departure_label];
  const isOpenTask =
    row.status !== 'Cancelled' &&
    labels.some((label) => label !== null && waitingFor({ label: label as TTimeLabel, previousLabel: 'none', lastParty: label === 'planned' ? 'terminal' : 'vessel_side', isFirstRequest: false }) === viewerParty);
  const cargoDetails = cargo.map(toCargoDetail);
  const draftId = row.x_sandbox?.change ? row.x_sandbox.draft_id : null;
  const shiftDetails = extras.shifts.filter((sh) => sh.portcall_id === row.id).map((sh) => toShiftDetail(sh, draftId));
  const progress = computeCargoProgress({ cargoDetails, shifts: shiftDetails, cargoOperationsStart: iso(row.cargo_operations_start), now });
  const drafted = row.x_sandbox?.change ?? null;
  return {
    id: row.id,
    version: row.version,
    status: row.status as TPortcallStatus,
    status_sort_priority: STATUS_SORT_PRIORITY[row.status as TPortcallStatus],
    terminal_id: row.terminal_id,
    terminal_name: row.terminal_name,
    terminal_operator_id: row.terminal_operator_id,
    terminal_operator: row.terminal_operator,
    port_id: row.port_id,
    port_name: row.port_name,
    port_code: row.port_code,
    vessel_id: row.vessel_id,
    vessel_name: row.vessel_name,
    imo_number: row.imo_number,
    vessel_type: row.vessel_type,
    vessel_type_detailed: row.vessel_type_detailed,
    vessel_length_overall: Number(row.vessel_length_overall),
    vessel_max_draft: row.vessel_max_draft === null ? null : Number(row.vessel_max_draft),
    vessel_operator_id: row.vessel_operator_id,
    vessel_operator_code: row.vessel_operator_code,
    vessel_operator: row.vessel_operator_name,
    agent_id: row.agent_id,
    agent_code: row.agent_code,
    portcall_type: row.portcall_type as TPortcall['portcall_type'],
    berth_arrival: iso(row.berth_arrival)!,
    berth_departure: iso(row.berth_departure)!,
    berth_arrival_state: arrivalState,
    berth_departure_state: state(row.berth_departure_label, row.berth_departure_change_label),
    berth_planner_berth_arrival: iso(drafted?.berth_arrival ?? row.berth_arrival)!,
    berth_planner_berth_departure: iso(drafted?.berth_departure ?? row.berth_departure)!,
    previous_berth_arrival: iso(row.previous_berth_arrival),
    previous_berth_departure: iso(row.previous_berth_departure),
    previous_pilot_boarding_place_arrival: iso(row.previous_pilot_boarding_place_arrival),
    previous_pilot_boarding_place_departure: iso(row.previous_pilot_boarding_place_departure),
    pilot_boarding_place_id: row.pilot_boarding_place_id,
    pilot_boarding_place_name: row.pilot_boarding_place_name,
    pilot_boarding_place_arrival: iso(row.pilot_boarding_place_arrival),
    pilot_boarding_place_departure: iso(row.pilot_boarding_place_departure),
    pilot_boarding_place_arrival_state: state(row.pilot_boarding_place_arrival_label, row.pilot_boarding_place_arrival_change_label),
    pilot_boarding_place_departure_state: state(row.pilot_boarding_place_departure_label, row.pilot_boarding_place_departure_change_label),
    pilot_boarding_place_arrival_label: row.pilot_boarding_place_arrival_label as TTimeLabel | null,
    pilot_boarding_place_departure_label: row.pilot_boarding_place_departure_label as TTimeLabel | null,
    cargo_operations_start: iso(row.cargo_operations_start),
    cargo_operations_end: iso(row.cargo_operations_end),
    berth_start_position: num(row.berth_start_position),
    berth_end_position: num(row.berth_end_position),
    berth_start_bollard_id: row.berth_start_bollard_id,
    berth_end_bollard_id: row.berth_end_bollard_id,
    terminal_section_id: row.terminal_section_id,
    section_start_position: num(row.section_start_position),
    section_end_position: num(row.section_end_position),
    is_bollards_linked: row.is_bollards_linked,
    berth_orientation: row.berth_orientation as TPortcall['berth_orientation'],
    service_name: row.service_name,
    voyage_number_import: row.voyage_number_import,
    voyage_number_export: row.voyage_number_export,
    draft_inbound: Number(row.draft_inbound),
    draft_outbound: Number(row.draft_outbound),
    previous_port_id: row.previous_port_id,
    previous_port: row.previous_port,
    next_port_id: row.next_port_id,
    next_port: row.next_port,
    comment: row.comment,
    berth_comment: row.berth_comment,
    cargo_quantity_status: row.cargo_quantity_status as TPortcall['cargo_quantity_status'],
    move_count_unit: row.move_count_unit as TPortcall['move_count_unit'],
    move_count_containers: row.move_count_containers,
    move_count_comments: row.move_count_comments,
    cargo_type: row.cargo_type as TPortcall['cargo_type'],
    vessel_characteristics: row.vessel_characteristics,
    is_dummy: row.is_dummy,
    sync_shift_cargo_volumes: row.sync_shift_cargo_volumes,
    card_colour: row.card_colour as TPortcall['card_colour'],
    zone: row.zone,
    prise_status: row.prise_status as TPortcall['prise_status'],
    prise_message: row.prise_message,
    prise_code: row.prise_code,
    voyage_id: row.voyage_id,
    voyage_name: row.voyage_name,
    schedule_syncable: row.schedule_syncable,
    schedule_sync_state: row.voyage_id === null ? null : row.schedule_syncable ? 'schedule_syncable' : 'schedule_syncable_inactive',
    is_managed_by_quayline: row.is_managed_by_quayline,
    is_dummy_vessel: row.is_dummy_vessel,
    cancelled_by: row.cancelled_by,
    is_open_task: isOpenTask,
    ...berthRowFlags({ viewerType: viewer.user_type, status: row.status, drafted: !!row.x_sandbox?.change, frozen: !!row.x_sandbox?.frozen }),
    cargo_details: cargoDetails,
    equipment_details: extras.equipment
      .filter((e) => e.portcall_id === row.id)
      .map((e) => ({ id: e.id, portcall_id: e.portcall_id, cargo_handling_equipment_id: e.cargo_handling_equipment_id, start_time: iso(e.start_time)!, end_time: iso(e.end_time)!, equipment_name: e.equipment_name, equipment_number: e.equipment_number })),
    portcall_shift_details: shiftDetails,
    cargo_progress_percentage: progress.cargo_progress_percentage,
    total_volume: progress.total_volume,
    actual_volume: progress.actual_volume,
    remaining_volume: progress.remaining_volume,
    berth_arrival_classifier: classifierOf(row.berth_arrival_label),
    berth_departure_classifier: classifierOf(row.berth_departure_label),
    pilot_boarding_place_arrival_classifier: classifierOf(row.pilot_boarding_place_arrival_label),
    pilot_boarding_place_departure_classifier: classifierOf(row.pilot_boarding_place_departure_label),
    cargo_operations_start_classifier: row.cargo_operations_start ? (row.berth_arrival_label === 'actual' && new Date(row.cargo_operations_start) <= now ? 'ACT' : 'PLN') : null,
    cargo_operations_end_classifier: row.cargo_operations_end ? (row.berth_departure_label === 'actual' ? 'ACT' : 'PLN') : null,
    predicted_berth_arrival: extras.predictions.find((p) => p.portcall_id === row.id)?.value ?? predictedArrival(extras.arrivalSteps.filter((st) => st.portcall_id === row.id)),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

function toCargoDetail(c: CargoDetailRow): TPortcall['cargo_details'][number] {
  const numbers = { discharge: Number(c.discharge), load: Number(c.load), restow: Number(c.restow) };
  return {
    id: c.id,
    cargo_operations_start: iso(c.cargo_operations_start),
    cargo_operations_end: iso(c.cargo_operations_end),
    cargo_type: c.cargo_type as TPortcall['cargo_details'][number]['cargo_type'],
    cargo_sub_type: c.cargo_sub_type,
    product_type: c.product_type,
    move_count: Number(c.move_count),
    move_count_unit: c.move_count_unit as 'pieces' | 'tons',
    comment: c.comment,
    ...numbers,
    units_per_hour: num(c.units_per_hour),
    crane_intensity: Number(c.crane_intensity),
    total: cargoTotal(numbers),
    ...quantityFields(c.quantities),
  };
}

function quantityFields(stored: unknown): { quantities: TCargoQuantities | null; quantity_totals: TPortcall['cargo_details'][number]['quantity_totals'] } {
  const parsed = stored ? ZCargoQuantities.safeParse(stored) : null;
  if (!parsed?.success) return { quantities: null, quantity_totals: null };
  const totals = computeCargoQuantities(parsed.data);
  return { quantities: parsed.data, quantity_totals: { full: totals.full, empty: totals.empty, columns: totals.columns } };
}
