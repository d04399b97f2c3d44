// Paged lists (ARCHITECTURE.md, "The API contract"): the `page`/`per_page` query and the {items, meta} payload.
import { z } from 'zod';

export const PER_PAGE_DEFAULT = 25;
export const PER_PAGE_MAX = 100;

/** The paging part of a list query; query strings arrive as text, so the numbers are coerced. */
export function pageQuery(defaultPerPage: number = PER_PAGE_DEFAULT) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(defaultPerPage),
  });
}
export const ZPageQuery = pageQuery();
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZPageMeta = z.object({
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total_count: z.number().int().min(0),
  total_pages: z.number().int().min(0),
});
export type TPageMeta = z.infer<typeof ZPageMeta>;

/** The payload of a paged list: `pagedPayload(ZVessel)` is `{items: TVessel[], meta}`. */
export function pagedPayload<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), meta: ZPageMeta });
}
export type TPaged<T> = { items: T[]; meta: TPageMeta };

export function pageMeta(args: { page: number; perPage: number; totalCount: number }): TPageMeta {
  return { page: args.page, per_page: args.perPage, total_count: args.totalCount, total_pages: Math.ceil(args.totalCount / args.perPage) };
}

/** Rows to skip for a page (pages count from 1). */
export function pageOffset(query: TPageQuery): number {
  return (query.page - 1) * query.per_page;
}
