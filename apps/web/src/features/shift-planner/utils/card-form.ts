// The card editor's form: a card as editable values and back, and the server's field errors of one write sorted to
// the card's own fields (paths like portcall_shift_details.3.gangs) or listed for the rest.
import type { TFieldError, TShiftDetailInput } from '@quayline/domain';

export const CARD_FORM_FIELDS = [
  'cargo_type', 'cargo_sub_type', 'product_name', 'discharge', 'load', 'restow', 'gangs', 'resource_per_shift', 'equipment',
  'contact_person_name', 'contact_person_phone', 'contact_person_mail', 'comments', 'actual_moves',
] as const;
export type TCardFormField = (typeof CARD_FORM_FIELDS)[number];

export type TCardForm = {
  cargo_type: TShiftDetailInput['cargo_type'];
  cargo_sub_type: string;
  product_name: string;
  discharge: number | string;
  load: number | string;
  restow: number | string;
  gangs: number | string;
  resource_per_shift: number | string;
  equipment: string[];
  contact_person_name: string;
  contact_person_phone: string;
  contact_person_mail: string;
  comments: string;
  actual_moves: number | string;
};

export function toCardForm(card: TShiftDetailInput): TCardForm {
  return {
    cargo_type: card.cargo_type ?? null,
    cargo_sub_type: card.cargo_sub_type ?? '',
    product_name: card.product_name ?? '',
    discharge: card.discharge,
    load: card.load,
    restow: card.restow,
    gangs: card.gangs,
    resource_per_shift: card.resource_per_shift ?? '',
    equipment: card.shift_equipment_details.map((e) => e.equipment_number),
    contact_person_name: card.contact_person?.contact_person_name ?? '',
    contact_person_phone: card.contact_person?.contact_person_phone ?? '',
    contact_person_mail: card.contact_person?.contact_person_mail ?? '',
    comments: card.comments ?? '',
    actual_moves: card.actual_moves ?? '',
  };
}

const text = (v: string) => (v.trim() === '' ? null : v.trim());
const whole = (v: number | string) => (v === '' ? 0 : Number(v));
const wholeOrNull = (v: number | string) => (v === '' ? null : Number(v));

/** The form's values on the card it was opened with (its shift and times stay). */
export function fromCardForm(form: TCardForm, base: TShiftDetailInput): TShiftDetailInput {
  const contact = { contact_person_name: text(form.contact_person_name), contact_person_phone: text(form.contact_person_phone), contact_person_mail: text(form.contact_person_mail) };
  const hasContact = Object.values(contact).some((v) => v !== null);
  const { contact_person: _old, ...rest } = base;
  return {
    ...rest,
    cargo_type: form.cargo_type ?? null,
    cargo_sub_type: text(form.cargo_sub_type),
    product_name: text(form.product_name),
    discharge: whole(form.discharge),
    load: whole(form.load),
    restow: whole(form.restow),
    gangs: whole(form.gangs),
    resource_per_shift: wholeOrNull(form.resource_per_shift),
    shift_equipment_details: form.equipment.map((equipment_number) => ({ equipment_number })),
    comments: text(form.comments),
    actual_moves: wholeOrNull(form.actual_moves),
    ...(hasContact ? { contact_person: contact } : {}),
  };
}

const FIELD_OF_PATH: Record<string, TCardFormField> = {
  cargo_type: 'cargo_type',
  cargo_sub_type: 'cargo_sub_type',
  product_name: 'product_name',
  discharge: 'discharge',
  load: 'load',
  restow: 'restow',
  gangs: 'gangs',
  resource_per_shift: 'resource_per_shift',
  shift_equipment_details: 'equipment',
  'contact_person.contact_person_name': 'contact_person_name',
  'contact_person.contact_person_phone': 'contact_person_phone',
  'contact_person.contact_person_mail': 'contact_person_mail',
  comments: 'comments',
  actual_moves: 'actual_moves',
};

export type TCardErrors = { fields: Partial<Record<TCardFormField, string>>; problems: { key: string; field: TCardFormField | null; cardNumber: number | null; message: string }[] };

/** Errors of the card sent at `index` go to its fields; every error is also listed (another card's with its number). */
export function cardErrors(errors: readonly TFieldError[], index: number): TCardErrors {
  const out: TCardErrors = { fields: {}, problems: [] };
  errors.forEach((e, i) => {
    const match = /^portcall_shift_details\.(\d+)\.(.+)$/.exec(e.path);
    const cardIndex = match ? Number(match[1]) : null;
    const rest = match?.[2] ?? '';
    const field = match ? (FIELD_OF_PATH[rest] ?? FIELD_OF_PATH[rest.split('.')[0]!] ?? null) : null;
    const isOwn = cardIndex === index;
    if (isOwn && field && out.fields[field] === undefined) out.fields[field] = e.message;
    out.problems.push({ key: `${e.path}-${i}`, field: isOwn ? field : null, cardNumber: isOwn || cardIndex === null ? null : cardIndex + 1, message: e.message });
  });
  return out;
}
