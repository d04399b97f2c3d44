// Translation keys and colours of task reasons and port-call statuses, checked against en.json.
import type { TParty, TPortcallStatus, TTaskReason } from '@quayline/domain';
import type en from '../../../../../server/src/modules/translations/locales/en.json';

type TTasksTexts = (typeof en)['tasks'];

export const reasonKey = (reason: TTaskReason) => `tasks.reasons.${reason}` as const satisfies `tasks.reasons.${keyof TTasksTexts['reasons']}`;

export const REASON_COLOURS: Record<TTaskReason, string> = {
  request_to_plan: 'orange',
  proposal_to_answer: 'blue',
  cancellation_to_answer: 'red',
  missing_berth_position: 'grape',
  missing_cargo_details: 'yellow',
  missing_voyage_number: 'cyan',
};

/** The reasons each side can ever get (domain `taskReasons`); the settings offer only these. */
export const REASONS_OF_PARTY: Record<TParty, readonly TTaskReason[]> = {
  terminal: ['request_to_plan', 'cancellation_to_answer', 'missing_berth_position'],
  vessel_side: ['proposal_to_answer', 'missing_cargo_details', 'missing_voyage_number'],
};

const STATUS_KEYS = {
  Cancelled: 'cancelled',
  Departed: 'departed',
  'Cargo Ops': 'cargo_ops',
  Berthed: 'berthed',
  'Arrived at PBP': 'arrived_at_pbp',
  Approaching: 'approaching',
} as const satisfies Record<TPortcallStatus, keyof TTasksTexts['statuses']>;
export const statusKey = (status: TPortcallStatus) => `tasks.statuses.${STATUS_KEYS[status]}` as const;

export const STATUS_COLOURS: Record<TPortcallStatus, string> = {
  Cancelled: 'red',
  Departed: 'gray',
  'Cargo Ops': 'violet',
  Berthed: 'green',
  'Arrived at PBP': 'cyan',
  Approaching: 'blue',
};
