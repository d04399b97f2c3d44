// Counterparties: a carrier's or agent's JIT system that a terminal operator connects. The system acts as a user of
// the organisation it speaks for (a user that cannot sign in with a password), linked to the registering operator's
// terminals, so it sees and changes exactly what that organisation's people see at this terminal. Its API key is
// that user's session token: only its digest is stored, it is shown once, and rotating or revoking ends it at once.
import type { TDcsaCounterparty, TDcsaCounterpartyCreate, TDcsaCounterpartyWithKey } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { digest, generateToken } from '../../lib/tokens';
import type { AuthSession } from '../auth/auth.service';
import { insertSession, revokeSession } from '../auth/session.repository';

/** Keys do not run out by time; they end when rotated or revoked. */
const KEY_EXPIRES = new Date('2999-01-01T00:00:00Z');

function assertTerminalOperator(session: AuthSession): number {
  // The role is the route table's (manage_jit_counterparties); the keys belong to the terminal operator's organisation.
  if (session.user.organisation_id === null) throw new AppError('FORBIDDEN', { message: 'Only terminal operators connect JIT counterparties.' });
  return session.user.organisation_id;
}

const toIso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function selectCounterparties(ctx: AppContext, operatorId: number) {
  return ctx.db
    .selectFrom('dcsa_counterparties as c')
    .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
    .select(['c.id', 'c.name', 'c.organisation_id', 'o.name as organisation_name', 'c.endpoint_url', 'c.key_prefix', 'c.created_at', 'c.rotated_at', 'c.revoked_at', 'c.session_id', 'c.portal_user_id'])
    .where('c.terminal_operator_id', '=', operatorId);
}
type TRow = Awaited<ReturnType<ReturnType<typeof selectCounterparties>['executeTakeFirstOrThrow']>>;
const toCounterparty = (r: TRow): TDcsaCounterparty => ({ id: r.id, name: r.name, organisation_id: r.organisation_id, organisation_name: r.organisation_name, endpoint_url: r.endpoint_url, key_prefix: r.key_prefix, created_at: toIso(r.created_at)!, rotated_at: toIso(r.rotated_at), revoked_at: toIso(r.revoked_at) });

async function newKey(ctx: AppContext, portalUserId: number): Promise<{ key: string; sessionId: number }> {
  const key = `qjit_${generateToken()}`;
  const { id } = await insertSession(ctx.db, { token_hash: digest(key), portal_user_id: portalUserId, actor_user_id: null, created_at: ctx.clock.now(), expires_at: KEY_EXPIRES, user_agent: 'DCSA JIT counterparty' });
  return { key, sessionId: id };
}

export async function listCounterparties(ctx: AppContext, session: AuthSession): Promise<TDcsaCounterparty[]> {
  const operatorId = assertTerminalOperator(session);
  return (await selectCounterparties(ctx, operatorId).orderBy('c.id').execute()).map(toCounterparty);
}

export async function createCounterparty(ctx: AppContext, session: AuthSession, body: TDcsaCounterpartyCreate): Promise<TDcsaCounterpartyWithKey> {
  const operatorId = assertTerminalOperator(session);
  const org = await ctx.db.selectFrom('organisations').select(['id', 'kind']).where('id', '=', body.organisation_id).executeTakeFirst();
  if (!org || org.kind === 'terminal_operator') throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'organisation_id', message: 'Choose the vessel operator or agent the system speaks for' }] });
  const terminals = await ctx.db.selectFrom('terminals').select('id').where('terminal_operator_id', '=', operatorId).execute();
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('portal_users')
      .values({ email: `jit-${generateToken().slice(0, 16).toLowerCase()}@counterparty.quayline.invalid`, password_hash: '!', user_type: org.kind, organisation_id: org.id, first_name: body.name, last_name: 'JIT', daily_tasks_email: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (terminals.length) await trx.insertInto('portal_user_terminals').values(terminals.map((t) => ({ portal_user_id: user.id, terminal_id: t.id }))).execute();
    const row = await trx
      .insertInto('dcsa_counterparties')
      .values({ name: body.name, organisation_id: org.id, terminal_operator_id: operatorId, endpoint_url: body.endpoint_url, portal_user_id: user.id, key_prefix: '', created_by: session.user.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return rotateCounterpartyKey(ctx, session, id, false);
}

async function ownCounterparty(ctx: AppContext, session: AuthSession, id: number): Promise<TRow> {
  const row = await selectCounterparties(ctx, assertTerminalOperator(session)).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function rotateCounterpartyKey(ctx: AppContext, session: AuthSession, id: number, isRotation = true): Promise<TDcsaCounterpartyWithKey> {
  const row = await ownCounterparty(ctx, session, id);
  if (row.revoked_at) throw new AppError('CONFLICT', { message: 'The counterparty was revoked; register it again.' });
  const now = ctx.clock.now();
  if (row.session_id !== null) await revokeSession(ctx.db, row.session_id, now);
  const { key, sessionId } = await newKey(ctx, row.portal_user_id);
  await ctx.db.updateTable('dcsa_counterparties').set({ session_id: sessionId, key_prefix: key.slice(0, 10), ...(isRotation ? { rotated_at: now } : {}) }).where('id', '=', id).execute();
  return { ...toCounterparty(await ownCounterparty(ctx, session, id)), api_key: key };
}

export async function revokeCounterparty(ctx: AppContext, session: AuthSession, id: number): Promise<TDcsaCounterparty> {
  const row = await ownCounterparty(ctx, session, id);
  const now = ctx.clock.now();
  if (row.session_id !== null) await revokeSession(ctx.db, row.session_id, now);
  if (!row.revoked_at) await ctx.db.updateTable('dcsa_counterparties').set({ revoked_at: now }).where('id', '=', id).execute();
  return toCounterparty(await ownCounterparty(ctx, session, id));
}

/** Points a connected system at another endpoint (the demo's local carrier listens on a new port at every start). */
export async function moveCounterpartyEndpoint(ctx: AppContext, session: AuthSession, id: number, endpointUrl: string): Promise<TDcsaCounterparty> {
  await ownCounterparty(ctx, session, id);
  await ctx.db.updateTable('dcsa_counterparties').set({ endpoint_url: endpointUrl }).where('id', '=', id).execute();
  return toCounterparty(await ownCounterparty(ctx, session, id));
}
