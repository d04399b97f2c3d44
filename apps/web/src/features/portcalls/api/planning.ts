// Form helpers of the port-call planner: the terminal's equipment, free units, the shift prefill and the cargo-duration prefill.
import { useQuery } from '@tanstack/react-query';
import type { TCargoHandlingEquipment, TPaged } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { terminalKeys } from '@/lib/terminals';

/** GET /cargo_handling_equipments?terminal_id=..: the terminal's units (one page of the most the API gives). */
export const getCargoHandlingEquipments = (terminalId: number, signal?: AbortSignal) =>
  api.get<TPaged<TCargoHandlingEquipment>>('/cargo_handling_equipments', { terminal_id: terminalId, per_page: 100 }, signal);

export function useCargoHandlingEquipments(terminalId: number | null) {
  return useQuery({
    queryKey: [...terminalKeys.detail(terminalId ?? 0), 'cargo_handling_equipments'],
    queryFn: ({ signal }) => getCargoHandlingEquipments(terminalId!, signal),
    enabled: terminalId !== null,
    staleTime: 5 * 60_000,
  });
}

export type TFreeEquipment = { cargo_handling_equipment_id: number; equipment_name: string; equipment_type: string; equipment_number: string; start_time: string; end_time: string };
/** POST /prefill_equipment_details: units of the terminal not booked by another live call in the window. */
export const prefillEquipmentDetails = (body: { terminal_id: number; start_time: string; end_time: string }) => api.post<TFreeEquipment[]>('/prefill_equipment_details', body);

export type TPrefilledShift = { terminal_shift_id: number | null; shift_number: number; shift_name?: string; start_time: string; end_time: string; discharge: number; load: number; restow: number };
/** POST /prefill_shift_details: the terminal's shifts over the cargo window, moves split by hours. */
export const prefillShiftDetails = (body: { terminal_id: number; cargo_operations_start: string; cargo_operations_end: string; discharge: number; load: number; restow: number }) =>
  api.post<TPrefilledShift[]>('/prefill_shift_details', body);

export type TPrefilledDuration = { hours: number | null; minutes: number | null; cargo_operations_end: string | null };
/** POST /prefill_cargo_ops_duration: how long the moves take and when they end. */
export const prefillCargoOpsDuration = (body: { move_count: number; units_per_hour: number; crane_intensity: number; cargo_operations_start?: string }) =>
  api.post<TPrefilledDuration>('/prefill_cargo_ops_duration', body);
