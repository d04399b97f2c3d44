// Sign-in rules: login with lockout, password reset by mailed code, expired-password change, sessions and proxies.
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  RESET_CODE_TTL_MS,
  SESSION_TTL_SECONDS,
  isLocale,
  isPasswordAcceptable,
  type TLoginResponse,
  type TLocale,
} from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { PortalUser } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { digest, digestsEqual, generateResetCode, generateToken } from '../../lib/tokens';
import { clearFailedLogins, findOrganisationName, findUserByEmail, findUserById, recordFailedLogin, updatePasswordHash } from '../users/user.repository';
import { toUserInfo } from '../users/user-info';
import { resetPasswordMail } from './reset-password.mail';
import { proxySessionEnd } from './proxy-rules';
import { endProxySessions, recordProxyEnd } from './proxy.service';
import { consumeResetCode, findUsableResetCodes, insertResetCode } from './reset-code.repository';
import { findLiveSessionWithUser, insertSession, revokeAllSessionsOfUser, revokeSession } from './session.repository';

export type AuthSession = {
  sessionId: number;
  user: PortalUser;
  /** Set when a proxy token is in use: the person really making the request. */
  actor: PortalUser | null;
  /** When the session runs out; for a proxy session the banner shows it. */
  expiresAt: Date;
};

async function openSession(ctx: AppContext, user: PortalUser, userAgent: string | null): Promise<TLoginResponse> {
  const token = generateToken();
  const now = ctx.clock.now();
  await insertSession(ctx.db, {
    token_hash: digest(token),
    portal_user_id: user.id,
    actor_user_id: null,
    created_at: now,
    expires_at: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    user_agent: userAgent,
  });
  const organisation = await findOrganisationName(ctx.db, user.organisation_id);
  return { token, user_info: toUserInfo(user, organisation?.name ?? null) };
}

function isLocked(user: PortalUser, now: Date): boolean {
  return !!user.locked_until && new Date(user.locked_until).getTime() > now.getTime();
}

/** LOGIN_LIMIT_REACH is a 429 like the rate limits: it says when the account opens again (Retry-After). */
function accountLocked(lockedUntil: Date | string, now: Date): AppError {
  const ms = new Date(lockedUntil).getTime() - now.getTime();
  return new AppError('LOGIN_LIMIT_REACH', { retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) });
}

function isExpired(user: PortalUser, now: Date): boolean {
  return !!user.password_expires_at && new Date(user.password_expires_at).getTime() <= now.getTime();
}

export async function login(ctx: AppContext, args: { email: string; password: string; userAgent: string | null }): Promise<TLoginResponse> {
  const now = ctx.clock.now();
  const user = await findUserByEmail(ctx.db, args.email);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (isLocked(user, now)) throw accountLocked(user.locked_until!, now);

  if (!(await verifyPassword(args.password, user.password_hash))) {
    const state = await recordFailedLogin(ctx.db, { userId: user.id, now, windowMs: LOGIN_FAILURE_WINDOW_MS, maxFailures: LOGIN_MAX_FAILURES, lockMs: LOGIN_LOCK_MS });
    if (state.locked_until) throw accountLocked(state.locked_until, now);
    throw new AppError('CREDENTIALS_DO_NOT_MATCH');
  }
  await clearFailedLogins(ctx.db, user.id);
  if (isExpired(user, now)) throw new AppError('PASSWORD_EXPIRED');
  return openSession(ctx, user, args.userAgent);
}

export async function requestPasswordReset(ctx: AppContext, args: { email: string; locale: string | undefined }): Promise<void> {
  const user = await findUserByEmail(ctx.db, args.email);
  if (!user) throw new AppError('USER_NOT_FOUND');
  const now = ctx.clock.now();
  const code = generateResetCode();
  await insertResetCode(ctx.db, { portal_user_id: user.id, code_hash: digest(code), created_at: now, expires_at: new Date(now.getTime() + RESET_CODE_TTL_MS) });
  const locale: TLocale = isLocale(args.locale) ? args.locale : isLocale(user.selected_locale) ? user.selected_locale : 'en';
  const link = `${ctx.config.publicUrl}/${locale}/reset-password?email=${encodeURIComponent(user.email)}&code=${encodeURIComponent(code)}`;
  await ctx.mailer.send({ to: user.email, ...resetPasswordMail({ locale, link, code, firstName: user.first_name, validMinutes: RESET_CODE_TTL_MS / 60_000 }) });
}

function assertNewPasswordAllowed(newPassword: string, confirmation: string): void {
  if (newPassword !== confirmation) throw new AppError('PASSWORDS_DO_NOT_MATCH', { errors: [{ path: 'password_confirmation', message: 'Passwords do not match' }] });
  if (!isPasswordAcceptable(newPassword)) throw new AppError('PASSWORD_REQUIREMENTS_NOT_MET');
}

/** Callers have already refused a repeated password. */
async function setNewPassword(ctx: AppContext, user: PortalUser, newPassword: string): Promise<void> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, { userId: user.id, passwordHash, now, expiresAt: null });
    // A new password ends every other session of the account: the proxy sessions the person started from them,
    // and those in which someone acted for them, are ended and audited first.
    await endProxySessions(trx, { actorUserId: user.id }, 'actor_password_changed', now);
    await endProxySessions(trx, { targetUserId: user.id }, 'target_password_changed', now);
    await revokeAllSessionsOfUser(trx, user.id, now);
  });
}

export async function updatePasswordWithCode(ctx: AppContext, args: { email: string; code: string; password: string; confirmation: string; userAgent: string | null }): Promise<TLoginResponse> {
  const user = await findUserByEmail(ctx.db, args.email);
  const now = ctx.clock.now();
  const candidates = user ? await findUsableResetCodes(ctx.db, user.id, now) : [];
  const presented = digest(args.code.trim().toUpperCase());
  const match = candidates.find((c) => digestsEqual(c.code_hash, presented));
  if (!user || !match) throw new AppError('INVALID_RESET_CODE');
  assertNewPasswordAllowed(args.password, args.confirmation);
  if (await verifyPassword(args.password, user.password_hash)) throw new AppError('REPEATED_PASSWORD');
  if (!(await consumeResetCode(ctx.db, match.id, now))) throw new AppError('INVALID_RESET_CODE');
  await setNewPassword(ctx, user, args.password);
  return openSession(ctx, (await findUserById(ctx.db, user.id))!, args.userAgent);
}

export async function resetExpiredPassword(ctx: AppContext, args: { email: string; oldPassword: string; newPassword: string; confirmation: string; userAgent: string | null }): Promise<TLoginResponse> {
  const now = ctx.clock.now();
  const user = await findUserByEmail(ctx.db, args.email);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (isLocked(user, now)) throw accountLocked(user.locked_until!, now);
  if (!(await verifyPassword(args.oldPassword, user.password_hash))) {
    // Guessing the current password here counts like a failed sign-in.
    const state = await recordFailedLogin(ctx.db, { userId: user.id, now, windowMs: LOGIN_FAILURE_WINDOW_MS, maxFailures: LOGIN_MAX_FAILURES, lockMs: LOGIN_LOCK_MS });
    if (state.locked_until) throw accountLocked(state.locked_until, now);
    throw new AppError('INVALID_PASSWORD', { errors: [{ path: 'old_password', message: 'Current password is incorrect' }] });
  }
  if (args.newPassword === args.oldPassword) throw new AppError('REPEATED_PASSWORD');
  assertNewPasswordAllowed(args.newPassword, args.confirmation);
  await setNewPassword(ctx, user, args.newPassword);
  return openSession(ctx, (await findUserById(ctx.db, user.id))!, args.userAgent);
}

export async function logout(ctx: AppContext, session: AuthSession): Promise<void> {
  // Signing out under a proxy token ends the proxy session: audited like returning to one's own session.
  if (session.actor) return recordProxyEnd(ctx, session);
  const now = ctx.clock.now();
  // Signing out of one's own session ends every proxy session started from it.
  await ctx.db.transaction().execute(async (trx) => {
    await revokeSession(trx, session.sessionId, now);
    await endProxySessions(trx, { parentSessionId: session.sessionId }, 'actor_signed_out', now);
  });
}

/**
 * The live session behind a token. A proxy session is live only while the actor's own session it was started from
 * is, and while both accounts allow it (proxy-rules.ts); otherwise it is as dead as a revoked one, for requests and
 * for open sockets alike (the realtime hub asks here again every 30 s).
 */
export async function resolveSession(ctx: AppContext, token: string): Promise<AuthSession | null> {
  const now = ctx.clock.now();
  const row = await findLiveSessionWithUser(ctx.db, digest(token), now);
  if (!row) return null;
  const { session_id, session_actor_user_id, session_expires_at, parent_revoked_at, parent_expires_at, ...user } = row;
  if (session_actor_user_id === null) return { sessionId: session_id, user, actor: null, expiresAt: new Date(session_expires_at) };
  const actor = await findUserById(ctx.db, session_actor_user_id);
  if (!actor) return null;
  const parent = parent_expires_at === null ? null : { revoked_at: parent_revoked_at, expires_at: parent_expires_at };
  if (proxySessionEnd({ parent, actor, target: user }, now)) return null;
  return { sessionId: session_id, user, actor, expiresAt: new Date(session_expires_at) };
}
