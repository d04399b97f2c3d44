// Small builders for test rows: each test makes the users and terminals it needs, so no two tests share rows.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, OrganisationKind } from '../db/schema';
import { hashPassword } from '../lib/passwords';

export const TEST_PASSWORD = 'Harbour-Test-2026!';
let passwordHashCache: Promise<string> | null = null;

function unique(): string {
  return randomBytes(5).toString('hex');
}

export async function createTerminal(db: Kysely<DB>): Promise<{ id: number }> {
  const suffix = unique();
  const port = await db.insertInto('ports').values({ unlocode: `DE${suffix.slice(0, 3).toUpperCase().replace(/[^A-Z2-9]/g, 'X')}`, name: `Port ${suffix}`, country_code: 'DE', time_zone: 'Europe/Berlin', latitude: null, longitude: null }).onConflict((oc) => oc.column('unlocode').doUpdateSet({ name: `Port ${suffix}` })).returning('id').executeTakeFirstOrThrow();
  const org = await db.insertInto('organisations').values({ kind: 'terminal_operator', code: `T${suffix}`, name: `Terminal operator ${suffix}` }).returning('id').executeTakeFirstOrThrow();
  return db
    .insertInto('terminals')
    .values({ code: `TERM-${suffix}`, name: `Terminal ${suffix}`, port_id: port.id, terminal_operator_id: org.id, quay_length_m: 1000, tide_station: null, latitude: null, longitude: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createUser(
  db: Kysely<DB>,
  options: { userType?: OrganisationKind; password?: string; passwordExpiresAt?: Date | null; terminalIds?: number[]; locale?: string; email?: string } = {},
): Promise<{ id: number; email: string; password: string }> {
  const password = options.password ?? TEST_PASSWORD;
  const passwordHash = password === TEST_PASSWORD ? await (passwordHashCache ??= hashPassword(TEST_PASSWORD)) : await hashPassword(password);
  const email = options.email ?? `user.${unique()}@test.quayline.test`;
  const row = await db
    .insertInto('portal_users')
    .values({
      email,
      password_hash: passwordHash,
      password_expires_at: options.passwordExpiresAt ?? null,
      user_type: options.userType ?? 'terminal_operator',
      organisation_id: null,
      first_name: 'Test',
      last_name: 'User',
      selected_locale: options.locale ?? 'en',
      last_used_terminal_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const terminalId of options.terminalIds ?? []) await db.insertInto('portal_user_terminals').values({ portal_user_id: row.id, terminal_id: terminalId }).execute();
  return { id: row.id, email, password };
}

export async function loginAs(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { username: email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return (res.json() as { payload: { token: string } }).payload.token;
}
