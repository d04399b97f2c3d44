// POST /prefill_shift_details for one call of the board: its cargo spread over the shifts of its cargo window.
import type { TBoardPortcall, TShiftDetailInput } from '@quayline/domain';
import { api } from '@/lib/api-client';

export type TPrefilledCard = TShiftDetailInput & { shift_name?: string };

/**
 * With portcall_id the server fills in the call's own figures; the request still carries them from the board row
 * (cargo window, else the stay; cargo volumes; rate), which the current schema requires.
 */
export const prefillCallShifts = (terminalId: number, call: TBoardPortcall): Promise<TPrefilledCard[]> =>
  api.post<TPrefilledCard[]>('/prefill_shift_details', {
    terminal_id: terminalId,
    portcall_id: call.id,
    cargo_operations_start: call.cargo_operations_start ?? call.berth_arrival,
    cargo_operations_end: call.cargo_operations_end ?? call.berth_departure,
    discharge: call.cargo.discharge,
    load: call.cargo.load,
    restow: call.cargo.restow,
    ...(call.cargo.units_per_hour !== null ? { units_per_hour: call.cargo.units_per_hour } : {}),
    crane_intensity: call.cargo.crane_intensity,
  });

/** A prefilled card as the shift-details write takes it. */
export function toCardInput(card: TPrefilledCard): TShiftDetailInput {
  const { shift_name: _name, ...input } = card;
  return { ...input, shift_equipment_details: input.shift_equipment_details ?? [] };
}

export type TFreeEquipment = { cargo_handling_equipment_id: number; equipment_name: string; equipment_type: string; equipment_number: string };

/** POST /prefill_equipment_details for a card: the terminal's equipment not booked, nor on another call's card, in its time. */
export const freeEquipmentFor = (call: Pick<TBoardPortcall, 'id' | 'terminal_id'>, card: Pick<TShiftDetailInput, 'start_time' | 'end_time'>): Promise<TFreeEquipment[]> =>
  api.post<TFreeEquipment[]>('/prefill_equipment_details', { terminal_id: call.terminal_id, portcall_id: call.id, start_time: card.start_time, end_time: card.end_time });
