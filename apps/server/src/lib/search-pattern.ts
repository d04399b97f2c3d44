// LIKE patterns from user text: the wildcards % and _ (and the escape \) are matched literally.
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Matches the text anywhere (use with ilike for any case). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Matches values that start with the text. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/** Blank search text means no filter. */
export function searchText(q: string | undefined): string | null {
  const text = q?.trim();
  return text ? text : null;
}
