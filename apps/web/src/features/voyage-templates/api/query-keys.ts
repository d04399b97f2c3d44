// Query keys of the voyage-template screens, so a write refreshes exactly what it changed.
export type TTemplateListQuery = { q?: string | undefined; page: number };

export const voyageTemplateKeys = {
  all: ['voyage-templates'] as const,
  lists: () => [...voyageTemplateKeys.all, 'list'] as const,
  list: (query: TTemplateListQuery) => [...voyageTemplateKeys.lists(), query] as const,
  detail: (id: number) => [...voyageTemplateKeys.all, 'detail', id] as const,
  diff: (id: number) => [...voyageTemplateKeys.all, 'diff', id] as const,
};
