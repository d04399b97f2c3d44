// Realtime: the WebSocket server and this process's hub (modules/realtime), started with the app and stopped before the database closes.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { RealtimeHub, type TRealtimeOptions } from '../modules/realtime/realtime-hub';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** Larger client messages are refused by the WebSocket layer; ours are a few hundred bytes. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

export async function registerRealtime(app: FastifyInstance, database: Pick<Database, 'listen'>, options: Partial<TRealtimeOptions> = {}): Promise<void> {
  const hub = new RealtimeHub({ ctx: app.ctx, database, log: app.log, options });
  app.decorate('realtime', hub);
  // Added before the WebSocket plugin's own preClose, so our sockets close with 1001 and the hub stops reading
  // while the database is still open.
  app.addHook('preClose', async () => hub.stop());
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  app.addHook('onReady', async () => hub.start());
}
