// HTTP for the sign-in area: thin handlers over auth.service.
import {
  COOKIE_PROXY_TOKEN,
  PROXY_SESSION_TTL_MINUTES,
  ZErrorEnvelope,
  ZLoginRequest,
  ZLoginResponse,
  ZProxyCandidate,
  ZProxySessionOnMyBehalf,
  ZResetExpiredPasswordRequest,
  ZResetPasswordRequest,
  ZStartProxySessionRequest,
  ZStartProxySessionResponse,
  ZUpdatePasswordRequest,
  ZUserDetails,
  successEnvelope,
} from '@quayline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { detailsOfUser } from '../users/user-settings.service';
import { login, logout, requestPasswordReset, resetExpiredPassword, resolveSession, updatePasswordWithCode } from './auth.service';
import { endProxySession, listProxyCandidates, listSessionsOnMyBehalf, startProxySession } from './proxy.service';
import { clearSessionCookies, setProxyTokenCookie, setSessionCookies } from './session-cookies';
import { underResetLimits, underSignInLimits } from './sign-in-limits';

const errors = { '4xx': ZErrorEnvelope };
const tags = ['Sign-in'];

function userAgent(request: FastifyRequest): string | null {
  return request.headers['user-agent']?.slice(0, 255) ?? null;
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.ctx.config.secureCookies;

  /** The cookies of a session just opened (the session is read back as every request reads it). */
  async function setSignInCookies(reply: FastifyReply, token: string): Promise<void> {
    const session = await resolveSession(app.ctx, token);
    if (!session) throw new Error('a session just opened could not be read back');
    await setSessionCookies(app.ctx, reply, session, token, secure);
  }

  r.post('/login', { schema: { tags, summary: 'Sign in (failed attempts per address and all attempts per client IP are limited: 429 with Retry-After)', body: ZLoginRequest, response: { 200: successEnvelope(ZLoginResponse), ...errors } } }, async (request, reply) => {
    const email = (request.body.username ?? request.body.email)!;
    const result = await underSignInLimits(app, request, () => login(app.ctx, { email, password: request.body.password, userAgent: userAgent(request) }));
    await setSignInCookies(reply, result.token);
    return ok(result);
  });

  r.post('/reset_password', { schema: { tags, summary: 'Mail a password reset code (one per address every few minutes: 429 with Retry-After)', body: ZResetPasswordRequest, response: { 200: successEnvelope(z.null()), ...errors } } }, async (request) => {
    await underResetLimits(app, request);
    await requestPasswordReset(app.ctx, { email: (request.body.username ?? request.body.email)!, locale: request.body.locale });
    return ok(null);
  });

  r.post('/update_password', { schema: { tags, summary: 'Set a new password with a mailed code', body: ZUpdatePasswordRequest, response: { 200: successEnvelope(ZLoginResponse), ...errors } } }, async (request, reply) => {
    const b = request.body;
    const result = await updatePasswordWithCode(app.ctx, { email: b.email, code: b.code, password: b.password, confirmation: b.password_confirmation, userAgent: userAgent(request) });
    await setSignInCookies(reply, result.token);
    return ok(result);
  });

  r.put('/reset_expired_password', { schema: { tags, summary: 'Replace an expired password', body: ZResetExpiredPasswordRequest, response: { 200: successEnvelope(ZLoginResponse), ...errors } } }, async (request, reply) => {
    const b = request.body;
    const result = await underSignInLimits(app, request, () =>
      resetExpiredPassword(app.ctx, { email: b.email, oldPassword: b.old_password, newPassword: b.new_password, confirmation: b.new_password_confirmation, userAgent: userAgent(request) }),
    );
    await setSignInCookies(reply, result.token);
    return ok(result);
  });

  r.put('/logout', { onRequest: requireSession, schema: { tags, summary: 'End this session on the server', response: { 200: successEnvelope(z.null()), ...errors } } }, async (request, reply) => {
    const session = sessionOf(request);
    await logout(app.ctx, session);
    if (session.actor) void reply.clearCookie(COOKIE_PROXY_TOKEN, { path: '/' });
    else clearSessionCookies(reply);
    return ok(null);
  });

  const proxyTags = ['Acting for a colleague'];

  r.post(
    '/proxy_session',
    {
      onRequest: requireSession,
      schema: {
        tags: proxyTags,
        summary: 'Act for a colleague: a terminal operator for a colleague at a shared terminal, an organisation lead for its other members (not nested, never for a lead)',
        body: ZStartProxySessionRequest,
        response: { 200: successEnvelope(ZStartProxySessionResponse), ...errors },
      },
    },
    async (request, reply) => {
      const result = await startProxySession(app.ctx, { session: sessionOf(request), targetUserId: request.body.user_id, userAgent: userAgent(request) });
      setProxyTokenCookie(reply, result.token, PROXY_SESSION_TTL_MINUTES * 60, secure);
      return ok(result);
    },
  );

  r.delete(
    '/proxy_session',
    { onRequest: requireSession, schema: { tags: proxyTags, summary: 'Return to your own session (send the proxy token); answers your own user details', response: { 200: successEnvelope(ZUserDetails), ...errors } } },
    async (request, reply) => {
      const actor = await endProxySession(app.ctx, sessionOf(request));
      void reply.clearCookie(COOKIE_PROXY_TOKEN, { path: '/' });
      return ok(await detailsOfUser(app.ctx, actor.id));
    },
  );

  r.get(
    '/proxy_session/candidates',
    { onRequest: requireSession, schema: { tags: proxyTags, summary: 'The colleagues you may act for (empty while acting)', response: { 200: successEnvelope(z.array(ZProxyCandidate)), ...errors } } },
    async (request) => ok(await listProxyCandidates(app.ctx, sessionOf(request))),
  );

  r.get(
    '/proxy_sessions/on_my_behalf',
    { onRequest: requireSession, schema: { tags: proxyTags, summary: 'Recent sessions in which a colleague acted for you, with how many requests and writes they made', response: { 200: successEnvelope(z.array(ZProxySessionOnMyBehalf)), ...errors } } },
    async (request) => ok(await listSessionsOnMyBehalf(app.ctx, sessionOf(request))),
  );
}
