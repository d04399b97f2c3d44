// GET /draft_portcalls/publish_preview: what publishing the sandbox would do, read before the planner confirms it.
import { useQuery } from '@tanstack/react-query';
import type { TPublishPreview } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { plannerKeys } from './query-keys';

/** Fetched while the preview is open, per draft version, so a move made meanwhile asks again. */
export function usePublishPreview(terminalId: number | null, draftVersion: number | null, isOpen: boolean) {
  return useQuery({
    queryKey: plannerKeys.publishPreview(terminalId ?? 0, draftVersion),
    queryFn: ({ signal }) => api.get<TPublishPreview>('/draft_portcalls/publish_preview', { terminal_id: terminalId }, signal),
    enabled: terminalId !== null && isOpen,
    staleTime: 0,
    gcTime: 0,
  });
}
