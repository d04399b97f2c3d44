// How a picked record reads in a picker or a cell: code and name, joined by a dash (formatting, the same in every language).
export const organisationLabel = (o: { code: string; name: string }): string => `${o.code} – ${o.name}`;
export const portLabel = (p: { unlocode: string; name: string }): string => `${p.unlocode} – ${p.name}`;
/** A number with its translated unit, e.g. '1,200 pieces'. */
export const withUnit = (value: string, unit: string): string => `${value} ${unit}`;
/** A time with its translated label, e.g. '15-07-2026 10:30 (planned)'. */
export const withLabel = (time: string, label: string): string => `${time} (${label})`;
