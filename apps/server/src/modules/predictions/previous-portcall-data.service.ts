// prediction/previous_portcall_data: the previous calls at this terminal that teach a call's prediction (the same
// vessel's and similar vessels'), with their pilotage times, approach speeds and arrival deviations: as rows those the
// viewer may see, the other companies' only as counts and medians.
import { MIN_ANONYMOUS_CALLS, type TOtherCompaniesHistory, type TPreviousPortcallData } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { findVisibleCallIds, visibleTo } from '../portcalls/portcall.repository';
import { type TArrivalStep, median, referenceBerthArrival } from './arrival-model';
import { findArrivalSteps, selectPredictionCalls } from './prediction.repository';
import { type THistoryCall, learnFromHistory, loadHistory, pilotageOf } from './prediction.service';

/** The most recent previous calls shown of each kind; the medians use them all. */
const SHOWN_CALLS = 50;

/** A visible call with what its prediction needs; NOT_FOUND for a call the user may not see. */
export async function loadVisiblePredictionCall(ctx: AppContext, session: AuthSession, portcallId: number) {
  const call = await selectPredictionCalls(ctx.db).where('portcalls.id', '=', portcallId).where(visibleTo(session.user)).executeTakeFirst();
  if (!call) throw new AppError('NOT_FOUND', { message: 'No such port call.' });
  return call;
}

export async function previousPortcallData(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TPreviousPortcallData> {
  const call = await loadVisiblePredictionCall(ctx, session, portcallId);
  const history = (await loadHistory(ctx.db, call.terminal_id, ctx.clock.now())).filter((h) => h.id !== call.id);
  const learned = learnFromHistory({
    history,
    vessel: { id: call.vessel_id, type: call.vessel_type, lengthM: Number(call.length_overall_m) },
    pilotBoardingPlaceId: call.pilot_boarding_place_id,
    pilotBoardingPlaceMinutes: call.sailing_time_to_berth_minutes ?? 0,
  });
  // The prediction learns from every company's calls; the viewer is shown as rows only the calls the port-call list
  // shows them, and of the others only how many there were and their median pilotage time.
  const visible = await findVisibleCallIds(ctx.db, session.user, [...learned.sameVessel, ...learned.similarVessels].map((h) => h.id));
  const split = (calls: THistoryCall[]) => ({ shown: calls.filter((h) => visible.has(h.id)), others: calls.filter((h) => !visible.has(h.id)) });
  const sameVessel = split(learned.sameVessel);
  const similarVessels = split(learned.similarVessels);
  const shown = [...sameVessel.shown.slice(0, SHOWN_CALLS).map((h) => ({ h, match: 'same_vessel' as const })), ...similarVessels.shown.slice(0, SHOWN_CALLS).map((h) => ({ h, match: 'similar_vessel' as const }))];
  const steps = await findArrivalSteps(ctx.db, shown.map((s) => s.h.id));
  const stepsOf = new Map<number, TArrivalStep[]>();
  for (const s of steps) stepsOf.set(s.portcall_id, [...(stepsOf.get(s.portcall_id) ?? []), s]);
  const usedForPilotage = (calls: THistoryCall[]) => calls.filter((c) => c.pilotBoardingPlaceId === call.pilot_boarding_place_id && pilotageOf(c) !== null).length;
  const sampleSize = learned.pilotageBasis === 'same_vessel' ? usedForPilotage(learned.sameVessel) : learned.pilotageBasis === 'similar_vessels' ? usedForPilotage(learned.similarVessels) : 0;
  return {
    portcall_id: call.id,
    calls: shown.map(({ h, match }) => {
      const reference = referenceBerthArrival(stepsOf.get(h.id) ?? []);
      return {
        portcall_id: h.id,
        vessel_id: h.vesselId,
        vessel_name: h.vesselName,
        match,
        pilot_boarding_place_name: h.pilotBoardingPlaceName,
        pilot_boarding_place_arrival: h.pbpArrival?.toISOString() ?? null,
        berth_arrival: h.berthArrival.toISOString(),
        berth_departure: h.berthDeparture?.toISOString() ?? null,
        pilotage_minutes: pilotageOf(h),
        approach_speed_knots: h.approachKnots === null ? null : Math.round(h.approachKnots * 10) / 10,
        arrival_deviation_minutes: reference ? Math.round((h.berthArrival.getTime() - reference.getTime()) / 60_000) : null,
      };
    }),
    other_companies: [anonymousHistory('same_vessel', sameVessel.others), anonymousHistory('similar_vessel', similarVessels.others)],
    pilotage_minutes: learned.pilotageBasis === 'pilot_boarding_place' ? null : Math.round(learned.pilotageMinutes),
    approach_speed_knots: learned.approachKnots === null ? null : Math.round(learned.approachKnots * 10) / 10,
    sample_size: sampleSize,
  };
}

/** Calls of other companies as a count and a median pilotage time, the median only over enough calls to hide each one. */
function anonymousHistory(match: TOtherCompaniesHistory['match'], calls: readonly THistoryCall[]): TOtherCompaniesHistory {
  const pilotages = calls.map(pilotageOf).filter((m): m is number => m !== null);
  const middle = pilotages.length >= MIN_ANONYMOUS_CALLS ? median(pilotages) : null;
  return { match, count: calls.length, median_pilotage_minutes: middle === null ? null : Math.round(middle) };
}
