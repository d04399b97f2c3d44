// A WebSocket test client for /api/portal/v1/realtime: collects server messages and lets a test wait for the next one.
import { type TRealtimeServerMessage, ZRealtimeServerMessage } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

export type TTestSocket = {
  ws: WebSocket;
  /** Every message received so far, in order. */
  received: TRealtimeServerMessage[];
  send(message: unknown): void;
  sendRaw(data: string | Buffer): void;
  /** The next message not yet taken, waiting up to timeoutMs for it. */
  next(timeoutMs?: number): Promise<TRealtimeServerMessage>;
  /** Resolves when no message arrives for `ms`; fails with the message that did. */
  expectSilence(ms?: number): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
};

export function realtimeUrl(baseUrl: string, query: Record<string, string> = {}): string {
  const url = new URL('/api/portal/v1/realtime', baseUrl.replace(/^http/, 'ws'));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** The http:// address of an app listening on an ephemeral port. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

export async function connectRealtime(baseUrl: string, options: { query?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<TTestSocket> {
  const ws = new WebSocket(realtimeUrl(baseUrl, options.query), { headers: options.headers ?? {} });
  const received: TRealtimeServerMessage[] = [];
  let taken = 0;
  let wake: (() => void) | null = null;
  ws.on('message', (data) => {
    received.push(ZRealtimeServerMessage.parse(JSON.parse(String(data))));
    wake?.();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  const next = async (timeoutMs = 2000): Promise<TRealtimeServerMessage> => {
    const deadline = Date.now() + timeoutMs;
    while (taken >= received.length) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no realtime message within ${timeoutMs} ms (received so far: ${JSON.stringify(received)})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    return received[taken++]!;
  };

  return {
    ws,
    received,
    send: (message) => ws.send(JSON.stringify(message)),
    sendRaw: (data) => ws.send(data),
    next,
    async expectSilence(ms = 300) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (taken < received.length) throw new Error(`unexpected realtime message: ${JSON.stringify(received.slice(taken))}`);
    },
    closed,
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}
