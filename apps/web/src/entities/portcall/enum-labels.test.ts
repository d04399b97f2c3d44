import { BERTH_ORIENTATIONS, CARGO_QUANTITY_STATUSES, CARGO_TYPES, CHANGE_LABELS, MOVE_COUNT_UNITS, PORTCALL_STATUSES, PORTCALL_TYPES, PRISE_STATUSES, TIME_LABELS } from '@quayline/domain';
import { describe, expect, it } from 'vitest';
import en from '../../../../server/src/modules/translations/locales/en.json';
import { cargoTypeKey, changeLabelKey, orientationKey, portcallTypeKey, priseStatusKey, quantityStatusKey, statusKey, timeLabelKey, unitKey } from './enum-labels';

const textOf = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('the labels of the port-call enumerations', () => {
  it.each([
    ['status', PORTCALL_STATUSES, statusKey],
    ['orientation', BERTH_ORIENTATIONS, orientationKey],
    ['time label', TIME_LABELS, timeLabelKey],
    ['change label', CHANGE_LABELS, changeLabelKey],
    ['cargo type', CARGO_TYPES, cargoTypeKey],
    ['port-call type', PORTCALL_TYPES, portcallTypeKey],
    ['quantity status', CARGO_QUANTITY_STATUSES, quantityStatusKey],
    ['unit', MOVE_COUNT_UNITS, unitKey],
    ['PRISE status', PRISE_STATUSES, priseStatusKey],
  ] as const)('gives every %s a text', (_name, values, keyOf) => {
    for (const value of values) expect(typeof textOf((keyOf as (v: string) => string)(value)), `${value}: ${(keyOf as (v: string) => string)(value)}`).toBe('string');
  });
  it('spells the keys as the texts do', () => {
    expect([statusKey('Arrived at PBP'), orientationKey('Without side'), changeLabelKey('newly created'), cargoTypeKey('Roll-on/Roll-off'), priseStatusKey('prise_partially_accepted')]).toEqual([
      'portcalls.statuses.arrived_at_pbp',
      'portcalls.orientations.without_side',
      'portcalls.change_labels.newly_created',
      'portcalls.cargo_types.ro_ro',
      'portcalls.prise_statuses.prise_accepted',
    ]);
  });
});
