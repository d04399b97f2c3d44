// Filling the app's date pickers (apps/web/src/components/date-inputs) the way a person types into them.
import type { Locator } from '@playwright/test';

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as typed in an English screen, DD-MM-YYYY, from a Date's UTC calendar day. */
export function typedDay(date: Date): string {
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
}

/**
 * Types into a date or date-and-time field, e.g. fillDateTime(field, '24-11-2026 08:00'), then leaves it: leaving
 * closes the calendar (which would otherwise cover the field below) and shows the value in the field's format.
 */
export async function fillDateTime(field: Locator, typed: string): Promise<void> {
  await field.fill(typed);
  await field.blur();
}

export const fillDate = fillDateTime;

/** Types 'HH:mm' into a time field's hours and minutes boxes; the locator may be the field or its hours box. */
export async function fillTime(field: Locator, time: string): Promise<void> {
  const [hours = '', minutes = ''] = time.split(':');
  const boxes = field.locator('input:not([type="hidden"])');
  const hoursBox = (await boxes.count()) >= 2 ? boxes.nth(0) : field;
  const minutesBox = (await boxes.count()) >= 2 ? boxes.nth(1) : field.locator('xpath=following::input[1]');
  await hoursBox.fill(hours);
  await minutesBox.fill(minutes);
  await minutesBox.blur();
}

/** The 'HH:mm' a time field holds (its hidden form input), for toHaveValue. */
export const timeValue = (field: Locator): Locator => field.locator('input[type="hidden"]');
