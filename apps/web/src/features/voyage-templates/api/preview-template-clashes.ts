// POST /voyage_templates/preview_clashes: the unsaved template's next calls checked against the live berth plan.
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TTemplatePreviewClashes, TTemplatePreviewClashesRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageTemplateKeys } from './query-keys';

/** Long enough that typing a time or a stay asks once, when the hand rests. */
export const PREVIEW_CLASH_DEBOUNCE_MS = 500;

/**
 * The answer for the request as it stands. The request is part of the query key, so an answer to an older request is
 * kept under its own key and never shown for a newer one: a slow check cannot overwrite the one typed after it.
 */
export function usePreviewTemplateClashes(request: TTemplatePreviewClashesRequest | null) {
  const key = request === null ? null : JSON.stringify(request);
  const [settled] = useDebouncedValue(key, PREVIEW_CLASH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: [...voyageTemplateKeys.all, 'preview-clashes', settled],
    queryFn: () => api.post<TTemplatePreviewClashes>('/voyage_templates/preview_clashes', JSON.parse(settled!) as TTemplatePreviewClashesRequest),
    enabled: settled !== null,
    staleTime: 10_000,
    retry: false,
  });
  // While the typed request has not settled yet, the last answer belongs to another template: show none.
  const isCurrent = settled === key;
  return { data: isCurrent ? query.data : undefined, isChecking: key !== null && (!isCurrent || query.isFetching) };
}
