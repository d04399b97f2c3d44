// SQL for organisations (vessel operators, agents) as look-up lists.
import type { Kysely } from 'kysely';
import type { DB, OrganisationKind } from '../../db/schema';
import { containsPattern } from '../../lib/search-pattern';

export type OrganisationSearch = { kind: OrganisationKind; text: string | null };

function organisationsMatching(db: Kysely<DB>, { kind, text }: OrganisationSearch) {
  const query = db.selectFrom('organisations').where('kind', '=', kind);
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
