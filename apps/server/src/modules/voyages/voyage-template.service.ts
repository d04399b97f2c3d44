// Voyage templates: CRUD with validation, generating voyages and calls for a horizon, and the diff between what a
// template generated and what it generates now, applied through the sync rules (docs/voyage-center.md).
import {
  DEFAULT_PROPOSAL_THRESHOLD_MINUTES,
  type TPaged,
  type TSyncChange,
  type TSyncRun,
  type TTemplateDiff,
  type TTemplateDiffItem,
  type TTemplateOccurrence,
  type TTimeLabel,
  type TVoyageTemplate,
  type TVoyageTemplateFields,
  type ZApplyTemplateDiffRequest,
  type ZGenerateVoyagesRequest,
  type TTemplatePreviewClashes,
  type ZTemplatePreviewClashesRequest,
  TEMPLATE_PREVIEW_HORIZON_WEEKS,
  type TGenerateVoyagesResult,
  type ZVoyageTemplateListQuery,
  type ZVoyageTemplateUpdateRequest,
  decideScheduleSync,
  generateOccurrences,
  localDateOf,
  pageMeta,
  templateCallPlace,
  templateProblems,
} from '@quayline/domain';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { DB, PortalUser } from '../../db/schema';
import { storedJson } from '../../db/stored-json';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search-pattern';
import type { AuthSession } from '../auth/auth.service';
import { refuseUnlessAllowed } from '../auth/route-permissions';
import { cancelPortcall } from '../portcalls/portcall.service';
import { applyScheduleToPortcall, requestCancelFromSchedule } from '../schedules/apply-schedule';
import { findVesselBookingProblem } from '../vessels/vessel-booking.service';
import { findTemplateCallClashes } from './template-clashes';
import { type TVoyageWriteItem, insertVoyages } from './voyage-writer';
import { templateFieldsOf, toTemplate } from './voyage-mapper';
import { type TemplateRow, findCallPlaces, findHolidayHits, findTemplateCallIds, findLinkedTerminal, findPorts, findVesselOperator, findVessels, selectTemplates, templateVisibleTo } from './voyage.repository';

type Trx = Transaction<DB>;
type Db = AppContext['db'] | Trx;
type TProblem = { path: string; message: string };
type TTemplateListQuery = z.output<typeof ZVoyageTemplateListQuery>;
type TTemplateUpdate = z.output<typeof ZVoyageTemplateUpdateRequest>;
type TGenerateRequest = z.output<typeof ZGenerateVoyagesRequest>;
type TPreviewClashesRequest = z.output<typeof ZTemplatePreviewClashesRequest>;
type TApplyDiffRequest = z.output<typeof ZApplyTemplateDiffRequest>;

async function mapTemplates(db: Db, rows: TemplateRow[]): Promise<TVoyageTemplate[]> {
  const fields = rows.map(templateFieldsOf);
  const ports = new Map((await findPorts(db, [...new Set(fields.flatMap((f) => f.rotation.map((s) => s.port_id)))])).map((p) => [p.id, p]));
  const vessels = new Map((await findVessels(db, [...new Set(fields.flatMap((f) => f.vessel_ids))])).map((v) => [v.id, v]));
  return rows.map((r) => toTemplate(r, ports, vessels));
}

export async function listTemplates(ctx: AppContext, session: AuthSession, query: TTemplateListQuery): Promise<TPaged<TVoyageTemplate>> {
  const now = ctx.clock.now();
  const base = selectTemplates(ctx.db, now)
    .where(templateVisibleTo(session.user))
    .$if(query.terminal_id !== undefined, (q) => q.where('voyage_templates.terminal_id', '=', query.terminal_id!))
    .$if(!!query.q, (q) => q.where((eb) => eb.or([eb('voyage_templates.name', 'ilike', containsPattern(query.q!)), eb('voyage_templates.code', 'ilike', containsPattern(query.q!))])));
  const total = await ctx.db
    .selectFrom(base.as('filtered'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .orderBy('voyage_templates.name')
    .orderBy('voyage_templates.id')
    .offset((query.page - 1) * query.per_page)
    .limit(query.per_page)
    .execute();
  return { items: await mapTemplates(ctx.db, rows), meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount: Number(total.n) }) };
}

async function loadTemplateRow(ctx: AppContext, db: Db, user: PortalUser, id: number, forUpdate = false): Promise<TemplateRow> {
  const row = await selectTemplates(db, ctx.clock.now())
    .where('voyage_templates.id', '=', id)
    .where(templateVisibleTo(user))
    .$if(forUpdate, (q) => q.forUpdate('voyage_templates'))
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such voyage template.' });
  return row;
}

export async function getTemplate(ctx: AppContext, session: AuthSession, id: number): Promise<TVoyageTemplate> {
  return (await mapTemplates(ctx.db, [await loadTemplateRow(ctx, ctx.db, session.user, id)]))[0]!;
}

/** Agents follow templates through their calls but never change them; vessel operators change their own company's. */
function assertMayEdit(user: PortalUser, vesselOperatorId: number | null): void {
  refuseUnlessAllowed(user, 'write_voyage_templates');
  if (user.user_type === 'vessel_operator' && vesselOperatorId !== null && vesselOperatorId !== user.organisation_id) throw new AppError('FORBIDDEN', { message: 'You can only change templates of your own company.' });
}

/** Everything wrong with the fields, from the pure rules plus what only the database knows. */
/** `keptVesselIds`: vessels the template already deployed for the same operator (they were booked before; the rule asks about new ones). */
async function validateTemplate(trx: Trx, user: PortalUser, fields: TVoyageTemplateFields, ownId: number | null, keptVesselIds: readonly number[] = []) {
  const terminal = await findLinkedTerminal(trx, user, fields.terminal_id);
  if (!terminal) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'terminal_id', message: 'Unknown terminal' }] });
  const problems: TProblem[] = [];
  if (!(await findVesselOperator(trx, fields.vessel_operator_id))) problems.push({ path: 'vessel_operator_id', message: 'Unknown vessel operator' });
  if (user.user_type === 'vessel_operator' && fields.vessel_operator_id !== user.organisation_id) problems.push({ path: 'vessel_operator_id', message: 'You can only create templates for your own company' });
  // Each deployed vessel gets calls at the terminal: the vessels follow the booking rule of a call (vessel-booking.service.ts).
  let bookingProblem: string | null = null;
  for (const [index, vesselId] of fields.vessel_ids.entries()) {
    if (keptVesselIds.includes(vesselId)) continue;
    const problem = await findVesselBookingProblem(trx, user, { vesselId, vesselOperatorId: fields.vessel_operator_id });
    if (problem) problems.push({ path: `vessel_ids.${index}`, message: problem });
    bookingProblem ??= problem;
  }
  const ports = await findPorts(trx, [...new Set([...fields.rotation.map((s) => s.port_id), terminal.port_id])]);
  const vessels = await findVessels(trx, [...new Set(fields.vessel_ids)]);
  const portTimeZones = new Map(ports.map((p) => [p.id, p.time_zone]));
  // Our stop keeps the terminal's own zone (it may differ from the port record's).
  portTimeZones.set(terminal.port_id, terminal.time_zone);
  problems.push(...templateProblems(fields, { terminalPortId: terminal.port_id, knownPortIds: new Set(ports.map((p) => p.id)), knownVesselIds: new Set(vessels.map((v) => v.id)), portTimeZones }));
  const start = fields.berth_window.preferred_start_position_m;
  const longest = Math.max(0, ...vessels.map((v) => Number(v.length_overall_m)));
  if (start !== null && start + longest > Number(terminal.quay_length_m)) problems.push({ path: 'berth_window.preferred_start_position_m', message: 'The longest deployed vessel does not fit the quay from there' });
  const overlapping = await trx
    .selectFrom('voyage_templates')
    .select(['name', sql<string>`to_char(valid_from, 'YYYY-MM-DD')`.as('from_text'), sql<string | null>`to_char(valid_to, 'YYYY-MM-DD')`.as('to_text')])
    .where('terminal_id', '=', fields.terminal_id)
    .where(sql`lower(code)`, '=', fields.code.toLowerCase())
    .$if(ownId !== null, (q) => q.where('id', '!=', ownId!))
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', fields.valid_from)]))
    .$if(fields.valid_to !== null, (q) => q.where('valid_from', '<=', fields.valid_to!))
    .executeTakeFirst();
  if (overlapping) problems.push({ path: 'valid_from', message: `Overlaps template ${overlapping.name} (from ${overlapping.from_text} to ${overlapping.to_text ?? 'open end'})` });
  if (problems.length) throw new AppError('VALIDATION_FAILED', { errors: problems, ...(bookingProblem ? { message: bookingProblem } : {}) });
  return { terminal, portTimeZones };
}

const storedFields = (fields: TVoyageTemplateFields) => ({
  name: fields.name,
  code: fields.code,
  vessel_operator_id: fields.vessel_operator_id,
  rotation: storedJson('template_rotation', fields.rotation),
  berth_window: storedJson('template_berth_window', fields.berth_window),
  vessel_ids: fields.vessel_ids,
  recurrence: storedJson('template_recurrence', fields.recurrence),
  valid_from: fields.valid_from,
  valid_to: fields.valid_to,
  import_direction: fields.import_direction,
  export_direction: fields.export_direction,
});

export async function createTemplate(ctx: AppContext, session: AuthSession, fields: TVoyageTemplateFields): Promise<TVoyageTemplate> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    await validateTemplate(trx, session.user, fields, null);
    const row = await trx
      .insertInto('voyage_templates')
      .values({ ...storedFields(fields), terminal_id: fields.terminal_id, created_by: session.user.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return getTemplate(ctx, session, id);
}

async function templateConflict(ctx: AppContext, session: AuthSession, id: number): Promise<never> {
  throw new AppError('CONFLICT', { current: await getTemplate(ctx, session, id) });
}

/** Changes the template only; its voyages change through the diff a person applies. */
export async function updateTemplate(ctx: AppContext, session: AuthSession, id: number, body: TTemplateUpdate): Promise<TVoyageTemplate> {
  const now = ctx.clock.now();
  const ok = await ctx.db.transaction().execute(async (trx) => {
    const current = await loadTemplateRow(ctx, trx, session.user, id, true);
    assertMayEdit(session.user, current.vessel_operator_id);
    if (current.version !== body.version) return false;
    const { version: _version, ...rest } = body;
    const fields: TVoyageTemplateFields = { ...rest, terminal_id: current.terminal_id };
    await validateTemplate(trx, session.user, fields, id, fields.vessel_operator_id === current.vessel_operator_id ? current.vessel_ids : []);
    await trx.updateTable('voyage_templates').set({ ...storedFields(fields), version: sql`version + 1`, updated_at: now }).where('id', '=', id).execute();
    return true;
  });
  if (!ok) return templateConflict(ctx, session, id);
  return getTemplate(ctx, session, id);
}

/** Zones of the template's ports, the terminal's zone for our stop. */
async function zonesOf(db: Db, fields: TVoyageTemplateFields) {
  const terminal = await db.selectFrom('terminals').select(['port_id', 'time_zone']).where('id', '=', fields.terminal_id).executeTakeFirstOrThrow();
  const portTimeZones = new Map((await findPorts(db, fields.rotation.map((s) => s.port_id))).map((p) => [p.id, p.time_zone]));
  portTimeZones.set(terminal.port_id, terminal.time_zone);
  return { terminalTimeZone: terminal.time_zone, portTimeZones };
}

function writeItem(row: TemplateRow, fields: TVoyageTemplateFields, o: TTemplateOccurrence): TVoyageWriteItem {
  return {
    terminal_id: fields.terminal_id,
    service_name: fields.name,
    service_code: fields.code,
    vessel_id: o.vessel_id,
    vessel_operator_id: fields.vessel_operator_id,
    voyage_number_import: o.voyage_number_import,
    voyage_number_export: o.voyage_number_export,
    direction: fields.import_direction,
    source: 'template',
    template_id: row.id,
    template_occurrence: o.occurrence_date,
    schedule: o.schedule.map((s) => ({ ...s, arrival_classifier: 'PLN', departure_classifier: 'PLN', source: 'template' })),
    portcall: { preferred_start_position_m: fields.berth_window.preferred_start_position_m, berth_orientation: fields.berth_window.berth_orientation },
  };
}

function todayAt(ctx: AppContext, timeZone: string): string {
  const d = localDateOf(ctx.clock.now().getTime(), timeZone);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Voyages and calls for every occurrence in [from, from + horizon); occurrences that have their voyage are skipped. */
/** Thrown to roll a dry run's transaction back, carrying what it would have created. */
class DryRunRollback extends Error {
  constructor(readonly result: TGenerateVoyagesResult) {
    super('dry run');
  }
}

const isoOf = (d: Date | string) => new Date(d).toISOString();

/**
 * Voyages and calls for every occurrence in [from, from + horizon); occurrences that have their voyage are skipped.
 * The answer names the new calls that overlap the berth plan or fall on a holiday; a dry run says all that and keeps
 * nothing (the same writes, rolled back), so "Generate" can say beforehand how many calls it creates and where.
 */
export async function generateVoyages(ctx: AppContext, session: AuthSession, id: number, body: TGenerateRequest): Promise<TGenerateVoyagesResult> {
  try {
    return await writeGeneratedVoyages(ctx, session, id, body);
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result;
    throw error;
  }
}

async function writeGeneratedVoyages(ctx: AppContext, session: AuthSession, id: number, body: TGenerateRequest): Promise<TGenerateVoyagesResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await loadTemplateRow(ctx, trx, session.user, id, true);
    assertMayEdit(session.user, row.vessel_operator_id);
    const fields = templateFieldsOf(row);
    const zones = await zonesOf(trx, fields);
    const from = body.from ?? todayAt(ctx, zones.terminalTimeZone);
    const occurrences = generateOccurrences({ fields, ...zones, from, horizonWeeks: body.horizon_weeks });
    const result = await insertVoyages(ctx, trx, occurrences.map((o) => writeItem(row, fields, o)), { kind: 'user', session, source: 'template' });
    const last = occurrences.at(-1)?.occurrence_date ?? null;
    const generatedUntil = last && (!row.generated_until_text || last > row.generated_until_text) ? last : row.generated_until_text;
    if (generatedUntil !== row.generated_until_text) await trx.updateTable('voyage_templates').set({ generated_until: generatedUntil }).where('id', '=', id).execute();
    const newCallIds = result.created.flatMap((c) => (c.portcall_id === null ? [] : [c.portcall_id]));
    const newCalls = await findCallPlaces(trx, newCallIds);
    const clashesPerCall = await findTemplateCallClashes(trx, session.user, {
      terminalId: fields.terminal_id,
      candidates: newCalls.map((c) => ({ from: new Date(c.berth_arrival), to: new Date(c.berth_departure), place: c.berth_start_position === null || c.berth_end_position === null ? null : { start: Number(c.berth_start_position), end: Number(c.berth_end_position) } })),
      excludeIds: newCallIds,
    });
    const clashes = newCalls.flatMap((c, i) => clashesPerCall[i]!.map((clash) => ({ vessel_name: c.vessel_name, berth_arrival: isoOf(c.berth_arrival), ...clash })));
    const holidays = await findHolidayHits(trx, newCallIds);
    const answer: TGenerateVoyagesResult = {
      created_voyages: result.created.length,
      created_portcalls: newCallIds.length,
      skipped: result.skipped.length,
      generated_until: generatedUntil,
      voyage_ids: body.dry_run ? [] : result.created.map((c) => c.voyage_id),
      is_dry_run: body.dry_run === true,
      clashes,
      clashing_portcalls: clashesPerCall.filter((c) => c.length > 0).length,
      holidays: holidays.map((h) => ({ vessel_name: h.vessel_name, berth_arrival: isoOf(h.berth_arrival), reason: h.reason })),
    };
    if (body.dry_run) throw new DryRunRollback(answer);
    return answer;
  });
}

/**
 * The form's preview of an unsaved template, checked against the live berth plan: the next occurrences, each placed
 * as Generate would place it, with the plan's calls it would clash with. Nothing is written.
 */
export async function previewTemplateClashes(ctx: AppContext, session: AuthSession, body: TPreviewClashesRequest): Promise<TTemplatePreviewClashes> {
  const { template, from, count } = body;
  assertMayEdit(session.user, null);
  const own = body.template_id === undefined ? null : await loadTemplateRow(ctx, ctx.db, session.user, body.template_id);
  const ownCallIds = own ? await findTemplateCallIds(ctx.db, own.id) : [];
  const terminal = await findLinkedTerminal(ctx.db, session.user, template.terminal_id);
  if (!terminal) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'template.terminal_id', message: 'Unknown terminal' }] });
  const ports = await findPorts(ctx.db, [...new Set([...template.rotation.map((s) => s.port_id), terminal.port_id])]);
  const vessels = await findVessels(ctx.db, [...new Set(template.vessel_ids)]);
  const portTimeZones = new Map(ports.map((p) => [p.id, p.time_zone]));
  portTimeZones.set(terminal.port_id, terminal.time_zone);
  const problems = templateProblems(template, { terminalPortId: terminal.port_id, knownPortIds: new Set(ports.map((p) => p.id)), knownVesselIds: new Set(vessels.map((v) => v.id)), portTimeZones });
  if (problems.length) throw new AppError('VALIDATION_FAILED', { errors: problems.map((p) => ({ ...p, path: `template.${p.path}` })) });
  const lengths = new Map(vessels.map((v) => [v.id, Number(v.length_overall_m)]));
  const occurrences = generateOccurrences({ fields: template, terminalTimeZone: terminal.time_zone, portTimeZones, from, horizonWeeks: TEMPLATE_PREVIEW_HORIZON_WEEKS }).slice(0, count);
  const places = occurrences.map((o) => templateCallPlace({ preferredStart: template.berth_window.preferred_start_position_m, vesselLength: lengths.get(o.vessel_id) ?? 0, quayLength: Number(terminal.quay_length_m) }));
  const clashes = await findTemplateCallClashes(ctx.db, session.user, {
    terminalId: template.terminal_id,
    candidates: occurrences.map((o, i) => ({ from: new Date(o.berth_arrival), to: new Date(o.berth_departure), place: places[i]! })),
    excludeIds: ownCallIds,
  });
  const items = occurrences.map((o, i) => ({
    occurrence_date: o.occurrence_date,
    vessel_id: o.vessel_id,
    berth_arrival: o.berth_arrival,
    berth_departure: o.berth_departure,
    berth_start_position: places[i]?.start ?? null,
    berth_end_position: places[i]?.end ?? null,
    clashes: clashes[i]!,
  }));
  return { items, clashing_portcalls: items.filter((c) => c.clashes.length > 0).length };
}

type TFutureVoyage = {
  voyage_id: number;
  occurrence: string | null;
  vessel_id: number;
  vessel_name: string;
  voyage_number_import: string;
  row_arrival: string | null;
  row_departure: string | null;
  portcall: null | { id: number; version: number; syncable: boolean; arrival: string; departure: string; arrival_label: string | null; departure_label: string | null; status: string };
};

async function futureVoyages(trx: Trx, templateId: number, now: Date): Promise<TFutureVoyage[]> {
  const rows = await trx
    .selectFrom('voyages')
    .innerJoin('vessels', 'vessels.id', 'voyages.vessel_id')
    .innerJoin('voyage_schedule_rows as r', (j) => j.onRef('r.voyage_id', '=', 'voyages.id').on('r.is_terminal_call', '=', true))
    .leftJoin('portcalls as p', 'p.id', 'r.portcall_id')
    .select([
      'voyages.id',
      sql<string | null>`to_char(voyages.template_occurrence, 'YYYY-MM-DD')`.as('occurrence'),
      'voyages.vessel_id',
      'vessels.name as vessel_name',
      'voyages.voyage_number_import',
      'r.arrival',
      'r.departure',
      'p.id as portcall_id',
      'p.version',
      'p.schedule_syncable',
      'p.berth_arrival',
      'p.berth_departure',
      'p.berth_arrival_label',
      'p.berth_departure_label',
      'p.status',
    ])
    .where('voyages.template_id', '=', templateId)
    .where('r.arrival', '>', now)
    .where((eb) => eb.or([eb('p.id', 'is', null), eb('p.status', '!=', 'Cancelled')]))
    .orderBy('r.arrival')
    .execute();
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return rows.map((r) => ({
    voyage_id: r.id,
    occurrence: r.occurrence,
    vessel_id: r.vessel_id,
    vessel_name: r.vessel_name,
    voyage_number_import: r.voyage_number_import,
    row_arrival: iso(r.arrival),
    row_departure: iso(r.departure),
    portcall:
      r.portcall_id === null
        ? null
        : { id: r.portcall_id, version: r.version!, syncable: r.schedule_syncable!, arrival: iso(r.berth_arrival)!, departure: iso(r.berth_departure)!, arrival_label: r.berth_arrival_label, departure_label: r.berth_departure_label, status: r.status! },
  }));
}

const EFFECT_RANK = { keep: 0, estimate: 1, request: 2, propose: 3 } as const;

/** How the sync rules would treat new berth times on the call: the strongest effect over arrival and departure. */
function effectOn(call: TFutureVoyage['portcall'], arrival: string, departure: string): keyof typeof EFFECT_RANK {
  if (!call) return 'keep';
  let effect: keyof typeof EFFECT_RANK = 'keep';
  for (const [label, current, incoming] of [
    [call.arrival_label, call.arrival, arrival],
    [call.departure_label, call.departure, departure],
  ] as const) {
    const decision = decideScheduleSync({ label: (label ?? 'none') as TTimeLabel | 'none', current: Date.parse(current), incoming: Date.parse(incoming), thresholdMinutes: DEFAULT_PROPOSAL_THRESHOLD_MINUTES, isSyncable: call.syncable });
    const next = decision.kind === 'estimate' || decision.kind === 'request' ? decision.kind : decision.kind === 'proposal' ? 'propose' : 'keep';
    if (EFFECT_RANK[next] > EFFECT_RANK[effect]) effect = next;
  }
  return effect;
}

type TComputedDiff = { row: TemplateRow; fields: TVoyageTemplateFields; items: TTemplateDiffItem[]; occurrences: Map<string, TTemplateOccurrence>; future: Map<number, TFutureVoyage> };

async function computeDiff(ctx: AppContext, trx: Trx, user: PortalUser, id: number, forUpdate: boolean): Promise<TComputedDiff> {
  const now = ctx.clock.now();
  const row = await loadTemplateRow(ctx, trx, user, id, forUpdate);
  const fields = templateFieldsOf(row);
  const zones = await zonesOf(trx, fields);
  const future = await futureVoyages(trx, id, now);
  const today = todayAt(ctx, zones.terminalTimeZone);
  const lastKnown = [row.generated_until_text, ...future.map((f) => f.occurrence)].filter((d): d is string => d !== null).sort().at(-1) ?? today;
  const spanDays = Math.max(1, Math.round((Date.parse(`${lastKnown}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) + 1);
  const occurrences = generateOccurrences({ fields, ...zones, from: today, horizonWeeks: Math.ceil(spanDays / 7) }).filter((o) => o.occurrence_date <= lastKnown && Date.parse(o.berth_arrival) > now.getTime());
  const byDate = new Map(occurrences.map((o) => [o.occurrence_date, o]));
  const taken = new Set((await trx.selectFrom('voyages').select(sql<string>`to_char(template_occurrence, 'YYYY-MM-DD')`.as('d')).where('template_id', '=', id).execute()).map((r) => r.d));
  const vesselNames = new Map((await findVessels(trx, fields.vessel_ids)).map((v) => [v.id, v.name]));
  const items: TTemplateDiffItem[] = [];
  for (const voyage of future) {
    const next = voyage.occurrence ? byDate.get(voyage.occurrence) : undefined;
    const base = { voyage_id: voyage.voyage_id, portcall_id: voyage.portcall?.id ?? null, portcall_version: voyage.portcall?.version ?? null, voyage_number_import: voyage.voyage_number_import, vessel_before: voyage.vessel_name, berth_arrival_before: voyage.portcall?.arrival ?? voyage.row_arrival, berth_departure_before: voyage.portcall?.departure ?? voyage.row_departure };
    if (!next) {
      items.push({ ...base, kind: 'remove', vessel_after: null, berth_arrival_after: null, berth_departure_after: null, effect: 'cancel' });
      continue;
    }
    // Compared with what the template said before, not with the call: times the two sides negotiated are no template change.
    const timesChanged = next.berth_arrival !== voyage.row_arrival || next.berth_departure !== voyage.row_departure;
    if (!timesChanged && next.vessel_id === voyage.vessel_id) continue;
    items.push({ ...base, kind: 'change', vessel_after: vesselNames.get(next.vessel_id) ?? null, berth_arrival_after: next.berth_arrival, berth_departure_after: next.berth_departure, effect: timesChanged ? effectOn(voyage.portcall, next.berth_arrival, next.berth_departure) : 'keep' });
  }
  for (const o of occurrences) {
    if (taken.has(o.occurrence_date)) continue;
    items.push({ kind: 'add', voyage_id: null, portcall_id: null, portcall_version: null, voyage_number_import: o.voyage_number_import, vessel_before: null, vessel_after: vesselNames.get(o.vessel_id) ?? null, berth_arrival_before: null, berth_arrival_after: o.berth_arrival, berth_departure_before: null, berth_departure_after: o.berth_departure, effect: 'create' });
  }
  return { row, fields, items, occurrences: byDate, future: new Map(future.map((f) => [f.voyage_id, f])) };
}

export async function templateDiff(ctx: AppContext, session: AuthSession, id: number): Promise<TTemplateDiff> {
  const diff = await ctx.db.transaction().execute((trx) => computeDiff(ctx, trx, session.user, id, false));
  return { template_id: id, template_version: diff.row.version, items: diff.items };
}

/** A request nobody has answered yet: the vessel side's request is the last word on the berth arrival. */
function isUnanswered(call: NonNullable<TFutureVoyage['portcall']>): boolean {
  return call.arrival_label === 'requested' && call.departure_label === 'requested';
}

/**
 * Applies the chosen items: changes through the sync rules (agreed times become proposals), removals as a cancel
 * request (or, for a call nobody answered, the user's own cancel), additions generated. Recorded as a sync run.
 */
export async function applyTemplateDiff(ctx: AppContext, session: AuthSession, id: number, body: TApplyDiffRequest): Promise<TSyncRun> {
  const user = session.user;
  const now = ctx.clock.now();
  const actor = { kind: 'user' as const, session, source: 'template' as const };
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const diff = await computeDiff(ctx, trx, user, id, true);
    assertMayEdit(user, diff.row.vessel_operator_id);
    if (diff.row.version !== body.template_version) return null;
    const run = await trx
      .insertInto('schedule_sync_runs')
      .values({ terminal_id: diff.fields.terminal_id, source: 'template', trigger: 'template', started_at: now, started_by: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chosen = new Set(body.voyage_ids);
    const changes: TSyncChange[] = [];
    const cancelLater: { portcallId: number; voyageId: number }[] = [];
    for (const item of diff.items) {
      if (item.kind === 'add' || item.voyage_id === null || !chosen.has(item.voyage_id)) continue;
      const voyage = diff.future.get(item.voyage_id)!;
      if (item.kind === 'remove') {
        if (voyage.portcall && isUnanswered(voyage.portcall)) cancelLater.push({ portcallId: voyage.portcall.id, voyageId: voyage.voyage_id });
        else if (voyage.portcall) changes.push(...(await requestCancelFromSchedule(ctx, trx, { portcallId: voyage.portcall.id, actor, syncRunId: run.id, voyageId: voyage.voyage_id, note: 'The template no longer has this occurrence' })));
        continue;
      }
      const next = diff.occurrences.get(voyage.occurrence!)!;
      await trx.updateTable('voyages').set({ vessel_id: next.vessel_id, version: sql`version + 1`, updated_at: now }).where('id', '=', voyage.voyage_id).execute();
      await replaceTemplateRows(trx, voyage.voyage_id, next, voyage.portcall?.id ?? null);
      if (voyage.portcall && next.vessel_id !== voyage.vessel_id) await moveCallToVessel(trx, session, voyage.portcall.id, voyage.vessel_id, next.vessel_id, now);
      if (voyage.portcall && item.berth_arrival_after && (item.berth_arrival_after !== voyage.row_arrival || item.berth_departure_after !== voyage.row_departure)) {
        changes.push(
          ...(await applyScheduleToPortcall(ctx, trx, {
            portcallId: voyage.portcall.id,
            times: { berth_arrival: next.berth_arrival, berth_departure: next.berth_departure },
            actor,
            thresholdMinutes: DEFAULT_PROPOSAL_THRESHOLD_MINUTES,
            syncRunId: run.id,
            voyageId: voyage.voyage_id,
          })),
        );
      }
      changes.push({ kind: 'voyage_updated', voyage_id: voyage.voyage_id, portcall_id: voyage.portcall?.id ?? null, time: null, before: voyage.vessel_name, after: item.vessel_after, note: null });
    }
    const wanted = new Set(body.add_voyage_numbers);
    const additions = [...diff.occurrences.values()].filter((o) => wanted.has(o.voyage_number_import) && diff.items.some((i) => i.kind === 'add' && i.voyage_number_import === o.voyage_number_import));
    const added = await insertVoyages(ctx, trx, additions.map((o) => writeItem(diff.row, diff.fields, o)), actor);
    for (const c of added.created) changes.push({ kind: 'voyage_created', voyage_id: c.voyage_id, portcall_id: c.portcall_id, time: null, before: null, after: additions[c.index]!.berth_arrival, note: null });
    await trx.updateTable('schedule_sync_runs').set({ changes: storedJson('schedule_run_changes', changes), finished_at: now, outcome: 'success' }).where('id', '=', run.id).execute();
    return { runId: run.id, changes, cancelLater };
  });
  if (!outcome) return templateConflict(ctx, session, id);
  // The user's own cancel opens its own transaction (PGlite has one connection), so it runs after the commit.
  const cancelled: TSyncChange[] = [];
  for (const c of outcome.cancelLater) {
    const current = await ctx.db.selectFrom('portcalls').select('version').where('id', '=', c.portcallId).executeTakeFirstOrThrow();
    const call = await cancelPortcall(ctx, session, c.portcallId, { version: current.version, remark: 'The template no longer has this occurrence' });
    cancelled.push({ kind: 'cancel_requested', voyage_id: c.voyageId, portcall_id: c.portcallId, time: 'berth_arrival', before: 'requested', after: call.berth_arrival_state.label, note: call.status === 'Cancelled' ? 'Cancelled: nobody had answered the request' : 'The template no longer has this occurrence' });
  }
  const changes = [...outcome.changes, ...cancelled];
  if (cancelled.length) await ctx.db.updateTable('schedule_sync_runs').set({ changes: storedJson('schedule_run_changes', changes) }).where('id', '=', outcome.runId).execute();
  return { id: outcome.runId, terminal_id: (await loadTemplateRow(ctx, ctx.db, user, id)).terminal_id, source: 'template', trigger: 'template', started_at: now.toISOString(), finished_at: now.toISOString(), outcome: 'success', error: null, changes };
}

async function replaceTemplateRows(trx: Trx, voyageId: number, o: TTemplateOccurrence, portcallId: number | null) {
  await trx.deleteFrom('voyage_schedule_rows').where('voyage_id', '=', voyageId).execute();
  await trx
    .insertInto('voyage_schedule_rows')
    .values(o.schedule.map((s, sequence) => ({ voyage_id: voyageId, sequence, port_id: s.port_id, is_terminal_call: s.is_terminal_call, portcall_id: s.is_terminal_call ? portcallId : null, arrival: s.arrival, departure: s.departure, arrival_classifier: 'PLN', departure_classifier: 'PLN', source: 'template' })))
    .execute();
}

/** The template deploys another ship in that slot: the call follows, audited like any revised field. */
async function moveCallToVessel(trx: Trx, session: AuthSession, portcallId: number, before: number, after: number, now: Date) {
  await trx.updateTable('portcalls').set({ vessel_id: after, version: sql`version + 1`, updated_at: now }).where('id', '=', portcallId).execute();
  await trx
    .insertInto('portcall_audit_events')
    .values({ portcall_id: portcallId, event_type: 'revised', field: 'vessel_id', old_value: storedJson('audit_value', before), new_value: storedJson('audit_value', after), actor_user_id: session.actor?.id ?? session.user.id, acting_for_user_id: session.actor ? session.user.id : null, source: 'template', created_at: now })
    .execute();
}
