// Acting on a colleague's behalf: start, end, the candidate list, what the person acted for can see, and the
// answer to a proxy token that has run out or ended. Every start, end, expiry and refusal is audited.
import { PROXY_SESSION_TTL_MINUTES, realtimeChannels, type TProxyCandidate, type TProxySessionOnMyBehalf, type TStartProxySessionResponse } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB, PortalUser } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { digest, generateToken } from '../../lib/tokens';
import { insertNotifications } from '../notifications/notification.repository';
import { publishEvent } from '../realtime/publish-event';
import { findUserById } from '../users/user.repository';
import type { AuthSession } from './auth.service';
import { PROXY_END_MESSAGES, PROXY_REFUSAL_MESSAGES, type TProxyEnd, decideProxy, proxySessionEnd } from './proxy-rules';
import {
  type TProxySessionSelection,
  findOrganisationMembers,
  findProxyParty,
  findProxyStanding,
  findSessionByHash,
  findSessionsOnBehalfOf,
  insertExpiredOnce,
  insertProxyAuditEvent,
  revokeLiveProxySessions,
} from './proxy.repository';
import { insertSession, revokeSession } from './session.repository';

export const PROXY_SESSION_TTL_MS = PROXY_SESSION_TTL_MINUTES * 60_000;
export const NOT_WHILE_ACTING = 'Not possible while acting for a colleague';
const ON_MY_BEHALF_LIMIT = 50;

const nameOf = (user: Pick<PortalUser, 'first_name' | 'last_name' | 'email'>): string => `${user.first_name} ${user.last_name}`.trim() || user.email;

/** Refuses an action that belongs to the person themself (password, e-mail, mail setting, language) under a proxy token. */
export function assertNotActing(session: AuthSession | null | undefined): void {
  if (session?.actor) throw new AppError('FORBIDDEN', { message: NOT_WHILE_ACTING });
}

export async function startProxySession(ctx: AppContext, args: { session: AuthSession; targetUserId: number; userAgent: string | null }): Promise<TStartProxySessionResponse> {
  const { session, targetUserId } = args;
  // Under a proxy token session.user is the colleague; the audit names the real person.
  const realActor = session.actor ?? session.user;
  const now = ctx.clock.now();
  const refuse = async (reason: string, message: string, targetId: number | null, code: 'FORBIDDEN' | 'NOT_FOUND' = 'FORBIDDEN'): Promise<never> => {
    await insertProxyAuditEvent(ctx.db, { actor_user_id: realActor.id, target_user_id: targetId, event: 'refused', reason, session_id: session.sessionId, created_at: now });
    throw new AppError(code, { message });
  };

  const [actorParty, targetParty] = await Promise.all([findProxyParty(ctx.db, realActor.id, now), findProxyParty(ctx.db, targetUserId, now)]);
  if (!targetParty) return refuse('unknown_user', 'No such user.', null, 'NOT_FOUND');
  if (!actorParty) throw new AppError('UNAUTHORIZED');
  const decision = decideProxy({ actor: actorParty, target: targetParty, isNested: session.actor !== null });
  if (!decision.isAllowed) return refuse(decision.reason, PROXY_REFUSAL_MESSAGES[decision.reason], targetParty.id);

  const target = (await findUserById(ctx.db, targetParty.id))!;
  const token = generateToken();
  const expires = new Date(now.getTime() + PROXY_SESSION_TTL_MS);
  await ctx.db.transaction().execute(async (trx) => {
    // The proxy session lives inside the actor's own session: when that ends, so does this one.
    const created = await insertSession(trx, { token_hash: digest(token), portal_user_id: target.id, actor_user_id: realActor.id, parent_session_id: session.sessionId, created_at: now, expires_at: expires, user_agent: args.userAgent });
    await insertProxyAuditEvent(trx, { actor_user_id: realActor.id, target_user_id: target.id, event: 'started', reason: decision.basis, session_id: created.id, created_at: now });
    // The person acted for learns of it in their notifications, live if they are online.
    const details = { actor_name: nameOf(realActor), action: 'started', value: expires.toISOString() };
    const [notification] = await insertNotifications(trx, { recipientIds: [target.id], portcall_id: null, notification_type: 'proxy_session', details, created_at: now });
    await publishEvent(trx, { channel: realtimeChannels.user(target.id), event: 'notification.created', payload: { id: Number(notification!.id), notification_type: 'proxy_session', portcall_id: null, details } });
  });
  return { token, expires_at: expires.toISOString() };
}

/** Ends the proxy session behind the request; the caller answers with the actor's own details. */
export async function endProxySession(ctx: AppContext, session: AuthSession): Promise<PortalUser> {
  if (!session.actor) throw new AppError('VALIDATION_FAILED', { message: 'You are not acting for anyone.' });
  await recordProxyEnd(ctx, session);
  return session.actor;
}

/** Revokes a proxy session and audits it as ended (DELETE /proxy_session and signing out under a proxy token). */
export async function recordProxyEnd(ctx: AppContext, session: AuthSession): Promise<void> {
  if (!session.actor) return;
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await revokeSession(trx, session.sessionId, now);
    await insertProxyAuditEvent(trx, { actor_user_id: session.actor!.id, target_user_id: session.user.id, event: 'ended', reason: null, session_id: session.sessionId, created_at: now });
  });
}

/** Ends the selected live proxy sessions and audits each as ended, with the reason. */
export async function endProxySessions(db: Kysely<DB> | Transaction<DB>, which: TProxySessionSelection, reason: TProxyEnd, now: Date): Promise<number> {
  const ended = await revokeLiveProxySessions(db, which, now);
  for (const row of ended) {
    await insertProxyAuditEvent(db, { actor_user_id: row.actor_user_id!, target_user_id: row.portal_user_id, event: 'ended', reason, session_id: row.id, created_at: now });
  }
  return ended.length;
}

export async function listProxyCandidates(ctx: AppContext, session: AuthSession): Promise<TProxyCandidate[]> {
  // Nested proxies are refused, so someone already acting has nobody to choose.
  if (session.actor || session.user.organisation_id === null) return [];
  const now = ctx.clock.now();
  const actor = await findProxyParty(ctx.db, session.user.id, now);
  if (!actor) return [];
  // Locked accounts and expired passwords leave the list too: the list and the start never disagree.
  const members = await findOrganisationMembers(ctx.db, session.user.organisation_id, session.user.id, now);
  return members
    .filter((m) => decideProxy({ actor, target: m, isNested: false }).isAllowed)
    .map((m) => ({ id: m.id, first_name: m.first_name, last_name: m.last_name, email: m.email, user_type: m.user_type, organisation_name: m.organisation_name }));
}

export async function listSessionsOnMyBehalf(ctx: AppContext, session: AuthSession): Promise<TProxySessionOnMyBehalf[]> {
  const rows = await findSessionsOnBehalfOf(ctx.db, session.user.id, ON_MY_BEHALF_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    actor: { id: r.actor_id, email: r.actor_email, first_name: r.actor_first_name, last_name: r.actor_last_name },
    started_at: new Date(r.created_at).toISOString(),
    ended_at: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
    expires_at: new Date(r.expires_at).toISOString(),
    request_count: Number(r.request_count ?? 0),
    write_count: Number(r.write_count ?? 0),
  }));
}

/**
 * A presented proxy token that opens no session: if it belonged to a proxy session that has run out, was ended,
 * or has outlived the actor's own session or what the accounts allow, the answer is 403 PROXY_EXPIRED naming the
 * colleague, as for any ended proxy session (the client then returns to the actor's own session, or to the sign-in
 * when that is gone too). A run-out session is audited once as expired; one ended by the actor's session or an
 * account is ended here, once, and audited with the reason. Anything else (garbage, a user token in the proxy
 * slot) returns null and stays a 401.
 */
export async function explainDeadProxyToken(ctx: AppContext, token: string): Promise<AppError | null> {
  const row = await findSessionByHash(ctx.db, digest(token));
  if (!row || row.actor_user_id === null) return null;
  const now = ctx.clock.now();
  const target = await findUserById(ctx.db, row.portal_user_id);
  const name = target ? nameOf(target) : 'your colleague';
  if (row.revoked_at !== null) return new AppError('PROXY_EXPIRED', { message: `Acting for ${name} has ended.` });
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    await insertExpiredOnce(ctx.db, { actor_user_id: row.actor_user_id, target_user_id: row.portal_user_id, session_id: row.id, created_at: now });
    return new AppError('PROXY_EXPIRED', { message: `The time to act for ${name} has run out.` });
  }
  const reason = proxySessionEnd(await findProxyStanding(ctx.db, { ...row, actor_user_id: row.actor_user_id }), now);
  if (!reason) return null;
  await ctx.db.transaction().execute((trx) => endProxySessions(trx, { sessionId: row.id }, reason, now));
  return new AppError('PROXY_EXPIRED', { message: `Acting for ${name} has ended: ${PROXY_END_MESSAGES[reason]}` });
}
