// Names people read in lists, cards and files (persons, companies, vessels, voyages, services, templates, places):
// they may not carry the invisible characters that change the direction text is shown in, so nobody can make a name
// display reversed or out of order (a right-to-left override turns "Nordic Star" into "ratS cidroN").
import { z } from 'zod';

/**
 * The bidirectional controls: embeddings and overrides (U+202A to U+202E), isolates (U+2066 to U+2069) and the marks
 * LRM, RLM and ALM (U+200E, U+200F, U+061C).
 */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** The first bidirectional control in a text, as U+XXXX, or null. */
export function findBidiControl(text: string): string | null {
  const found = BIDI_CONTROL.exec(text);
  return found ? `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/** The refusal's sentence, naming the character found. */
export const bidiControlMessage = (codePoint: string) => `A name must not contain characters that change the direction of the text (found ${codePoint}).`;

/** The one check every name field of a request schema adds to its string schema. */
export function withoutBidiControls(schema: z.ZodString): z.ZodString {
  return schema.refine((text) => findBidiControl(text) === null, { error: (issue) => bidiControlMessage(findBidiControl(String(issue.input)) ?? 'U+202E') });
}
