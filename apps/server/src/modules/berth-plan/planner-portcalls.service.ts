// The berth planner's window as the planner projection of each call (ZPlannerPortcall), mapped straight from the rows.
import { type TPaged, type TPlannerPortcall, type TPredictedBerthArrival, cargoTotal, computeCargoProgress, pageMeta } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { PortalUser } from '../../db/schema';
import type { AuthSession } from '../auth/auth.service';
import { berthRowFlags, iso, num, state } from '../portcalls/portcall-mapper';
import { perPortcall } from '../portcalls/portcall.repository';
import { findPredictedBerthArrivals } from '../predictions/predicted-arrival.read';
import { type TPlannerCargoRow, type TPlannerEquipmentRow, type TPlannerPageRow, type TPlannerShiftRow, findPlannerPortcalls, findViewerSandbox } from './planner-portcalls.repository';

type TDetails = {
  cargo: readonly TPlannerCargoRow[];
  equipment: readonly TPlannerEquipmentRow[];
  shifts: readonly TPlannerShiftRow[];
  prediction?: TPredictedBerthArrival | null;
  viewer: PortalUser;
  sandbox: { drafted: boolean; frozen: boolean };
  now: Date;
};

export function toPlannerPortcall(row: TPlannerPageRow, details: TDetails): TPlannerPortcall {
  const cargo = details.cargo.map((c) => ({ cargo_type: c.cargo_type, discharge: Number(c.discharge), load: Number(c.load), restow: Number(c.restow) }));
  const shifts = details.shifts.map((s) => ({ ...s, start_time: iso(s.start_time)!, end_time: iso(s.end_time)! }));
  const progress = computeCargoProgress({ cargoDetails: cargo, shifts, cargoOperationsStart: iso(row.cargo_operations_start), now: details.now });
  return {
    id: row.id,
    version: row.version,
    status: row.status as TPlannerPortcall['status'],
    terminal_id: row.terminal_id,
    terminal_name: row.terminal_name,
    terminal_operator_id: row.terminal_operator_id,
    port_id: row.port_id,
    port_name: row.port_name,
    port_code: row.port_code,
    vessel_id: row.vessel_id,
    vessel_name: row.vessel_name,
    vessel_type: row.vessel_type,
    vessel_type_detailed: row.vessel_type_detailed,
    vessel_length_overall: Number(row.vessel_length_overall),
    vessel_max_draft: row.vessel_max_draft === null ? null : Number(row.vessel_max_draft),
    vessel_operator_code: row.vessel_operator_code,
    vessel_operator: row.vessel_operator_name,
    agent_code: row.agent_code,
    berth_arrival: iso(row.berth_arrival)!,
    berth_departure: iso(row.berth_departure)!,
    berth_arrival_state: state(row.berth_arrival_label, row.berth_arrival_change_label),
    berth_departure_state: state(row.berth_departure_label, row.berth_departure_change_label),
    pilot_boarding_place_id: row.pilot_boarding_place_id,
    pilot_boarding_place_name: row.pilot_boarding_place_name,
    pilot_boarding_place_arrival: iso(row.pilot_boarding_place_arrival),
    cargo_operations_start: iso(row.cargo_operations_start),
    cargo_operations_end: iso(row.cargo_operations_end),
    berth_start_position: num(row.berth_start_position),
    berth_end_position: num(row.berth_end_position),
    berth_start_bollard_id: row.berth_start_bollard_id,
    berth_end_bollard_id: row.berth_end_bollard_id,
    berth_orientation: row.berth_orientation as TPlannerPortcall['berth_orientation'],
    service_name: row.service_name,
    draft_inbound: Number(row.draft_inbound),
    draft_outbound: Number(row.draft_outbound),
    berth_comment: row.berth_comment,
    cargo_quantity_status: row.cargo_quantity_status as TPlannerPortcall['cargo_quantity_status'],
    vessel_characteristics: row.vessel_characteristics,
    card_colour: row.card_colour as TPlannerPortcall['card_colour'],
    prise_status: row.prise_status as TPlannerPortcall['prise_status'],
    predicted_berth_arrival: details.prediction ?? null,
    ...berthRowFlags({ viewerType: details.viewer.user_type, status: row.status, ...details.sandbox }),
    cargo_progress_percentage: progress.cargo_progress_percentage,
    cargo_details: cargo.map((c) => ({ cargo_type: c.cargo_type as TPlannerPortcall['cargo_details'][number]['cargo_type'], total: cargoTotal(c) })),
    equipment_details: details.equipment.map((e) => ({ id: e.id, equipment_name: e.equipment_name, equipment_number: e.equipment_number, start_time: iso(e.start_time)!, end_time: iso(e.end_time)! })),
    portcall_shift_details: details.shifts.map((s) => ({ start_time: iso(s.start_time)!, end_time: iso(s.end_time)!, discharge: s.discharge, load: s.load, restow: s.restow, gangs: s.gangs, resource_per_shift: s.resource_per_shift })),
  };
}

export async function listPlannerPortcalls(
  ctx: AppContext,
  session: AuthSession,
  q: { terminal_id: number; from: string; to: string; page: number; per_page: number },
): Promise<TPaged<TPlannerPortcall>> {
  const window = { terminalId: q.terminal_id, from: new Date(q.from), to: new Date(q.to) };
  const rows = await findPlannerPortcalls(ctx.db, session.user, { ...window, offset: (q.page - 1) * q.per_page, limit: q.per_page });
  // The count rides on every row; a page past the end has none, so the first row of the window tells it.
  const countRow = rows.page[0] ?? (q.page > 1 ? (await findPlannerPortcalls(ctx.db, session.user, { ...window, offset: 0, limit: 1 })).page[0] : undefined);
  const totalCount = countRow ? Number(countRow.window_count) : 0;
  const [cargo, equipment, shifts] = [perPortcall(rows.cargo), perPortcall(rows.equipment), perPortcall(rows.shifts)];
  // One query for the window's stored arrival predictions, shown on the card, and one for the viewer's sandbox.
  const predictions = await findPredictedBerthArrivals(ctx.db, rows.page.map((row) => row.id));
  const sandbox = rows.page.length ? await findViewerSandbox(ctx.db, session.user, q.terminal_id) : { draftedIds: new Set<number>(), frozenIds: new Set<number>() };
  const now = ctx.clock.now();
  const items = rows.page.map((row) =>
    toPlannerPortcall(row, {
      cargo: cargo(row.id),
      equipment: equipment(row.id),
      shifts: shifts(row.id),
      prediction: predictions.get(row.id) ?? null,
      viewer: session.user,
      sandbox: { drafted: sandbox.draftedIds.has(row.id), frozen: sandbox.frozenIds.has(row.id) },
      now,
    }),
  );
  return { items, meta: pageMeta({ page: q.page, perPage: q.per_page, totalCount }) };
}
