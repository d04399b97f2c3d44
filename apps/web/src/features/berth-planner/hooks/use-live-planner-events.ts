// Realtime for the planner: someone else's change to a call is fetched and put into the diagram without a reload;
// sandbox and frozen-call events refetch the draft.
import { useQueryClient } from '@tanstack/react-query';
import { plannerPortcallOf, realtimeChannels, ZPredictedBerthArrival, type TPlannerPortcall, type TPortcall } from '@quayline/domain';
import { z } from 'zod';
import { PORTCALL_UPDATED_EVENT, usePortcallEvents, useRealtimeChannels } from '@/lib/use-portcall-events';
import { getOnePortcall } from '../api/get-planner-portcalls';
import { plannerKeys } from '../api/query-keys';

function upsert(list: TPlannerPortcall[] | undefined, call: TPlannerPortcall, window: { from: number; to: number }): TPlannerPortcall[] | undefined {
  if (!list) return list;
  const inWindow = call.status !== 'Cancelled' && Date.parse(call.berth_arrival) <= window.to && Date.parse(call.berth_departure) >= window.from;
  const index = list.findIndex((c) => c.id === call.id);
  if (index === -1) return inWindow ? [...list, call] : list;
  if (list[index]!.version > call.version) return list;
  if (!inWindow) return list.filter((c) => c.id !== call.id);
  const next = list.slice();
  next[index] = call;
  return next;
}

/** Puts one call into every cached planner list of the terminal (its answer after our own write, or a realtime fetch). */
export function storePlannerCall(queryClient: ReturnType<typeof useQueryClient>, whole: TPortcall): void {
  const call = plannerPortcallOf(whole);
  for (const [key] of queryClient.getQueriesData<TPlannerPortcall[]>({ queryKey: plannerKeys.portcallLists(call.terminal_id) })) {
    const [, , , from, to] = key as readonly [string, string, number, string, string];
    queryClient.setQueryData<TPlannerPortcall[]>(key, (list) => upsert(list, call, { from: Date.parse(from), to: Date.parse(to) }));
  }
}

const PREDICTION_UPDATED_EVENT = 'prediction.updated';
const ZPredictionUpdated = z.object({ terminal_id: z.number().int(), portcall_id: z.number().int(), predicted_berth_arrival: ZPredictedBerthArrival.nullable() });

/** A new predicted berth arrival goes straight onto the card; nothing else of the call changed, so nothing is fetched. */
function storePrediction(queryClient: ReturnType<typeof useQueryClient>, terminalId: number, payload: unknown): void {
  const parsed = ZPredictionUpdated.safeParse(payload);
  if (!parsed.success || parsed.data.terminal_id !== terminalId) return;
  const { portcall_id: id, predicted_berth_arrival: prediction } = parsed.data;
  queryClient.setQueriesData<TPlannerPortcall[]>({ queryKey: plannerKeys.portcallLists(terminalId) }, (list) =>
    list?.some((c) => c.id === id) ? list.map((c) => (c.id === id ? { ...c, predicted_berth_arrival: prediction } : c)) : list,
  );
}

export function useLivePlannerEvents(args: { terminalId: number | null; userId: number | null; onForeignChange?: (call: TPortcall) => void }): void {
  const queryClient = useQueryClient();
  usePortcallEvents((event) => {
    if (event.event === PREDICTION_UPDATED_EVENT && args.terminalId !== null) {
      storePrediction(queryClient, args.terminalId, event.payload);
      return;
    }
    if (event.event !== PORTCALL_UPDATED_EVENT || args.terminalId === null) return;
    const payload = (typeof event.payload === 'object' && event.payload !== null ? event.payload : {}) as { portcall_id?: unknown; id?: unknown; version?: unknown; terminal_id?: unknown };
    const id = typeof payload.portcall_id === 'number' ? payload.portcall_id : typeof payload.id === 'number' ? payload.id : null;
    if (id === null || (typeof payload.terminal_id === 'number' && payload.terminal_id !== args.terminalId)) return;
    const lists = queryClient.getQueriesData<TPlannerPortcall[]>({ queryKey: plannerKeys.portcallLists(args.terminalId) });
    const known = lists.flatMap(([, list]) => list ?? []).find((c) => c.id === id);
    // Our own write already stored the answered version.
    if (known && typeof payload.version === 'number' && payload.version <= known.version) return;
    getOnePortcall(id)
      .then((call) => {
        storePlannerCall(queryClient, call);
        void queryClient.invalidateQueries({ queryKey: plannerKeys.timestamps(id) });
        if (known) args.onForeignChange?.(call);
      })
      .catch((error: unknown) => console.error(error));
  });
  const channels = [
    ...(args.terminalId !== null ? [realtimeChannels.frozenPortcalls(args.terminalId)] : []),
    ...(args.userId !== null ? [realtimeChannels.draftTerminalOperator(args.userId)] : []),
  ];
  useRealtimeChannels(channels, () => {
    if (args.terminalId !== null) void queryClient.invalidateQueries({ queryKey: plannerKeys.draft(args.terminalId) });
  });
}
