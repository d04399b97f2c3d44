// PUT /portcalls/:id/shift_details: a call's whole shift plan in one write, with its version (stale: 409 with `current`).
import type { TBoardPortcall, TShiftDetailInput, TShiftDetailsUpdateRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';

export const updateShiftDetails = (args: { portcallId: number; version: number; details: readonly TShiftDetailInput[] }): Promise<TBoardPortcall> =>
  api
    .put<{ portcall: TBoardPortcall }>(`/portcalls/${args.portcallId}/shift_details`, { version: args.version, portcall_shift_details: [...args.details] } satisfies TShiftDetailsUpdateRequest)
    .then((answer) => answer.portcall);
