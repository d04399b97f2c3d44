// Which negotiated times of a call wait for an answer, and from whom: the task rules of packages/domain/src/tasks.ts,
// narrowed to real questions (a request, a proposal or revision, a cancellation request), not a first plan.
import { NEGOTIATED_TIMES, type TNegotiatedTime, type TParty, type TPortcall, type TTimeLabel, waitingFor } from '@quayline/domain';

export type TWaitingTime = { time: TNegotiatedTime; label: TTimeLabel; waitingFor: TParty; kind: 'request' | 'proposal' | 'cancellation' };

/** With includeFirstPlans, exactly the task list's rule (user_stats counts what the tasks list shows). */
export function waitingTimes(call: { [K in `${TNegotiatedTime}_state`]: Pick<TPortcall[K], 'label' | 'change_label'> }, options: { includeFirstPlans: boolean }): TWaitingTime[] {
  const out: TWaitingTime[] = [];
  for (const time of NEGOTIATED_TIMES) {
    const { label, change_label } = call[`${time}_state`];
    if (!label) continue;
    const turn = waitingFor({ label, previousLabel: 'none', lastParty: label === 'planned' ? 'terminal' : 'vessel_side', isFirstRequest: false });
    if (!turn) continue;
    if (label === 'cancel_requested') out.push({ time, label, waitingFor: turn, kind: 'cancellation' });
    else if (label === 'requested') out.push({ time, label, waitingFor: turn, kind: 'request' });
    // The task list counts every plan as waiting for the vessel side; a first plan is not a question, a proposal or revision is.
    else if (label === 'planned' && (options.includeFirstPlans || change_label === 'proposed' || change_label === 'revised' || change_label === 'rejected')) out.push({ time, label, waitingFor: turn, kind: 'proposal' });
  }
  return out;
}
