// The berth optimizer on live data: the window's calls (with the user's draft applied) become an instance, the
// solver runs in a worker, the checker re-validates its plan, and the moves go into the draft as one undoable step.
import { type TInstance, type TPlan, type TViolation, checkPlan, planFirstComeFirstServed } from '@quayline/berth-optimizer';
import { type TDraftChange, type TOptimizeMove, type TOptimizeResult, type TPlanQuay, type ZOptimizeRequest } from '@quayline/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { getDraft, updateDraft } from '../drafts/draft.service';
import { terminalTideModel } from '../tides/tide.service';
import { type TBuiltInstance, type TLiveCall, type TProposedPlace, buildInstance, planOf, proposedPlaces } from './optimize-instance';
import { findBlockZones, findPlanCalls, findQuay, findRequestedArrivals } from './optimize.repository';
import { type TFigureCall, planFigures } from './plan-figures';
import { solveInWorker } from './solve-in-worker';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Calls this far past the window are loaded as fixed, so nothing is pushed out of the window onto them. */
const LOOKAHEAD_MS = 14 * 24 * HOUR_MS;

type TOptimizeBody = z.output<typeof ZOptimizeRequest>;

async function loadLiveCalls(ctx: AppContext, terminalId: number, fromMs: number, toMs: number, draft: { changes: readonly TDraftChange[]; frozen_portcall_ids: readonly number[] }): Promise<TLiveCall[]> {
  const changes = new Map(draft.changes.map((c) => [c.portcall_id, c]));
  const rows = await findPlanCalls(ctx.db, terminalId, new Date(fromMs), new Date(toMs), [...changes.keys()]);
  const requested = await findRequestedArrivals(ctx.db, rows.map((r) => r.id));
  const frozen = new Set(draft.frozen_portcall_ids);
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows
    .map((r): TLiveCall => {
      const c = changes.get(r.id);
      const start = c?.berth_start_position !== undefined ? c.berth_start_position : num(r.berth_start_position);
      const end = c?.berth_end_position !== undefined ? c.berth_end_position : num(r.berth_end_position);
      return {
        id: r.id,
        vesselName: r.vessel_name,
        arrivalMs: new Date(c?.berth_arrival ?? r.berth_arrival).getTime(),
        departureMs: new Date(c?.berth_departure ?? r.berth_departure).getTime(),
        start: start === null || end === null ? null : start,
        end: start === null || end === null ? null : end,
        lengthOverall: Number(r.length_overall_m),
        // The deeper of the declared drafts; without one, the vessel's maximum (as the clash check does).
        draft: Math.max(Number(r.draft_inbound), Number(r.draft_outbound)) || Number(r.max_draft_m),
        requestedMs: requested.get(r.id)?.getTime() ?? null,
        liveArrivalMs: new Date(r.berth_arrival).getTime(),
        alongside: r.berth_arrival_label === 'actual' || r.berth_departure_label === 'actual',
        frozen: frozen.has(r.id),
      };
    })
    .filter((c) => c.arrivalMs < toMs && c.departureMs > fromMs);
}

/** Violations the optimizer is answerable for: those that involve a call it was allowed to move. */
function ownViolations(instance: TInstance, plan: TPlan): TViolation[] {
  const fixed = new Set(instance.vessels.filter((v) => v.fixed).map((v) => v.id));
  return checkPlan(instance, plan).violations.filter((v) => ('vesselIds' in v ? v.vesselIds : [v.vesselId]).some((id) => !fixed.has(id)));
}

/** The solver's plan as places, rounded to minutes and centimetres when the rounded plan still passes the checker. */
function checkedPlaces(built: TBuiltInstance, plan: TPlan): Map<number, TProposedPlace> {
  for (const round of [true, false]) {
    const places = proposedPlaces(built, plan, round);
    const violations = ownViolations(built.instance, planOf(built, places, plan.unassigned));
    if (violations.length === 0) return places;
    if (!round) {
      throw new AppError('VALIDATION_FAILED', {
        httpStatus: 422,
        message: 'The optimizer\u2019s proposal did not pass the plan check; nothing was written.',
        errors: violations.slice(0, 50).map((v) => ({ path: 'plan', message: v.message })),
      });
    }
  }
  throw new Error('unreachable');
}

const iso = (ms: number) => new Date(ms).toISOString();
const round2 = (n: number) => Math.round(n * 100) / 100;

export async function optimizeBerthPlan(ctx: AppContext, session: AuthSession, body: TOptimizeBody): Promise<TOptimizeResult> {
  // getDraft checks that the user plans at this terminal, as every draft endpoint does.
  const draft = await getDraft(ctx, session, body.terminal_id);
  if (draft.version !== body.version) throw new AppError('CONFLICT', { message: 'The sandbox changed in another window. Reload it.', current: draft });
  const window = { startMs: Date.parse(body.window_start), endMs: Date.parse(body.window_end), nowMs: ctx.clock.now().getTime() };
  const [[terminal, sections], zones, calls, tide] = await Promise.all([
    findQuay(ctx.db, body.terminal_id),
    findBlockZones(ctx.db, body.terminal_id, new Date(window.startMs), new Date(window.endMs + LOOKAHEAD_MS)),
    loadLiveCalls(ctx, body.terminal_id, window.startMs, window.endMs + LOOKAHEAD_MS, draft),
    terminalTideModel(ctx, body.terminal_id),
  ]);
  const quay: TPlanQuay = {
    length: terminal.quay_length_m,
    clearance: terminal.min_clearance_m,
    sections: sections.map((s) => ({ id: s.id, start: s.start_position_m, end: s.end_position_m, depth: Number(s.water_depth_m), berthType: s.berth_type })),
    blockZones: zones.map((z) => ({ id: z.id, start: z.start_position_m, end: z.end_position_m, from: new Date(z.starts_at).getTime(), to: new Date(z.ends_at).getTime() })),
    ...(tide ? { tideAt: tide.heightAt } : {}),
  };
  const built = buildInstance({
    name: `terminal ${body.terminal_id} ${body.window_start}`,
    window,
    quay,
    blockZones: quay.blockZones.map((z) => ({ id: z.id, start: z.start, end: z.end, fromMs: z.from, toMs: z.to })),
    calls,
    tideAt: tide?.heightAt ?? null,
  });
  // The plan as it stands (draft applied) is the warm start: the proposal is never worse than what the planner has.
  const current = new Map<number, TProposedPlace>();
  for (const c of calls) if (built.fixReasons.has(c.id) && c.start !== null && c.end !== null) current.set(c.id, { arrivalMs: c.arrivalMs, departureMs: c.departureMs, start: c.start, end: c.end });
  const unplacedNow = calls.filter((c) => built.fixReasons.get(c.id) === null && c.start === null).map((c) => String(c.id));
  const result = await solveInWorker(built.instance, { seconds: body.seconds, seed: body.seed ?? 1, initialPlan: planOf(built, current, unplacedNow) });
  const places = checkedPlaces(built, result.plan);

  const inInstance = calls.filter((c) => built.fixReasons.has(c.id));
  const movable = inInstance.filter((c) => built.fixReasons.get(c.id) === null);
  const moves: TOptimizeMove[] = [];
  const changes: TDraftChange[] = [];
  for (const call of movable) {
    const to = places.get(call.id);
    if (!to) continue;
    const samePlace = call.start !== null && Math.abs(to.start - call.start) < 0.005 && Math.abs(to.end - (call.end ?? 0)) < 0.005;
    // Rounding to whole minutes is not a move: a call the optimizer left in place keeps its exact times.
    if (samePlace && Math.abs(to.arrivalMs - call.arrivalMs) < MINUTE_MS && Math.abs(to.departureMs - call.departureMs) < MINUTE_MS) continue;
    changes.push({ portcall_id: call.id, berth_arrival: iso(to.arrivalMs), berth_departure: iso(to.departureMs), berth_start_position: to.start, berth_end_position: to.end });
    moves.push({
      portcall_id: call.id,
      vessel_name: call.vesselName,
      from: { berth_arrival: iso(call.arrivalMs), berth_departure: iso(call.departureMs), berth_start_position: call.start, berth_end_position: call.end },
      to: { berth_arrival: iso(to.arrivalMs), berth_departure: iso(to.departureMs), berth_start_position: to.start, berth_end_position: to.end },
      shift_hours: round2((to.arrivalMs - call.arrivalMs) / HOUR_MS),
      shift_metres: call.start === null ? 0 : round2(to.start - call.start),
    });
  }

  // Figures count the calls of the window; the fixed calls after it only as the other side of a clash.
  const asFigure = (c: TLiveCall, p?: TProposedPlace): TFigureCall => ({ id: c.id, draft: c.draft, wantedMs: c.requestedMs ?? c.liveArrivalMs, ...(p ? p : { arrivalMs: c.arrivalMs, departureMs: c.departureMs, start: c.start, end: c.end }) });
  const figuresOf = (placeOf: (c: TLiveCall) => TProposedPlace | undefined) => {
    const all = inInstance.map((c) => asFigure(c, built.fixReasons.get(c.id) === null ? placeOf(c) : undefined));
    const isContext = (f: TFigureCall) => built.fixReasons.get(f.id) === 'after_window';
    return planFigures(all.filter((f) => !isContext(f)), all.filter(isContext), quay, window);
  };
  const fcfs = proposedPlaces(built, planFirstComeFirstServed(built.instance), false);
  const written = changes.length ? await updateDraft(ctx, session, { terminal_id: body.terminal_id, version: body.version, changes }) : draft;
  return {
    draft: written,
    moves,
    unplaced: result.plan.unassigned.map(Number).filter((id) => built.fixReasons.get(id) === null),
    figures: { before: figuresOf(() => undefined), after: figuresOf((c) => places.get(c.id)), fcfs: figuresOf((c) => fcfs.get(c.id)) },
    objective: { total: result.objective.total, terms: result.objective.terms },
    iterations: result.iterations,
    elapsed_ms: Math.round(result.elapsedMs),
  };
}
