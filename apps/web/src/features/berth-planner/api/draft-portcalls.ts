// The sandbox on the server: GET /draft_portcalls and its writes (update, undo, redo, revert, frozen, publish), and the download link.
import { useQuery } from '@tanstack/react-query';
import { API_PREFIX, type TDraftChange, type TDraftState, type TLocale } from '@quayline/domain';
import { api, toQueryString } from '@/lib/api-client';
import { plannerKeys } from './query-keys';

export function useDraft(terminalId: number | null, isEnabled: boolean) {
  return useQuery({
    queryKey: plannerKeys.draft(terminalId ?? 0),
    queryFn: ({ signal }) => api.get<TDraftState>('/draft_portcalls', { terminal_id: terminalId }, signal),
    enabled: terminalId !== null && isEnabled,
  });
}

type TWrite = { terminal_id: number; version: number };

export const updateDraft = (args: TWrite & { changes: TDraftChange[] }) => api.put<TDraftState>('/draft_portcalls/update_draft_portcalls', args);
export const undoDraft = (args: TWrite) => api.post<TDraftState>('/draft_portcalls/undo', args);
export const redoDraft = (args: TWrite) => api.post<TDraftState>('/draft_portcalls/redo', args);
export const revertDraft = (args: TWrite) => api.post<TDraftState>('/draft_portcalls/revert', args);
export const freezeInDraft = (args: TWrite & { portcall_id: number; frozen: boolean }) => api.put<TDraftState>('/draft_portcalls/frozen', args);
export const publishDraft = (args: TWrite) => api.post<{ published: number; draft: TDraftState }>('/draft_portcalls/publish', args);

export const draftDownloadUrl = (terminalId: number, locale: TLocale, type: 'csv' | 'xlsx' = 'xlsx'): string => `${API_PREFIX}/draft-portcalls/download${toQueryString({ terminal_id: terminalId, type, locale })}`;
