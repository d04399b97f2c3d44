// PUT /portcalls/:id with the call's version: a live move (its cargo window moves along). A stale version answers 409.
import type { TCargoWindow, TPortcall, TPortcallUpdateRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';

export type TPlace = { berth_arrival: string; berth_departure: string; berth_start_position: number; berth_end_position: number };

export const updatePortcallPlace = (args: { id: number; version: number; place: TPlace; cargoWindow: TCargoWindow | null }): Promise<TPortcall> =>
  api.put<TPortcall>(`/portcalls/${args.id}`, { version: args.version, ...args.place, ...(args.cargoWindow ?? {}) } satisfies TPortcallUpdateRequest);
