// HTTP for the sign-in area: thin handlers over auth.service.
import {
  COOKIE_PROXY_TOKEN,
  COOKIE_USER_TOKEN,
  SESSION_TTL_SECONDS,
  ZErrorEnvelope,
  ZLoginRequest,
  ZLoginResponse,
  ZResetExpiredPasswordRequest,
  ZResetPasswordRequest,
  ZUpdatePasswordRequest,
  successEnvelope,
} from '@quayline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { login, logout, requestPasswordReset, resetExpiredPassword, startProxySession, updatePasswordWithCode } from './auth.service';

const errors = { '4xx': ZErrorEnvelope };
const tags = ['Sign-in'];

function userAgent(request: FastifyRequest): string | null {
  return request.headers['user-agent']?.slice(0, 255) ?? null;
}

function setTokenCookie(reply: FastifyReply, name: string, token: string, maxAgeSeconds: number, secure: boolean): void {
  void reply.setCookie(name, token, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: maxAgeSeconds, secure });
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.ctx.config.secureCookies;

  r.post('/login', { schema: { tags, summary: 'Sign in', body: ZLoginRequest, response: { 200: successEnvelope(ZLoginResponse), ...errors } } }, async (request, reply) => {
    const email = (request.body.username ?? request.body.email)!;
    const result = await login(app.ctx, { email, password: request.body.password, userAgent: userAgent(request) });
    setTokenCookie(reply, COOKIE_USER_TOKEN, result.token, SESSION_TTL_SECONDS, secure);
    return ok(result);
  });

  r.post('/reset_password', { schema: { tags, summary: 'Mail a password reset code', body: ZResetPasswordRequest, response: { 200: successEnvelope(z.null()), ...errors } } }, async (request) => {
    await requestPasswordReset(app.ctx, { email: (request.body.username ?? request.body.email)!, locale: request.body.locale });
    return ok(null);
  });

  r.post('/update_password', { schema: { tags, summary: 'Set a new password with a mailed code', body: ZUpdatePasswordRequest, response: { 200: successEnvelope(ZLoginResponse), ...errors } } }, async (request, reply) => {
    const b = request.body;
    const result = await updatePasswordWithCode(app.ctx, { email: b.email, code: b.code, password: b.password, confirmation: b.password_confirmation, userAgent: userAgent(request) });
    setTokenCookie(reply, COOKIE_USER_TOKEN, result.token, SESSION_TTL_SECONDS, secure);
    return ok(result);
  });

  r.put('/reset_expired_password', { schema: { tags, summary: 'Replace an expired password', body: ZResetExpiredPasswordRequest, response: { 200: successEnvelope(ZLoginResponse), ...errors } } }, async (request, reply) => {
    const b = request.body;
    const result = await resetExpiredPassword(app.ctx, { email: b.email, oldPassword: b.old_password, newPassword: b.new_password, confirmation: b.new_password_confirmation, userAgent: userAgent(request) });
    setTokenCookie(reply, COOKIE_USER_TOKEN, result.token, SESSION_TTL_SECONDS, secure);
    return ok(result);
  });

  r.put('/logout', { onRequest: requireSession, schema: { tags, summary: 'End this session on the server', response: { 200: successEnvelope(z.null()), ...errors } } }, async (request, reply) => {
    const session = sessionOf(request);
    await logout(app.ctx, session);
    void reply.clearCookie(session.actor ? COOKIE_PROXY_TOKEN : COOKIE_USER_TOKEN, { path: '/' });
    return ok(null);
  });

  r.post(
    '/proxy_session',
    { onRequest: requireSession, schema: { tags, summary: 'Act for a colleague (terminal operators of the same terminal)', body: z.object({ user_id: z.number().int().positive() }), response: { 200: successEnvelope(z.object({ token: z.string(), expires_at: z.string() })), ...errors } } },
    async (request, reply) => {
      const session = sessionOf(request);
      if (session.actor) throw new AppError('FORBIDDEN', { message: 'End the current proxy session first.' });
      const result = await startProxySession(app.ctx, { actor: session.user, targetUserId: request.body.user_id, userAgent: userAgent(request) });
      setTokenCookie(reply, COOKIE_PROXY_TOKEN, result.token, 8 * 3600, secure);
      return ok(result);
    },
  );
}
