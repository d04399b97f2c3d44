// Translation keys and colours of task reasons, checked against en.json (port-call statuses: entities/portcall/enum-labels).
import type { TParty, TTaskReason } from '@quayline/domain';
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
  prise_notice: 'red',
};

/** The reasons each side can ever get (domain `taskReasons`); the settings offer only these. */
export const REASONS_OF_PARTY: Record<TParty, readonly TTaskReason[]> = {
  terminal: ['request_to_plan', 'cancellation_to_answer', 'missing_berth_position', 'prise_notice'],
  vessel_side: ['proposal_to_answer', 'missing_cargo_details', 'missing_voyage_number', 'prise_notice'],
};
