import { describe, expect, it } from 'vitest';
import { PORTCALL_FIELDS, canWritePortcallField, portcallFieldRefusal, portcallFieldsRefusedTo } from './portcall-field-permissions';
import { ZPortcallFields } from './schemas/portcall';

describe('who may write which field of a port call', () => {
  it('has a rule for every field of the create and edit, and no other', () => {
    expect([...PORTCALL_FIELDS].sort()).toEqual(Object.keys(ZPortcallFields.shape).sort());
  });

  it('leaves the PRISE fields to the PRISE workflow, for everyone', () => {
    for (const userType of ['terminal_operator', 'vessel_operator', 'agent'] as const) {
      expect(portcallFieldsRefusedTo(userType)).toEqual(expect.arrayContaining(['prise_status', 'prise_message', 'prise_code']));
    }
    expect(portcallFieldsRefusedTo('terminal_operator')).toEqual(['prise_status', 'prise_message', 'prise_code']);
  });

  it('gives the shift plan, bookings and berth placement to the terminal only, as their own routes do', () => {
    for (const field of ['portcall_shift_details', 'equipment_details', 'sync_shift_cargo_volumes', 'berth_start_position', 'card_colour'] as const) {
      expect(canWritePortcallField('terminal_operator', field), field).toBe(true);
      expect(canWritePortcallField('vessel_operator', field), field).toBe(false);
      expect(canWritePortcallField('agent', field), field).toBe(false);
    }
    expect(canWritePortcallField('vessel_operator', 'comment')).toBe(true);
  });

  it('names the refused fields and who writes them instead', () => {
    expect(portcallFieldRefusal(['portcall_shift_details'])).toBe('Only the terminal changes portcall_shift_details.');
    expect(portcallFieldRefusal(['card_colour', 'prise_status', 'prise_code'])).toBe('Only the terminal changes card_colour; only the PRISE workflow sets prise_status, prise_code.');
  });
});
