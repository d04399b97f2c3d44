// Translation keys of the port-call enumerations that screens beyond the port-call feature show (a call's status, a
// berth side), checked against en.json, so a call reads the same on every screen.
import type { BERTH_ORIENTATIONS, TPortcallStatus } from '@quayline/domain';
import type en from '../../../server/src/modules/translations/locales/en.json';

type TP = (typeof en)['portcalls'];

const STATUS_KEYS = {
  Cancelled: 'cancelled',
  Departed: 'departed',
  'Cargo Ops': 'cargo_ops',
  Berthed: 'berthed',
  'Arrived at PBP': 'arrived_at_pbp',
  Approaching: 'approaching',
} as const satisfies Record<TPortcallStatus, keyof TP['statuses']>;
export const statusKey = (status: TPortcallStatus) => `portcalls.statuses.${STATUS_KEYS[status]}` as const;

const ORIENTATION_KEYS = { Starboard: 'starboard', Port: 'port', 'Without side': 'without_side' } as const satisfies Record<(typeof BERTH_ORIENTATIONS)[number], keyof TP['orientations']>;
export const orientationKey = (o: (typeof BERTH_ORIENTATIONS)[number]) => `portcalls.orientations.${ORIENTATION_KEYS[o]}` as const;
