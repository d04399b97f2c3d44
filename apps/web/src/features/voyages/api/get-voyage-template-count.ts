// GET /voyage_templates?per_page=1: only the count, for the overview's shortcut.
import { useQuery } from '@tanstack/react-query';
import type { TPaged, TVoyageTemplate } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageKeys } from './query-keys';

export const getVoyageTemplateCount = async (terminalId: number | null, signal?: AbortSignal): Promise<number> =>
  (await api.get<TPaged<TVoyageTemplate>>('/voyage_templates', { terminal_id: terminalId ?? undefined, per_page: 1 }, signal)).meta.total_count;

export function useVoyageTemplateCount(terminalId: number | null) {
  return useQuery({ queryKey: voyageKeys.templateCount(terminalId), queryFn: ({ signal }) => getVoyageTemplateCount(terminalId, signal) });
}
