// The payload of each realtime event the product publishes (docs/realtime.md): publishEvent stores a payload only
// through its event's schema, and the screens that listen read these shapes.
import { z } from 'zod';
import { ZAisDetection, ZAisPositionsEvent } from './schemas/ais';
import { NOTIFICATION_TYPES, ZNotificationDetails } from './schemas/notifications';
import { ZPredictedBerthArrival } from './schemas/prediction';

const ZId = z.number().int();

/** A call changed (or, with `portcall_ids`, a batch of calls was generated): lists, details and planners refetch. */
export const ZPortcallUpdatedPayload = z.strictObject({
  terminal_id: ZId,
  portcall_id: ZId.nullable(),
  version: ZId.optional(),
  status: z.string().optional(),
  field: z.string(),
  action: z.string().nullable().optional(),
  portcall_ids: z.array(ZId).max(200).optional(),
  count: z.number().int().min(0).optional(),
});
export const ZNotificationCreatedPayload = z.strictObject({
  id: ZId,
  notification_type: z.enum(NOTIFICATION_TYPES),
  portcall_id: ZId.nullable(),
  details: ZNotificationDetails,
});
export const ZPortcallMessagePayload = z.strictObject({ portcall_id: ZId, terminal_id: ZId, message_id: ZId, author_id: ZId });
export const ZShiftCalendarUpdatedPayload = z.strictObject({ terminal_id: ZId, what: z.string() });
export const ZDraftUpdatedPayload = z.strictObject({ terminal_id: ZId, version: ZId });
export const ZFrozenUpdatedPayload = z.strictObject({ portcall_id: ZId, frozen: z.boolean(), by: ZId });
export const ZPredictionUpdatedPayload = z.strictObject({ terminal_id: ZId, portcall_id: ZId, predicted_berth_arrival: ZPredictedBerthArrival.nullable() });
export const ZAlertAcknowledgedPayload = z.strictObject({ key: z.string(), portcall_id: ZId.nullable(), terminal_id: ZId });
export const ZAlertsChangedPayload = z.strictObject({ terminal_id: ZId, reason: z.string() });
export const ZAisDetectionPayload = z.strictObject({ terminal_id: ZId, portcall_id: ZId, detection: ZAisDetection });

export const REALTIME_EVENT_PAYLOADS = {
  'portcall.updated': ZPortcallUpdatedPayload,
  'notification.created': ZNotificationCreatedPayload,
  'portcall.message': ZPortcallMessagePayload,
  'shift_calendar.updated': ZShiftCalendarUpdatedPayload,
  'draft.updated': ZDraftUpdatedPayload,
  'frozen.updated': ZFrozenUpdatedPayload,
  'prediction.updated': ZPredictionUpdatedPayload,
  'dashboard.alert_acknowledged': ZAlertAcknowledgedPayload,
  'dashboard.alerts_changed': ZAlertsChangedPayload,
  'ais.detection': ZAisDetectionPayload,
  'ais.positions': ZAisPositionsEvent,
} as const;
export type TRealtimeEventName = keyof typeof REALTIME_EVENT_PAYLOADS;
export const REALTIME_EVENT_NAMES = Object.keys(REALTIME_EVENT_PAYLOADS) as TRealtimeEventName[];

export function isRealtimeEventName(event: string): event is TRealtimeEventName {
  return Object.hasOwn(REALTIME_EVENT_PAYLOADS, event);
}

/** Any JSON value: what the WebSocket protocol carries (ZRealtimeEventMessage.payload) for an event of no schema of its own. */
export const ZRealtimePayload = z.json();
