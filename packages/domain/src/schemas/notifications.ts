// Notifications about port-call changes and the message thread of each port call (spec sections 3, 4, 9).
import { z } from 'zod';
import { ZPageMeta } from './paging';
import { CREATOR_TYPES } from './prise';

export const NOTIFICATION_TYPES = ['portcall_update', 'revised', 'accepted', 'proxy_session'] as const;
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const MESSAGE_ICON_STATES = ['new', 'none', 'all_read'] as const;
export type TMessageIconState = (typeof MESSAGE_ICON_STATES)[number];

/**
 * What a notification says, as stored in `notification_messages.details` and sent with `notification.created`: every
 * writer stores it through this schema and the list reads it back with it (docs/api.md, "Stored JSON"). `actor_side` is the
 * side the change counts for; a change no person made (a schedule sync, AIS) says so in `creator_type` (spec section 3:
 * creator type automated) and names its `source`.
 */
export const ZNotificationDetails = z.strictObject({
  vessel_name: z.string().max(500).optional(),
  /** The changed field, or several joined by commas (an edit of plain fields). */
  field: z.string().max(4000).optional(),
  action: z.string().max(64).optional(),
  value: z.string().max(500).nullable().optional(),
  actor_name: z.string().max(500).optional(),
  actor_side: z.enum(['terminal', 'vessel_side']).optional(),
  creator_type: z.enum(CREATOR_TYPES).optional(),
  /** For an automated change: the schedule source or AIS source that made it. */
  source: z.string().max(64).optional(),
  /** For a batch (voyages generated from a schedule): how many calls and of which service. */
  count: z.number().int().min(0).optional(),
  service_name: z.string().max(500).nullable().optional(),
});
export type TNotificationDetails = z.infer<typeof ZNotificationDetails>;

export const ZNotificationMessage = z.object({
  id: z.number().int(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  portcall_id: z.number().int().nullable(),
  details: ZNotificationDetails,
  /** Set on a stored notification that no longer reads as one (its details are empty): shown as such, never dropped. */
  is_unreadable: z.boolean().optional(),
  read: z.boolean(),
  created_at: z.string(),
});
export type TNotificationMessage = z.infer<typeof ZNotificationMessage>;
export const ZNotificationList = z.object({ items: z.array(ZNotificationMessage), meta: ZPageMeta.extend({ unread_count: z.number().int() }) });

export const ZPortcallMessage = z.object({
  id: z.number().int(),
  portcall_id: z.number().int(),
  body: z.string(),
  author: z.object({ id: z.number().int(), name: z.string(), user_type: z.string(), organisation_name: z.string().nullable() }),
  is_own: z.boolean(),
  created_at: z.string(),
});
export type TPortcallMessage = z.infer<typeof ZPortcallMessage>;
export const ZPostPortcallMessage = z.object({ body: z.string().trim().min(1, 'Write a message').max(2000) });
export const ZMessageStates = z.record(z.string(), z.enum(MESSAGE_ICON_STATES));
