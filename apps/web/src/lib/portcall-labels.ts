// Translation keys of the port-call enumerations that screens beyond the port-call feature show (a call's status, a
// berth side, a cargo type), checked against en.json, so a call reads the same on every screen.
import type { BERTH_ORIENTATIONS, CARGO_TYPES, TPortcallStatus } from '@quayline/domain';
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

const CARGO_TYPE_KEYS = {
  General: 'general',
  'Dry bulk (tons)': 'dry_bulk',
  'Liquid bulk (tons)': 'liquid_bulk',
  'Container (boxes)': 'container',
  Passenger: 'passenger',
  'Roll-on/Roll-off': 'ro_ro',
  'Other (pieces)': 'other',
} as const satisfies Record<(typeof CARGO_TYPES)[number], keyof TP['cargo_types']>;
export const cargoTypeKey = (type: (typeof CARGO_TYPES)[number]) => `portcalls.cargo_types.${CARGO_TYPE_KEYS[type]}` as const;
