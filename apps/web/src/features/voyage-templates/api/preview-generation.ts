// POST /voyage_templates/:id/generate with dry_run: what "Generate" would create and where it clashes, nothing kept.
import { useQuery } from '@tanstack/react-query';
import type { TGenerateVoyagesResult } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageTemplateKeys } from './query-keys';

export function usePreviewGeneration(args: { id: number; from: string; horizon_weeks: number }, isEnabled: boolean) {
  return useQuery({
    queryKey: [...voyageTemplateKeys.all, 'generate-preview', args.id, args.from, args.horizon_weeks],
    queryFn: () => api.post<TGenerateVoyagesResult>(`/voyage_templates/${args.id}/generate`, { from: args.from, horizon_weeks: args.horizon_weeks, dry_run: true }),
    enabled: isEnabled,
    staleTime: 0,
  });
}
