// SQL for portal users: lookup, sign-in counters, passwords and settings.
import type { TStoredJsonInput } from '@quayline/domain';
import { type Kysely, sql } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { type StoredJson, storedJson } from '../../db/stored-json';

/** An address as sign-in compares it: case and surrounding spaces do not count (the rate limits key on this too). */
export function comparableEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Kysely<DB>, email: string): Promise<PortalUser | undefined> {
  return db.selectFrom('portal_users').selectAll().where(sql<string>`lower(email)`, '=', comparableEmail(email)).executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: number): Promise<PortalUser | undefined> {
  return db.selectFrom('portal_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrganisationName(db: Kysely<DB>, organisationId: number | null) {
  if (organisationId === null) return Promise.resolve(undefined);
  return db.selectFrom('organisations').select('name').where('id', '=', organisationId).executeTakeFirst();
}

/**
 * Counts one failed sign-in in a single statement (so two servers cannot lose a count) and locks the
 * account when the count reaches `maxFailures` inside the window. Returns the new state.
 */
export function recordFailedLogin(db: Kysely<DB>, args: { userId: number; now: Date; windowMs: number; maxFailures: number; lockMs: number }) {
  const { userId, now, windowMs, maxFailures, lockMs } = args;
  const windowStart = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + lockMs);
  const freshWindow = sql<boolean>`(first_failed_login_at is null or first_failed_login_at < ${windowStart} or (locked_until is not null and locked_until <= ${now}))`;
  return db
    .updateTable('portal_users')
    .set({
      failed_login_count: sql`case when ${freshWindow} then 1 else failed_login_count + 1 end`,
      first_failed_login_at: sql`case when ${freshWindow} then ${now}::timestamptz else first_failed_login_at end`,
      locked_until: sql`case when (case when ${freshWindow} then 1 else failed_login_count + 1 end) >= ${maxFailures} then ${lockUntil}::timestamptz else null end`,
    })
    .where('id', '=', userId)
    .returning(['failed_login_count', 'locked_until'])
    .executeTakeFirstOrThrow();
}

export function clearFailedLogins(db: Kysely<DB>, userId: number) {
  return db.updateTable('portal_users').set({ failed_login_count: 0, first_failed_login_at: null, locked_until: null }).where('id', '=', userId).execute();
}

export function updatePasswordHash(db: Kysely<DB>, args: { userId: number; passwordHash: string; now: Date; expiresAt: Date | null }) {
  return db
    .updateTable('portal_users')
    .set({ password_hash: args.passwordHash, password_changed_at: args.now, password_expires_at: args.expiresAt, updated_at: args.now, failed_login_count: 0, first_failed_login_at: null, locked_until: null })
    .where('id', '=', args.userId)
    .execute();
}

export function updateUserColumns(db: Kysely<DB>, userId: number, values: { selected_locale?: string; daily_tasks_email?: boolean; mail_receive_time?: string; mail_timezone?: string; updated_at: Date }) {
  return db.updateTable('portal_users').set(values).where('id', '=', userId).execute();
}

/** Merges one settings key into the JSON document without reading it first, so concurrent saves of different keys both land. */
export function mergeUserSettings(db: Kysely<DB>, userId: number, patch: TStoredJsonInput<'user_settings_patch'>, now: Date) {
  return db
    .updateTable('portal_users')
    .set({ settings: sql<StoredJson<'user_settings_patch'>>`settings || ${storedJson('user_settings_patch', patch)}::jsonb`, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
