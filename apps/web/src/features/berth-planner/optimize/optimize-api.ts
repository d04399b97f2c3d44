// The optimizer's requests: the draft version it starts from, the optimization itself, and the two draft writes
// the panel answers a proposal with (revert some moves, or undo the whole step).
import type { TDraftChange, TDraftState, TOptimizeRequest, TOptimizeResult } from '@quayline/domain';
import { api } from '@/lib/api-client';

type TWrite = { terminal_id: number; version: number };

export const fetchDraft = (terminalId: number) => api.get<TDraftState>('/draft_portcalls', { terminal_id: terminalId });
export const postOptimize = (body: TOptimizeRequest) => api.post<TOptimizeResult>('/berth_plan/optimize', body);
export const putDraftChanges = (args: TWrite & { changes: TDraftChange[] }) => api.put<TDraftState>('/draft_portcalls/update_draft_portcalls', args);
export const postUndo = (args: TWrite) => api.post<TDraftState>('/draft_portcalls/undo', args);
