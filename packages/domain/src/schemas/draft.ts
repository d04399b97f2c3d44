// The planner's sandbox: a server-side draft of berth moves per user and terminal, with undo/redo and publish.
import { z } from 'zod';
import { ZRecordIdValue } from './master-data';

const ZInstant = z.iso.datetime({ offset: true });
export const DRAFT_STACK_LIMIT = 100;

/** One port call's planned place in the draft; base_version is the call's version when the draft first touched it. */
export const ZDraftChange = z.object({
  portcall_id: ZRecordIdValue,
  berth_arrival: ZInstant.optional(),
  berth_departure: ZInstant.optional(),
  berth_start_position: z.number().min(0).max(100_000).nullable().optional(),
  berth_end_position: z.number().min(0).max(100_000).nullable().optional(),
});
export type TDraftChange = z.infer<typeof ZDraftChange>;
export const ZStoredDraftChange = ZDraftChange.extend({ base_version: z.number().int().positive() });
export type TStoredDraftChange = z.infer<typeof ZStoredDraftChange>;

export const ZDraftState = z.object({
  terminal_id: z.number().int(),
  version: z.number().int(),
  changes: z.array(ZStoredDraftChange),
  frozen_portcall_ids: z.array(z.number().int()),
  can_undo: z.boolean(),
  can_redo: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TDraftState = z.infer<typeof ZDraftState>;

export const ZDraftTerminal = z.object({ terminal_id: ZRecordIdValue });
export const ZDraftWrite = ZDraftTerminal.extend({ version: z.number().int().nonnegative() });
export const ZUpdateDraftRequest = ZDraftWrite.extend({ changes: z.array(ZDraftChange).min(1).max(500) });
export const ZFreezeRequest = ZDraftWrite.extend({ portcall_id: ZRecordIdValue, frozen: z.boolean() });

export const ZPublishConflict = z.object({ portcall_id: z.number().int(), reason: z.enum(['changed_since_draft', 'not_found', 'cancelled', 'invalid']), message: z.string(), current_version: z.number().int().nullable() });
export type TPublishConflict = z.infer<typeof ZPublishConflict>;
