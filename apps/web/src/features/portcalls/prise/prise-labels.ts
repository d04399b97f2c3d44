// Translation keys and colours of the PRISE notice: its required fields, the port authority's statuses, history events.
import {
  PRISE_NOTICE_OWN_FIELDS,
  PRISE_REQUIRED_FIELDS,
  type PRISE_HISTORY_EVENTS,
  type PRISE_STATUSES,
  type TPortAuthorityStatus,
  type TPriseRequiredField,
} from '@quayline/domain';
import type en from '../../../../../server/src/modules/translations/locales/en.json';

type TP = (typeof en)['portcalls']['prise'];
type TPriseStatus = (typeof PRISE_STATUSES)[number];

export const priseFieldKey = (field: TPriseRequiredField) => `portcalls.prise.fields.${field}` as const satisfies `portcalls.prise.fields.${keyof TP['fields']}`;
export const authorityStatusKey = (s: TPortAuthorityStatus) => `portcalls.prise.authority_statuses.${s}` as const satisfies `portcalls.prise.authority_statuses.${keyof TP['authority_statuses']}`;
export const historyEventKey = (e: (typeof PRISE_HISTORY_EVENTS)[number]) => `portcalls.prise.events.${e}` as const satisfies `portcalls.prise.events.${keyof TP['events']}`;

/** A path of a 400's field errors names a required field (possibly with a prefix such as `content.`); others are not ours. */
export function requiredFieldOf(path: string): TPriseRequiredField | null {
  const last = path.split('.').pop() ?? path;
  return (PRISE_REQUIRED_FIELDS as readonly string[]).includes(last) ? (last as TPriseRequiredField) : null;
}

export const isOwnField = (field: TPriseRequiredField): boolean => (PRISE_NOTICE_OWN_FIELDS as readonly string[]).includes(field);
/** Kept on the vessel's record, not on the call: the call's edit form cannot fill them. */
export const VESSEL_FIELDS: readonly TPriseRequiredField[] = ['vessel_imo_number', 'vessel_call_sign', 'vessel_length_overall', 'vessel_beam'];

export const PRISE_STATUS_COLOURS: Record<TPriseStatus, string> = {
  prise_info_required: 'orange',
  prise_sent: 'blue',
  prise_rejected: 'red',
  prise_accepted: 'green',
  prise_partially_accepted: 'green',
};

export const AUTHORITY_STATUS_COLOURS: Record<TPortAuthorityStatus, string> = { draft: 'gray', submitted: 'blue', approved: 'green', rejected: 'red' };

/** Where the call's edit form takes each call field (`?focus=`); vessel and the notice's own fields are entered elsewhere. */
export const CALL_FIELD_TARGETS: Partial<Record<TPriseRequiredField, string>> = {
  pilot_boarding_place_arrival: 'field-pilot-arrival',
  berth: 'field-berth-start',
  berth_position: 'field-berth-start',
  draft_inbound: 'field-draft-inbound',
  draft_outbound: 'field-draft-outbound',
  previous_port: 'field-previous-port',
  next_port: 'field-next-port',
  agent: 'field-agent',
  cargo_type: 'field-cargo-type',
};

export const editCallPath = (locale: string, portcallId: number, focus?: string) =>
  `/${locale}/portcall-planner/portcall/edit?id=${portcallId}${focus ? `&focus=${focus}` : ''}`;
