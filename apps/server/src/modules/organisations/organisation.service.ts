// Look-up lists of organisations by kind; every signed-in user may read them (they appear on every port call).
import { type TOrganisation, type TOrganisationsQuery, type TPaged, pageMeta, pageOffset } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { OrganisationKind } from '../../db/schema';
import { searchText } from '../../lib/search-pattern';
import { countOrganisations, listOrganisations } from './organisation.repository';

export async function searchOrganisations(ctx: AppContext, kind: Exclude<OrganisationKind, 'terminal_operator'>, query: TOrganisationsQuery): Promise<TPaged<TOrganisation>> {
  const search = { kind, text: searchText(query.q) };
  const [totalCount, items] = await Promise.all([countOrganisations(ctx.db, search), listOrganisations(ctx.db, search, { limit: query.per_page, offset: pageOffset(query) })]);
  return { items, meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount }) };
}
