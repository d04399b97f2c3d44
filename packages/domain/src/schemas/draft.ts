// The planner's sandbox: a server-side draft of berth moves per user and terminal, with undo/redo and publish.
import { z } from 'zod';
import { ZTimeLabel } from '../negotiation';
import { ZRecordIdValue } from './master-data';
import { ZPortcallStatus } from './portcall';

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

/** A call's place on the quay: berth times and metres. */
export const ZPublishPlace = z.object({
  berth_arrival: z.string(),
  berth_departure: z.string(),
  berth_start_position: z.number().nullable(),
  berth_end_position: z.number().nullable(),
});


/** One call a publish would change: where it is live now, where it goes, and the labels its times then carry. */
export const ZPublishPreviewChange = z.object({
  portcall_id: z.number().int(),
  vessel_name: z.string(),
  before: ZPublishPlace,
  after: ZPublishPlace,
  berth_arrival_label: ZTimeLabel.nullable(),
  berth_departure_label: ZTimeLabel.nullable(),
  status: ZPortcallStatus,
});

/** A clash of the plan as it would be after the publish, on a moved call; `is_new` when the live plan has it not. */
export const ZPublishPreviewClash = z.object({
  kind: z.enum(['overlap', 'block_zone', 'too_shallow', 'outside_quay', 'not_a_berth']),
  portcall_ids: z.array(z.number().int()),
  vessel_names: z.array(z.string()),
  /** Water at the section and the call's draft, for a call too deep for it; null otherwise. */
  water_depth: z.number().nullable(),
  draft: z.number().nullable(),
  is_new: z.boolean(),
});
export type TPublishPreviewClash = z.infer<typeof ZPublishPreviewClash>;

/** Something a publish does beside the moves that the planner should know first. */
export const ZPublishPreviewWarning = z.object({
  kind: z.enum(['bookings_released']),
  portcall_id: z.number().int(),
  vessel_name: z.string(),
  count: z.number().int(),
});

/** A person a publish notifies, with the calls they are told about. */
export const ZPublishPreviewRecipient = z.object({
  user_id: z.number().int(),
  name: z.string(),
  organisation_name: z.string().nullable(),
  portcall_ids: z.array(z.number().int()),
});

/**
 * What publishing the draft at `draft_version` would do, computed without writing: the same planning the publish
 * runs, so it lists exactly the calls, notifications and clashes the publish then brings; or the refusals.
 */
export const ZPublishPreview = z.object({
  terminal_id: z.number().int(),
  draft_version: z.number().int(),
  changes: z.array(ZPublishPreviewChange),
  refusals: z.array(ZPublishConflict),
  clashes: z.array(ZPublishPreviewClash),
  warnings: z.array(ZPublishPreviewWarning),
  recipients: z.array(ZPublishPreviewRecipient),
  notification_count: z.number().int(),
});
export type TPublishPreview = z.infer<typeof ZPublishPreview>;
