// The session cookies of spec section 9: userToken and userSession carry the token (HttpOnly), portalUserSession a
// readable summary (user, type, language, currentTerminal) that a script may use before any request.
import {
  COOKIE_PORTAL_USER_SESSION,
  COOKIE_PROXY_TOKEN,
  COOKIE_USER_SESSION,
  COOKIE_USER_TOKEN,
  CURRENT_TERMINAL_KEY,
  SESSION_TTL_SECONDS,
  type TPortalUserSession,
} from '@quayline/domain';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import { listPortalUserTerminals } from '../terminals/terminal.service';
import { localeOfUser } from '../users/user-info';
import type { AuthSession } from './auth.service';

type TCookieOptions = { path: '/'; sameSite: 'lax'; maxAge: number; secure: boolean; httpOnly: boolean };

function cookieOptions(secure: boolean, httpOnly: boolean, maxAge = SESSION_TTL_SECONDS): TCookieOptions {
  return { path: '/', sameSite: 'lax', maxAge, secure, httpOnly };
}

/** The proxy token of acting for a colleague: HttpOnly like the user's own, for as long as the proxy session lasts. */
export function setProxyTokenCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, secure: boolean): void {
  void reply.setCookie(COOKIE_PROXY_TOKEN, token, cookieOptions(secure, true, maxAgeSeconds));
}

/** The readable summary of a session; the current terminal is the one /terminals/current_terminal answers. */
export async function portalUserSessionOf(ctx: AppContext, session: AuthSession): Promise<TPortalUserSession> {
  const links = await listPortalUserTerminals(ctx, session);
  return {
    user_id: session.user.id,
    user_type: session.user.user_type,
    selected_locale: localeOfUser(session.user),
    [CURRENT_TERMINAL_KEY]: links.find((l) => l.is_current)?.terminal_id ?? null,
  };
}

/** Sets the readable session cookie (URL-encoded JSON; not HttpOnly on purpose, it holds no secret). */
export function setPortalUserSessionCookie(reply: FastifyReply, summary: TPortalUserSession, secure: boolean): void {
  // @fastify/cookie URL-encodes the value by default.
  void reply.setCookie(COOKIE_PORTAL_USER_SESSION, JSON.stringify(summary), cookieOptions(secure, false));
}

/** After sign-in (login, a reset code, an expired password): the token twice, HttpOnly, and the readable summary. */
export async function setSessionCookies(ctx: AppContext, reply: FastifyReply, session: AuthSession, token: string, secure: boolean): Promise<void> {
  void reply.setCookie(COOKIE_USER_TOKEN, token, cookieOptions(secure, true));
  void reply.setCookie(COOKIE_USER_SESSION, token, cookieOptions(secure, true));
  setPortalUserSessionCookie(reply, await portalUserSessionOf(ctx, session), secure);
}

/** Sign-out of one's own session clears all three. */
export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [COOKIE_USER_TOKEN, COOKIE_USER_SESSION, COOKIE_PORTAL_USER_SESSION]) void reply.clearCookie(name, { path: '/' });
}

/**
 * After update_last_used_terminal: the summary with the new current terminal. Not while acting for a colleague:
 * the cookie describes the browser's own session, not the colleague's.
 */
export async function updateCurrentTerminalCookie(ctx: AppContext, reply: FastifyReply, session: AuthSession, terminalId: number, secure: boolean): Promise<void> {
  if (session.actor) return;
  setPortalUserSessionCookie(reply, { ...(await portalUserSessionOf(ctx, session)), [CURRENT_TERMINAL_KEY]: terminalId }, secure);
}
