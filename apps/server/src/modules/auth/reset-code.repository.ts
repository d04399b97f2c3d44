// SQL for single-use password reset codes.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function insertResetCode(db: Kysely<DB>, row: { portal_user_id: number; code_hash: string; created_at: Date; expires_at: Date }) {
  return db.insertInto('password_reset_codes').values(row).execute();
}

export function findUsableResetCodes(db: Kysely<DB>, userId: number, now: Date) {
  return db
    .selectFrom('password_reset_codes')
    .select(['id', 'code_hash'])
    .where('portal_user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/** Marks the code used only if nobody used it first; returns whether this caller won. */
export async function consumeResetCode(db: Kysely<DB>, codeId: number, now: Date): Promise<boolean> {
  const result = await db.updateTable('password_reset_codes').set({ used_at: now }).where('id', '=', codeId).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
