// Typing into the app's TimeField (components/date-inputs) under jsdom: its hours and minutes boxes, and the value it holds.
import { fireEvent } from '@testing-library/react';

function boxes(field: HTMLElement): HTMLInputElement[] {
  return [...field.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])')];
}

/** Types 'HH:mm' into a TimeField found by its data-testid (the field) or its label (the hours box). */
export function typeTime(field: HTMLElement, time: string): void {
  const [hours = '', minutes = ''] = time.split(':');
  const inside = boxes(field);
  const [hoursBox, minutesBox] = inside.length >= 2 ? inside : boxes(field.closest('[data-with-dropdown], .mantine-TimePicker-field, .mantine-InputWrapper-root') ?? field);
  if (!hoursBox || !minutesBox) throw new Error('typeTime: no hours and minutes boxes in this field');
  fireEvent.change(hoursBox, { target: { value: hours } });
  fireEvent.change(minutesBox, { target: { value: minutes } });
}

/** The 'HH:mm' a TimeField holds: its hidden form input, '' while empty or half typed. */
export function timeOf(field: HTMLElement): string {
  const hidden = field.querySelector<HTMLInputElement>('input[type="hidden"]') ?? field.closest('.mantine-InputWrapper-root')?.querySelector<HTMLInputElement>('input[type="hidden"]');
  if (!hidden) throw new Error('timeOf: no time field here');
  return hidden.value;
}
