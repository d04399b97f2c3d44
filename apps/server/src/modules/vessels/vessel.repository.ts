// SQL for the shared vessel register.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { containsPattern, prefixPattern } from '../../lib/search-pattern';

export type VesselSearch = { text: string | null };

/** Name matches anywhere in any case; IMO number and MMSI match from their first digits ("IMO " is dropped). */
function vesselsMatching(db: Kysely<DB>, { text }: VesselSearch) {
  const query = db.selectFrom('vessels');
  if (!text) return query;
  const digits = text.replace(/^IMO\s*/i, '');
  return query.where((eb) => {
    const byName = eb('vessels.name', 'ilike', containsPattern(text));
    if (!/^\d+$/.test(digits)) return byName;
    return eb.or([byName, eb('vessels.imo_number', 'like', prefixPattern(digits)), eb('vessels.mmsi', 'like', prefixPattern(digits))]);
  });
}

function withOperator(db: Kysely<DB>, search: VesselSearch) {
  return vesselsMatching(db, search)
    .leftJoin('organisations as operator', 'operator.id', 'vessels.vessel_operator_id')
    .select([
      'vessels.id',
      'vessels.name',
      'vessels.imo_number',
      'vessels.mmsi',
      'vessels.call_sign',
      'vessels.flag',
      'vessels.vessel_type',
      'vessels.vessel_type_detailed',
      'vessels.length_overall_m',
      'vessels.beam_m',
      'vessels.max_draft_m',
      'vessels.gross_tonnage',
      'operator.id as operator_id',
      'operator.code as operator_code',
      'operator.name as operator_name',
    ]);
}

export type VesselRow = Awaited<ReturnType<typeof listVessels>>[number];

export async function countVessels(db: Kysely<DB>, search: VesselSearch): Promise<number> {
  const row = await vesselsMatching(db, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listVessels(db: Kysely<DB>, search: VesselSearch, page: { limit: number; offset: number }) {
  return withOperator(db, search).orderBy('vessels.name').orderBy('vessels.id').limit(page.limit).offset(page.offset).execute();
}

export function findVesselById(db: Kysely<DB>, id: number) {
  return withOperator(db, { text: null }).where('vessels.id', '=', id).executeTakeFirst();
}

/** The vessel that already holds this IMO number or MMSI, if any. */
export function findVesselByIdentity(db: Kysely<DB>, identity: { imoNumber: string; mmsi: string | null }) {
  return withOperator(db, { text: null })
    .where((eb) => eb.or([eb('vessels.imo_number', '=', identity.imoNumber), ...(identity.mmsi ? [eb('vessels.mmsi', '=', identity.mmsi)] : [])]))
    .orderBy((eb) => eb.case().when('vessels.imo_number', '=', identity.imoNumber).then(0).else(1).end())
    .executeTakeFirst();
}

export function findVesselOperator(db: Kysely<DB>, organisationId: number) {
  return db.selectFrom('organisations').select('id').where('id', '=', organisationId).where('kind', '=', 'vessel_operator').executeTakeFirst();
}

/**
 * Inserts a vessel unless its IMO number or MMSI is taken; returns undefined then. One statement, so two
 * people adding the same vessel at once get one row and one conflict, never a database error.
 */
export function insertVesselIfNew(
  db: Kysely<DB>,
  row: {
    name: string;
    imo_number: string;
    mmsi: string | null;
    call_sign: string | null;
    flag: string | null;
    vessel_type: string;
    vessel_type_detailed: string | null;
    length_overall_m: number;
    beam_m: number;
    max_draft_m: number;
    gross_tonnage: number | null;
    vessel_operator_id: number | null;
  },
) {
  return db
    .insertInto('vessels')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Sets the vessel's coded and detailed type (a key left undefined keeps its value). */
export async function updateVesselType(db: Kysely<DB>, vesselId: number, fields: { vessel_type?: string | undefined; vessel_type_detailed?: string | null | undefined }): Promise<void> {
  const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return;
  await db.updateTable('vessels').set(values).where('id', '=', vesselId).execute();
}

/** A vessel with the operator the register gives it (null when it has none), for the booking rule. */
export function findVesselWithOperator(db: Kysely<DB> | Transaction<DB>, vesselId: number) {
  return db
    .selectFrom('vessels')
    .leftJoin('organisations as operator', 'operator.id', 'vessels.vessel_operator_id')
    .select(['vessels.id', 'vessels.name', 'vessels.vessel_operator_id', 'operator.name as operator_name'])
    .where('vessels.id', '=', vesselId)
    .executeTakeFirst();
}

/** Whether the agency is (or was) the agent of a call of this vessel operator: the tie between them in the data. */
export async function isAgencyOfOperator(db: Kysely<DB> | Transaction<DB>, args: { agencyId: number; vesselOperatorId: number }): Promise<boolean> {
  const row = await db.selectFrom('portcalls').select('id').where('agent_id', '=', args.agencyId).where('vessel_operator_id', '=', args.vesselOperatorId).limit(1).executeTakeFirst();
  return row !== undefined;
}
