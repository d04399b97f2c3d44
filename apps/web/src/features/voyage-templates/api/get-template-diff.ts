// GET /voyage_templates/:id/diff -> what the edited template would change in the future calls it created.
import type { TTemplateDiff } from '@quayline/domain';
import { api } from '@/lib/api-client';

export const getTemplateDiff = (id: number, signal?: AbortSignal): Promise<TTemplateDiff> => api.get<TTemplateDiff>(`/voyage_templates/${id}/diff`, undefined, signal);
