// Notifications about port-call changes and the message thread of each port call (spec sections 3, 4, 9).
import { z } from 'zod';
import { ZPageMeta } from './paging';

export const NOTIFICATION_TYPES = ['portcall_update', 'revised', 'accepted', 'proxy_session'] as const;
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const MESSAGE_ICON_STATES = ['new', 'none', 'all_read'] as const;
export type TMessageIconState = (typeof MESSAGE_ICON_STATES)[number];

export const ZNotificationMessage = z.object({
  id: z.number().int(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  portcall_id: z.number().int().nullable(),
  details: z.object({
    vessel_name: z.string().optional(),
    field: z.string().optional(),
    action: z.string().optional(),
    value: z.string().nullable().optional(),
    actor_name: z.string().optional(),
    actor_side: z.enum(['terminal', 'vessel_side']).optional(),
  }),
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
