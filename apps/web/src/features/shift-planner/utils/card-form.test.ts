import { describe, expect, it } from 'vitest';
import { shiftCard } from '@/test/shift-board-fixtures';
import { cardErrors, fromCardForm, toCardForm } from './card-form';

const card = shiftCard({
  shift_number: 2,
  terminal_shift_id: 2,
  start_time: '2026-07-15T12:00:00.000Z',
  end_time: '2026-07-15T20:00:00.000Z',
  cargo_type: 'Container (boxes)',
  discharge: 80,
  load: 20,
  gangs: 2,
  resource_per_shift: 6,
  contact_person: { contact_person_name: 'Jan Vos', contact_person_phone: null, contact_person_mail: null },
  shift_equipment_details: [{ equipment_number: 'RS-01' }],
});

describe('card form', () => {
  it('turns a card into form values and back without changing it', () => {
    const form = toCardForm(card);
    expect(form).toMatchObject({ discharge: 80, resource_per_shift: 6, equipment: ['RS-01'], contact_person_name: 'Jan Vos', contact_person_phone: '', comments: '', actual_moves: '' });
    expect(fromCardForm(form, card)).toEqual({ ...card, cargo_sub_type: null, product_name: null, comments: null, actual_moves: null });
  });

  it('reads blanks as zero volumes or no value, trims text and drops an empty contact', () => {
    const form = { ...toCardForm(card), discharge: '', gangs: '', resource_per_shift: '', comments: '  night gang  ', contact_person_name: ' ', equipment: ['RS-02', 'MHC-1'] };
    const out = fromCardForm(form, card);
    expect(out).toMatchObject({ discharge: 0, gangs: 0, resource_per_shift: null, comments: 'night gang', shift_equipment_details: [{ equipment_number: 'RS-02' }, { equipment_number: 'MHC-1' }] });
    expect(out).not.toHaveProperty('contact_person');
    // Its shift and times stay.
    expect(out).toMatchObject({ shift_number: 2, terminal_shift_id: 2, start_time: card.start_time, end_time: card.end_time });
  });

  it('puts the server’s errors of the card on its fields and lists the others with their card number', () => {
    const errors = cardErrors(
      [
        { path: 'portcall_shift_details.1.gangs', message: 'At most 8 gangs work in this shift' },
        { path: 'portcall_shift_details.1.shift_equipment_details.0.equipment_number', message: 'RS-01 is already booked' },
        { path: 'portcall_shift_details.1.contact_person.contact_person_mail', message: 'Not an e-mail address' },
        { path: 'portcall_shift_details.0.start_time', message: 'Outside the stay' },
        { path: 'version', message: 'Required' },
      ],
      1,
    );
    expect(errors.fields).toEqual({ gangs: 'At most 8 gangs work in this shift', equipment: 'RS-01 is already booked', contact_person_mail: 'Not an e-mail address' });
    expect(errors.problems.map((p) => [p.field, p.cardNumber, p.message])).toEqual([
      ['gangs', null, 'At most 8 gangs work in this shift'],
      ['equipment', null, 'RS-01 is already booked'],
      ['contact_person_mail', null, 'Not an e-mail address'],
      [null, 1, 'Outside the stay'],
      [null, null, 'Required'],
    ]);
  });
});
