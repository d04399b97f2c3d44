// Liner-service templates: what is wrong with one, its RFC 5545 rule, and the voyages it generates.
// docs/voyage-center.md "Generating from a template" holds the rules; the server fills the lookup from the database.
import * as rruleModule from 'rrule';
import type { TVoyageTemplateFields } from './schemas/voyages';
import { localTimeToInstant } from './shift-calendar';

// rrule ships a UMD main and an ESM module: Node hands out the CommonJS object as `default`, bundlers the named exports.
// Reflect.get keeps bundlers from warning about a `default` the ESM build does not have.
const rrule = ((Reflect.get(rruleModule, 'default') as typeof rruleModule | undefined) ?? rruleModule) as typeof rruleModule;

export type TTemplateLookup = {
  terminalPortId: number;
  knownPortIds: ReadonlySet<number>;
  knownVesselIds: ReadonlySet<number>;
  portTimeZones: ReadonlyMap<number, string>;
};
export type TTemplateProblem = { path: string; message: string };

/** The template fields the rules read; the stored template and a request body both have them. */
export type TTemplateShape = Pick<TVoyageTemplateFields, 'rotation' | 'berth_window' | 'vessel_ids' | 'recurrence' | 'valid_from' | 'valid_to' | 'import_direction' | 'export_direction'>;

export type TOccurrenceStop = { port_id: number; is_terminal_call: boolean; arrival: string; departure: string };
export type TTemplateOccurrence = {
  /** The terminal arrival date in the terminal's zone, YYYY-MM-DD. */
  occurrence_date: string;
  /** Slots since the template's first occurrence (exceptions count: a blank sailing leaves the ships in their turn). */
  sequence_index: number;
  vessel_id: number;
  voyage_number_import: string;
  voyage_number_export: string;
  schedule: TOccurrenceStop[];
  berth_arrival: string;
  berth_departure: string;
};

const DAY_MS = 86_400_000;
const RRULE_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

type TLocalDate = { year: number; month: number; day: number };

function parseDate(value: string): TLocalDate {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}
/** A local date as midnight UTC: rrule works on such "floating" dates, and day arithmetic stays free of DST. */
function floating(value: string): Date {
  const d = parseDate(value);
  return new Date(Date.UTC(d.year, d.month - 1, d.day));
}
function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
function addDays(value: string, days: number): string {
  return formatDate(new Date(floating(value).getTime() + days * DAY_MS));
}

/** ISO 8601 week and week-numbering year of a date (the week with the year's first Thursday is week 1). */
export function isoWeekOf(value: string): { year: number; week: number } {
  const date = floating(value);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(date.getTime() + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return { year, week };
}

/** `YYWW` + direction, the shape of a DCSA universal voyage reference, from the terminal arrival date. */
export function templateVoyageNumber(occurrenceDate: string, direction: string): string {
  const { year, week } = isoWeekOf(occurrenceDate);
  return `${String(year % 100).padStart(2, '0')}${String(week).padStart(2, '0')}${direction}`;
}

function terminalStopIndex(rotation: TTemplateShape['rotation']): number {
  const flagged = rotation.flatMap((stop, i) => (stop.is_terminal_call ? [i] : []));
  return flagged.length === 1 ? flagged[0]! : -1;
}

function ruleOf(fields: TTemplateShape) {
  return new rrule.RRule({
    freq: rrule.RRule.WEEKLY,
    interval: fields.recurrence.interval_weeks,
    byweekday: [rrule.RRule[RRULE_DAYS[fields.berth_window.arrival_weekday - 1]!]],
    wkst: rrule.RRule.MO,
    dtstart: floating(fields.valid_from),
    ...(fields.valid_to ? { until: floating(fields.valid_to) } : {}),
  });
}

function ruleSetOf(fields: TTemplateShape) {
  const set = new rrule.RRuleSet();
  set.rrule(ruleOf(fields));
  for (const exception of fields.recurrence.exceptions) set.exdate(floating(exception));
  return set;
}

/** The recurrence as an RFC 5545 rule (DTSTART, RRULE with UNTIL when the validity ends, EXDATEs), local dates floating. */
export function templateRrule(fields: TTemplateShape): string {
  return ruleSetOf(fields).toString();
}

/** Arrival and departure instants of every stop for a terminal arrival date; null when a port's zone is unknown. */
function scheduleFor(fields: TTemplateShape, occurrenceDate: string, terminalTimeZone: string, portTimeZones: ReadonlyMap<number, string>): TOccurrenceStop[] | null {
  const terminalIndex = terminalStopIndex(fields.rotation);
  const firstPortDate = addDays(occurrenceDate, -(fields.rotation[terminalIndex]?.day_offset ?? 0));
  const stops: TOccurrenceStop[] = [];
  for (const stop of fields.rotation) {
    const zone = stop.is_terminal_call ? terminalTimeZone : portTimeZones.get(stop.port_id);
    if (!zone) return null;
    const arrival = localTimeToInstant(parseDate(addDays(firstPortDate, stop.day_offset)), stop.arrival_time, zone);
    const departure = arrival + Math.round(stop.stay_hours * 3_600_000);
    stops.push({ port_id: stop.port_id, is_terminal_call: stop.is_terminal_call, arrival: new Date(arrival).toISOString(), departure: new Date(departure).toISOString() });
  }
  return stops;
}

/** What is wrong with a template, checkable without the database beyond the lookup; empty when it is fine. */
export function templateProblems(fields: TTemplateShape, lookup: TTemplateLookup): TTemplateProblem[] {
  const problems: TTemplateProblem[] = [];
  const flagged = fields.rotation.flatMap((stop, i) => (stop.is_terminal_call ? [i] : []));
  if (flagged.length !== 1) problems.push({ path: 'rotation', message: "The rotation must call at this terminal's port" });
  for (const i of flagged) {
    if (fields.rotation[i]!.port_id !== lookup.terminalPortId) problems.push({ path: `rotation.${i}.port_id`, message: "The terminal call must be at this terminal's port" });
  }
  fields.rotation.forEach((stop, i) => {
    if (!lookup.knownPortIds.has(stop.port_id)) problems.push({ path: `rotation.${i}.port_id`, message: 'Unknown port' });
  });
  fields.vessel_ids.forEach((id, i) => {
    if (!lookup.knownVesselIds.has(id)) problems.push({ path: `vessel_ids.${i}`, message: 'Unknown vessel' });
  });
  if (fields.rotation[0] && fields.rotation[0].day_offset !== 0) problems.push({ path: 'rotation.0.day_offset', message: "The first port's day offset is 0" });
  const terminalZone = lookup.portTimeZones.get(lookup.terminalPortId);
  // The order of times is checked on the first valid date; the zones' offsets are those of that season.
  const schedule = terminalZone && flagged.length === 1 ? scheduleFor(fields, fields.valid_from, terminalZone, lookup.portTimeZones) : null;
  for (let i = 1; i < fields.rotation.length; i++) {
    const stop = fields.rotation[i]!;
    if (stop.day_offset < fields.rotation[i - 1]!.day_offset) problems.push({ path: `rotation.${i}.day_offset`, message: "Day offsets cannot go back" });
    else if (schedule && Date.parse(schedule[i]!.arrival) < Date.parse(schedule[i - 1]!.departure)) problems.push({ path: `rotation.${i}.day_offset`, message: "Arrives before the previous port's departure" });
  }
  const validityOk = !fields.valid_to || fields.valid_to >= fields.valid_from;
  if (!validityOk) problems.push({ path: 'valid_to', message: 'The validity ends before it starts' });
  fields.recurrence.exceptions.forEach((date, i) => {
    if (date < fields.valid_from || (fields.valid_to !== null && date > fields.valid_to)) problems.push({ path: `recurrence.exceptions.${i}`, message: 'Outside the validity period' });
  });
  if (validityOk && fields.valid_to) {
    const first = ruleSetOf(fields).after(floating(fields.valid_from), true);
    if (!first || first.getTime() > floating(fields.valid_to).getTime()) problems.push({ path: 'recurrence', message: 'The recurrence generates no voyage between valid_from and valid_to' });
  }
  return problems;
}

/**
 * The voyages a template generates for terminal arrival dates in [from, from + horizonWeeks) inside its validity,
 * oldest first. Each port's arrival is its local wall-clock time in its own zone (DST-correct); the terminal stop uses
 * the terminal's zone. Ports whose zone is missing from `portTimeZones` make the occurrence unusable: it is left out.
 */
export function generateOccurrences(args: { fields: TTemplateShape; terminalTimeZone: string; portTimeZones: ReadonlyMap<number, string>; from: string; horizonWeeks: number }): TTemplateOccurrence[] {
  const { fields } = args;
  if (terminalStopIndex(fields.rotation) < 0 || fields.vessel_ids.length === 0) return [];
  const start = args.from > fields.valid_from ? args.from : fields.valid_from;
  const endExclusive = addDays(args.from, args.horizonWeeks * 7);
  const lastDate = fields.valid_to && fields.valid_to < endExclusive ? fields.valid_to : addDays(endExclusive, -1);
  if (lastDate < start) return [];
  const excluded = new Set(fields.recurrence.exceptions);
  // Slots without exceptions from the template's start, so the vessel turn does not depend on `from`.
  const slots = ruleOf(fields).between(floating(fields.valid_from), floating(lastDate), true);
  const out: TTemplateOccurrence[] = [];
  slots.forEach((slot, sequenceIndex) => {
    const date = formatDate(slot);
    if (date < start || excluded.has(date)) return;
    const schedule = scheduleFor(fields, date, args.terminalTimeZone, args.portTimeZones);
    if (!schedule) return;
    const terminal = schedule.find((s) => s.is_terminal_call)!;
    out.push({
      occurrence_date: date,
      sequence_index: sequenceIndex,
      vessel_id: fields.vessel_ids[sequenceIndex % fields.vessel_ids.length]!,
      voyage_number_import: templateVoyageNumber(date, fields.import_direction),
      voyage_number_export: templateVoyageNumber(date, fields.export_direction),
      schedule,
      berth_arrival: terminal.arrival,
      berth_departure: terminal.departure,
    });
  });
  return out;
}

/**
 * Where a generated call lies on the quay: from the template's preferred start, the vessel's length along, when the
 * ship fits the quay there; otherwise nowhere yet (the planner places it). Generate and the preview's clash check
 * both place calls by this rule, so the preview warns of exactly the clashes Generate would create.
 */
export function templateCallPlace(args: { preferredStart: number | null; vesselLength: number; quayLength: number | null }): { start: number; end: number } | null {
  const { preferredStart: start, vesselLength, quayLength } = args;
  if (start === null || quayLength === null || vesselLength <= 0 || start + vesselLength > quayLength) return null;
  return { start, end: start + vesselLength };
}

/** How far ahead the template form's preview looks: far enough for an every-12-weeks service to show a few occurrences. */
export const TEMPLATE_PREVIEW_HORIZON_WEEKS = 52;
