// The JSON instance format (documented in docs/optimizer.md): its zod schema and the parser that turns a
// document into the optimizer's model, with messages that name the field at fault.
import { z } from 'zod';
import { ALWAYS, type TBerth, type TBlockZone, type THandling, type TInstance, type TQuay, type TSection, type TTide, type TVessel, type TWindow, type TWork } from './model';
import { DEFAULT_WEIGHTS } from './objective';
import { handlingHours, sectionSpan } from './places';

const ZId = z.union([z.string().min(1), z.number()]).transform(String);
const ZHours = z.number();
const ZWindow = z.tuple([ZHours, ZHours]).refine(([a, b]) => a <= b, 'a window must not end before it starts');
/** One window [start, end] or a list of them. */
const ZWindows = z.union([ZWindow.transform((w) => [w]), z.array(ZWindow)]);
const ZPositive = z.number().positive();

const ZBerth = z.object({
  id: ZId,
  open: ZWindows.optional(),
  length: ZPositive.optional(),
  depth: z.number().optional(),
  productivity: ZPositive.optional(),
});

const ZSection = z.object({
  id: ZId,
  from: z.number().min(0),
  to: z.number(),
  depth: z.number().optional(),
  productivity: ZPositive.optional(),
  berth: z.boolean().optional(),
  open: ZWindows.optional(),
});

export const ZDiscreteQuay = z.object({
  kind: z.literal('discrete'),
  berths: z.array(ZBerth).min(1),
  under_keel_clearance: z.number().min(0).optional(),
});

export const ZContinuousQuay = z.object({
  kind: z.literal('continuous'),
  length: ZPositive,
  clearance: z.number().min(0).optional(),
  sections: z.array(ZSection).min(1).optional(),
  under_keel_clearance: z.number().min(0).optional(),
});

const ZBlockZone = z.object({
  id: ZId.optional(),
  start: ZHours,
  end: ZHours,
  berth: ZId.optional(),
  from: z.number().optional(),
  to: z.number().optional(),
});

const ZTide = z.union([
  z.object({ samples: z.array(z.tuple([ZHours, z.number()])).min(1) }),
  z.object({
    mean: z.number().optional(),
    constituents: z.array(z.object({ amplitude: z.number(), period: ZPositive, phase: z.number().optional() })).min(1),
  }),
]);

const ZWork = z.union([
  z.object({ moves: ZPositive, moves_per_crane_hour: ZPositive, cranes: ZPositive.optional() }),
  z.object({ units: ZPositive, units_per_hour: ZPositive }),
]);

const ZFixed = z.object({ berth: ZId.optional(), position: z.number().optional(), start: ZHours, end: ZHours.optional() });

const ZVessel = z.object({
  id: ZId,
  arrival: ZHours,
  earliest_start: ZHours.optional(),
  latest_departure: ZHours.optional(),
  requested_start: ZHours.optional(),
  weight: ZPositive.optional(),
  length: ZPositive.optional(),
  draft: z.number().min(0).optional(),
  handling: z.union([ZPositive, z.record(z.string(), ZPositive)]).optional(),
  work: ZWork.optional(),
  preferred_berth: ZId.optional(),
  preferred_position: z.number().optional(),
  frozen: ZFixed.optional(),
  berthed: ZFixed.optional(),
});

const ZWeights = z
  .object({
    waiting: z.number().min(0),
    handling: z.number().min(0),
    requested_time: z.number().min(0),
    preferred_berth: z.number().min(0),
    position_per_metre: z.number().min(0),
    lateness: z.number().min(0),
    unassigned: z.number().min(0),
  })
  .partial();

/** The JSON document of an instance. */
export const ZInstanceDocument = z.object({
  name: z.string().optional(),
  quay: z.discriminatedUnion('kind', [ZDiscreteQuay, ZContinuousQuay]),
  block_zones: z.array(ZBlockZone).optional(),
  tide: ZTide.optional(),
  vessels: z.array(ZVessel),
  weights: ZWeights.optional(),
});
export type TInstanceDocument = z.input<typeof ZInstanceDocument>;

/** An instance document that cannot be used; `issues` lists each problem with the path of the field. */
export class InstanceFormatError extends Error {
  readonly issues: readonly string[];
  constructor(issues: readonly string[]) {
    super(`Invalid berth allocation instance:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'InstanceFormatError';
    this.issues = issues;
  }
}

export type TParsedInstance = { instance: TInstance; warnings: string[] };

function mergeWindows(windows: readonly TWindow[] | undefined): readonly TWindow[] {
  if (!windows) return ALWAYS;
  const sorted = [...windows].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function toTide(doc: z.output<typeof ZTide>): TTide {
  if ('samples' in doc) return { kind: 'table', points: [...doc.samples].sort((a, b) => a[0] - b[0]) };
  return { kind: 'harmonic', mean: doc.mean ?? 0, constituents: doc.constituents.map((c) => ({ amplitude: c.amplitude, period: c.period, phase: c.phase ?? 0 })) };
}

function zodIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(document)'}: ${issue.message}`);
}

/** Parses and checks an instance document (an object already read from JSON). Throws InstanceFormatError. */
export function parseInstance(document: unknown): TParsedInstance {
  const parsed = ZInstanceDocument.safeParse(document);
  if (!parsed.success) throw new InstanceFormatError(zodIssues(parsed.error));
  const doc = parsed.data;
  const issues: string[] = [];
  const warnings: string[] = [];

  const duplicates = (ids: string[], what: string, path: string) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) issues.push(`${path}.${i}.id: duplicate ${what} id "${id}"`);
      seen.add(id);
    });
  };

  let quay: TQuay;
  let placeIds: Set<string>;
  if (doc.quay.kind === 'discrete') {
    duplicates(doc.quay.berths.map((b) => b.id), 'berth', 'quay.berths');
    const berths: TBerth[] = doc.quay.berths.map((b) => ({ id: b.id, open: mergeWindows(b.open), length: b.length ?? null, depth: b.depth ?? null, productivity: b.productivity ?? 1 }));
    quay = { kind: 'discrete', berths, underKeelClearance: doc.quay.under_keel_clearance ?? 0 };
    placeIds = new Set(berths.map((b) => b.id));
  } else {
    const length = doc.quay.length;
    const docSections = doc.quay.sections ?? [{ id: 'quay', from: 0, to: length }];
    duplicates(docSections.map((s) => s.id), 'section', 'quay.sections');
    const sections: TSection[] = docSections
      .map((s) => ({ id: s.id, from: s.from, to: s.to, depth: s.depth ?? null, productivity: s.productivity ?? 1, isBerth: s.berth ?? true, open: mergeWindows(s.open) }))
      .sort((a, b) => a.from - b.from);
    let at = 0;
    for (const s of sections) {
      if (s.to <= s.from) issues.push(`quay.sections: section "${s.id}" must end after it starts`);
      if (Math.abs(s.from - at) > 1e-9) issues.push(`quay.sections: section "${s.id}" starts at ${s.from} m, expected ${at} m (sections must cover the quay without gaps or overlaps)`);
      at = s.to;
    }
    if (Math.abs(at - length) > 1e-9) issues.push(`quay.sections: the sections end at ${at} m but the quay is ${length} m long`);
    quay = { kind: 'continuous', length, clearance: doc.quay.clearance ?? 0, sections, underKeelClearance: doc.quay.under_keel_clearance ?? 0 };
    placeIds = new Set(sections.map((s) => s.id));
  }

  const blockZones: TBlockZone[] = (doc.block_zones ?? []).map((z, i) => {
    const path = `block_zones.${i}`;
    const id = z.id ?? `Z${i + 1}`;
    if (z.end <= z.start) issues.push(`${path}: a block zone must end after it starts`);
    if (quay.kind === 'discrete') {
      if (z.berth === undefined) issues.push(`${path}.berth: required on a discrete quay`);
      else if (!placeIds.has(z.berth)) issues.push(`${path}.berth: unknown berth "${z.berth}"`);
      return { id, start: z.start, end: z.end, where: { berth: z.berth ?? '' } };
    }
    if (z.from === undefined || z.to === undefined) issues.push(`${path}: "from" and "to" (metres) are required on a continuous quay`);
    else if (z.to <= z.from) issues.push(`${path}: "to" must be greater than "from"`);
    return { id, start: z.start, end: z.end, where: { from: z.from ?? 0, to: z.to ?? 0 } };
  });

  duplicates(doc.vessels.map((v) => v.id), 'vessel', 'vessels');
  const vessels: TVessel[] = doc.vessels.map((v, i) => {
    const path = `vessels.${i}`;
    let handling: THandling;
    if (v.handling !== undefined && v.work !== undefined) issues.push(`${path}: give either "handling" or "work", not both`);
    if (typeof v.handling === 'number') handling = { kind: 'hours', hours: v.handling };
    else if (v.handling) {
      const unknown = Object.keys(v.handling).filter((id) => !placeIds.has(id));
      if (unknown.length) warnings.push(`${path}.handling: ${unknown.map((id) => `"${id}"`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not on the quay and ignored`);
      handling = { kind: 'by_place', hours: v.handling };
    } else if (v.work) {
      const w = v.work;
      const work: TWork = 'moves' in w ? { moves: w.moves, movesPerCraneHour: w.moves_per_crane_hour, cranes: w.cranes ?? 1 } : { units: w.units, unitsPerHour: w.units_per_hour };
      const hours = 'moves' in work ? work.moves / (work.movesPerCraneHour * work.cranes) : work.units / work.unitsPerHour;
      handling = { kind: 'work', nominalHours: hours, work };
    } else {
      issues.push(`${path}: "handling" (hours, or hours per ${quay.kind === 'discrete' ? 'berth' : 'section'}) or "work" is required`);
      handling = { kind: 'hours', hours: 1 };
    }
    if (quay.kind === 'continuous' && v.length === undefined) issues.push(`${path}.length: required on a continuous quay`);
    if (quay.kind === 'continuous' && v.length !== undefined && v.length > quay.length) warnings.push(`${path}: the vessel is longer than the quay and cannot be berthed`);
    if (v.preferred_berth !== undefined && quay.kind === 'discrete' && !placeIds.has(v.preferred_berth)) warnings.push(`${path}.preferred_berth: unknown berth "${v.preferred_berth}" is ignored`);
    if (v.frozen && v.berthed) issues.push(`${path}: a call is either frozen or berthed, not both`);
    const vessel: TVessel = {
      id: v.id,
      arrival: v.arrival,
      earliestStart: v.earliest_start ?? null,
      latestDeparture: v.latest_departure ?? null,
      requestedStart: v.requested_start ?? null,
      weight: v.weight ?? 1,
      length: v.length ?? 0,
      draft: v.draft ?? 0,
      handling,
      preferredBerth: quay.kind === 'discrete' && v.preferred_berth !== undefined && placeIds.has(v.preferred_berth) ? v.preferred_berth : null,
      preferredPosition: quay.kind === 'continuous' ? (v.preferred_position ?? null) : null,
      fixed: null,
    };
    const fixedDoc = v.frozen ?? v.berthed;
    if (fixedDoc) {
      const kind = v.frozen ? 'frozen' : 'berthed';
      const fpath = `${path}.${kind}`;
      let end = fixedDoc.end;
      if (quay.kind === 'discrete') {
        const berthIndex = quay.berths.findIndex((b) => b.id === fixedDoc.berth);
        if (fixedDoc.berth === undefined) issues.push(`${fpath}.berth: required on a discrete quay`);
        else if (berthIndex < 0) issues.push(`${fpath}.berth: unknown berth "${fixedDoc.berth}"`);
        else if (end === undefined) {
          const hours = handlingHours(vessel.handling, [quay.berths[berthIndex]!]);
          if (Number.isFinite(hours)) end = fixedDoc.start + hours;
          else issues.push(`${fpath}: berth "${fixedDoc.berth}" cannot serve the vessel; give "end"`);
        }
      } else if (fixedDoc.position === undefined) issues.push(`${fpath}.position: required on a continuous quay`);
      else if (end === undefined) {
        const span = sectionSpan(quay, fixedDoc.position, fixedDoc.position + vessel.length);
        const hours = span ? handlingHours(vessel.handling, quay.sections.slice(span[0], span[1] + 1)) : Infinity;
        if (Number.isFinite(hours)) end = fixedDoc.start + hours;
        else issues.push(`${fpath}: the vessel cannot be handled at position ${fixedDoc.position} m; give "end"`);
      }
      if (end !== undefined && end <= fixedDoc.start) issues.push(`${fpath}.end: must be after the start`);
      vessel.fixed = { kind, berth: quay.kind === 'discrete' ? (fixedDoc.berth ?? null) : null, position: quay.kind === 'continuous' ? (fixedDoc.position ?? null) : null, start: fixedDoc.start, end: end ?? fixedDoc.start };
    }
    return vessel;
  });

  if (issues.length) throw new InstanceFormatError(issues);
  const w = doc.weights ?? {};
  const weights = {
    waiting: w.waiting ?? DEFAULT_WEIGHTS.waiting,
    handling: w.handling ?? DEFAULT_WEIGHTS.handling,
    requestedTime: w.requested_time ?? DEFAULT_WEIGHTS.requestedTime,
    preferredBerth: w.preferred_berth ?? DEFAULT_WEIGHTS.preferredBerth,
    positionPerMetre: w.position_per_metre ?? DEFAULT_WEIGHTS.positionPerMetre,
    lateness: w.lateness ?? DEFAULT_WEIGHTS.lateness,
    unassigned: w.unassigned ?? DEFAULT_WEIGHTS.unassigned,
  };
  return { instance: { name: doc.name ?? null, quay, blockZones, tide: doc.tide ? toTide(doc.tide) : null, vessels, weights }, warnings };
}

/** Parses the text of a JSON instance document. Throws InstanceFormatError, also for text that is not JSON. */
export function parseInstanceJson(text: string): TParsedInstance {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new InstanceFormatError([`(document): not valid JSON (${(error as Error).message})`]);
  }
  return parseInstance(document);
}

const windowsToJson = (open: readonly TWindow[]) => (open.length === 1 && open[0]![0] === -Infinity && open[0]![1] === Infinity ? undefined : open.map((w) => [w[0], w[1]] as [number, number]));

/** The JSON document of an instance (the inverse of parseInstance; a tide given as a function is left out). */
export function toInstanceDocument(instance: TInstance): TInstanceDocument {
  const { quay } = instance;
  const w = instance.weights;
  return {
    ...(instance.name ? { name: instance.name } : {}),
    quay:
      quay.kind === 'discrete'
        ? {
            kind: 'discrete',
            berths: quay.berths.map((b) => ({ id: b.id, open: windowsToJson(b.open), length: b.length ?? undefined, depth: b.depth ?? undefined, productivity: b.productivity === 1 ? undefined : b.productivity })),
            under_keel_clearance: quay.underKeelClearance || undefined,
          }
        : {
            kind: 'continuous',
            length: quay.length,
            clearance: quay.clearance,
            sections: quay.sections.map((s) => ({ id: s.id, from: s.from, to: s.to, depth: s.depth ?? undefined, productivity: s.productivity === 1 ? undefined : s.productivity, berth: s.isBerth ? undefined : false, open: windowsToJson(s.open) })),
            under_keel_clearance: quay.underKeelClearance || undefined,
          },
    block_zones: instance.blockZones.map((z) => ({ id: z.id, start: z.start, end: z.end, ...z.where })),
    tide:
      instance.tide?.kind === 'table'
        ? { samples: instance.tide.points.map((p) => [p[0], p[1]] as [number, number]) }
        : instance.tide?.kind === 'harmonic'
          ? { mean: instance.tide.mean, constituents: instance.tide.constituents.map((c) => ({ ...c })) }
          : undefined,
    vessels: instance.vessels.map((v) => ({
      id: v.id,
      arrival: v.arrival,
      earliest_start: v.earliestStart ?? undefined,
      latest_departure: v.latestDeparture ?? undefined,
      requested_start: v.requestedStart ?? undefined,
      weight: v.weight === 1 ? undefined : v.weight,
      length: v.length || undefined,
      draft: v.draft || undefined,
      handling: v.handling.kind === 'hours' ? v.handling.hours : v.handling.kind === 'by_place' ? { ...v.handling.hours } : undefined,
      work:
        v.handling.kind !== 'work'
          ? undefined
          : 'moves' in v.handling.work
            ? { moves: v.handling.work.moves, moves_per_crane_hour: v.handling.work.movesPerCraneHour, cranes: v.handling.work.cranes }
            : { units: v.handling.work.units, units_per_hour: v.handling.work.unitsPerHour },
      preferred_berth: v.preferredBerth ?? undefined,
      preferred_position: v.preferredPosition ?? undefined,
      ...(v.fixed ? { [v.fixed.kind]: { berth: v.fixed.berth ?? undefined, position: v.fixed.position ?? undefined, start: v.fixed.start, end: v.fixed.end } } : {}),
    })),
    weights: {
      waiting: w.waiting,
      handling: w.handling,
      requested_time: w.requestedTime,
      preferred_berth: w.preferredBerth,
      position_per_metre: w.positionPerMetre,
      lateness: w.lateness,
      unassigned: w.unassigned,
    },
  };
}
