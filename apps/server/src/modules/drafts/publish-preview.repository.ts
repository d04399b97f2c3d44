// Reads a publish preview needs beside the moves themselves: the draft as stored, and the names of who is told.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Trx = Transaction<DB>;

/** The user's draft for the terminal, or none when the sandbox was never used (a preview creates nothing). */
export function findDraftRow(trx: Trx, args: { userId: number; terminalId: number }) {
  return trx.selectFrom('berth_drafts').select(['changes', 'version']).where('portal_user_id', '=', args.userId).where('terminal_id', '=', args.terminalId).executeTakeFirst();
}

/** Names and organisations of users, as a recipient list shows them. */
export function findUserNames(trx: Trx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('portal_users as u')
    .leftJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'o.name as organisation_name'])
    .where('u.id', 'in', [...ids])
    .orderBy('u.id')
    .execute();
}
