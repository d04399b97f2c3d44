// HTTP for realtime: the WebSocket endpoint (protocol in docs/realtime.md) and channel authorisation (pusher_auth).
import { API_PREFIX, ZErrorEnvelope, ZPusherAuthRequest, ZPusherAuthResponse, successEnvelope } from '@quayline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { presentedTokens, requireSession, sessionOf } from '../../plugins/auth';
import type { TSocketAuth } from './realtime-connection';
import { authorizeChannel, loadSubscriber, recordProxiedSocket, resolveTokens } from './realtime.service';

const tags = ['Realtime'];

const ZRealtimeQuery = z.object({
  token: z.string().max(200).optional().describe('Session token, for clients that can send neither the userToken cookie nor the X-PORTAL-TOKEN header'),
  proxy_token: z.string().max(200).optional().describe('Proxy token, like X-PORTAL-PROXY-TOKEN'),
});

/** Found before the upgrade (hooks run on the HTTP request), handed to the socket handler after it. */
const socketAuth = new WeakMap<FastifyRequest, TSocketAuth>();

export async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    method: 'GET',
    url: '/realtime',
    schema: {
      tags,
      summary: 'WebSocket for realtime events (upgrade required)',
      description:
        'Open with a WebSocket upgrade, signed in like any request (userToken cookie, X-PORTAL-TOKEN header, or ?token=; proxy tokens honoured). ' +
        'Without a valid session the socket is closed at once with code 4401. Messages are JSON; see docs/realtime.md. A plain GET answers 426.',
      querystring: ZRealtimeQuery,
      response: { 426: ZErrorEnvelope },
    },
    preHandler: async (request) => {
      if (!request.ws) return;
      const presented = presentedTokens(request);
      const tokens = { proxy: presented.proxy ?? request.query.proxy_token, own: presented.own ?? request.query.token };
      const session = await resolveTokens(app.ctx, tokens);
      if (!session) return;
      socketAuth.set(request, { session, subscriber: await loadSubscriber(app.ctx, session.user), tokens });
      await recordProxiedSocket(app.ctx, session, `${API_PREFIX}/realtime`);
    },
    handler: async () => {
      throw new AppError('VALIDATION_FAILED', { message: 'Connect with a WebSocket upgrade.', httpStatus: 426 });
    },
    wsHandler: (socket, request) => {
      app.realtime.accept(socket, socketAuth.get(request) ?? null);
    },
  });

  r.post(
    '/pusher_auth',
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary: 'May the signed-in user listen on this realtime channel?',
        description: 'Channels: Terminal.<terminal_id>, Frozen_Portcalls.<terminal_id>, Agent.<organisation_id>, VesselOperator.<organisation_id>, DRAFT_TERMINAL_OPERATOR.<user_id>, User.<user_id>.',
        body: ZPusherAuthRequest,
        response: { 200: successEnvelope(ZPusherAuthResponse), '4xx': ZErrorEnvelope },
      },
    },
    async (request) => ok(await authorizeChannel(app.ctx, sessionOf(request), request.body.channel_name)),
  );
}
