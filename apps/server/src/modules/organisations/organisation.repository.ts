// SQL for organisations (vessel operators, agents, terminal operators) as look-up lists.
import type { Kysely } from 'kysely';
import type { DB, OrganisationKind } from '../../db/schema';
import { containsPattern } from '../../lib/search-pattern';

/** `linkedToUserId`: only organisations running a terminal this user is linked to (for terminal operators). */
export type OrganisationSearch = { kind: OrganisationKind; text: string | null; linkedToUserId?: number };

function organisationsMatching(db: Kysely<DB>, { kind, text, linkedToUserId }: OrganisationSearch) {
  let query = db.selectFrom('organisations').where('kind', '=', kind);
  if (linkedToUserId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('terminals')
          .innerJoin('portal_user_terminals as link', 'link.terminal_id', 'terminals.id')
          .whereRef('terminals.terminal_operator_id', '=', 'organisations.id')
          .where('link.portal_user_id', '=', linkedToUserId)
          .select('terminals.id'),
      ),
    );
  }
  if (!text) return query;
  const pattern = containsPattern(text);
  return query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('code', 'ilike', pattern)]));
}

export async function countOrganisations(db: Kysely<DB>, search: OrganisationSearch): Promise<number> {
  const row = await organisationsMatching(db, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listOrganisations(db: Kysely<DB>, search: OrganisationSearch, page: { limit: number; offset: number }) {
  return organisationsMatching(db, search).select(['id', 'code', 'name']).orderBy('name').orderBy('id').limit(page.limit).offset(page.offset).execute();
}
