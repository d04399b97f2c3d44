// Look-up lists of organisations by kind. Vessel operators and agents: every signed-in user may read them (they appear
// on every port call). Terminal operators: only those running a terminal the user is linked to, so nobody learns
// which other companies use the system through this list.
import { type TOrganisation, type TOrganisationsQuery, type TPaged, pageMeta, pageOffset } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { AuthSession } from '../auth/auth.service';
import type { OrganisationKind } from '../../db/schema';
import { searchText } from '../../lib/search-pattern';
import { type OrganisationSearch, countOrganisations, listOrganisations } from './organisation.repository';

export async function searchOrganisations(ctx: AppContext, kind: Exclude<OrganisationKind, 'terminal_operator'>, query: TOrganisationsQuery): Promise<TPaged<TOrganisation>> {
  return pageOfOrganisations(ctx, { kind, text: searchText(query.q) }, query);
}

export async function searchLinkedTerminalOperators(ctx: AppContext, session: AuthSession, query: TOrganisationsQuery): Promise<TPaged<TOrganisation>> {
  return pageOfOrganisations(ctx, { kind: 'terminal_operator', text: searchText(query.q), linkedToUserId: session.user.id }, query);
}

async function pageOfOrganisations(ctx: AppContext, search: OrganisationSearch, query: TOrganisationsQuery): Promise<TPaged<TOrganisation>> {
  const [totalCount, items] = await Promise.all([countOrganisations(ctx.db, search), listOrganisations(ctx.db, search, { limit: query.per_page, offset: pageOffset(query) })]);
  return { items, meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount }) };
}
