// Graceful shutdown of a listening server on SIGTERM/SIGINT: take it out of rotation, finish what was sent here,
// close the sockets with 1001 and the database, exit 0. Bounded: after the grace time open connections are cut.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { markDraining } from './modules/health/readiness';

export type TShutdownOptions = {
  /** SHUTDOWN_GRACE_MS (default 10 000): from the signal until connections still open are cut. */
  graceMs: number;
  /**
   * SHUTDOWN_DELAY_MS (default 0): how long the server keeps serving with /ready at 503 before it stops accepting,
   * for a load balancer that only learns from its /ready probe that this server is going away.
   */
  delayMs: number;
};

/** After the grace time, the database gets this long to close before the process exits anyway (code 1). */
const HARD_EXIT_AFTER_GRACE_MS = 5_000;

export function readShutdownOptions(env: NodeJS.ProcessEnv = process.env): TShutdownOptions {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    return Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return { graceMs: number('SHUTDOWN_GRACE_MS', 10_000), delayMs: number('SHUTDOWN_DELAY_MS', 0) };
}

/**
 * Installs the signal handlers; call once the app is built (before or after listen). A second signal while draining
 * stops waiting for connections, as the grace time running out would.
 */
export function installGracefulShutdown(app: FastifyInstance, options: TShutdownOptions, exit: (code: number) => void = (code) => process.exit(code)): void {
  const inFlight = new Set<ServerResponse>();
  let isDraining = false;
  const closeAfterResponse = (res: ServerResponse) => {
    // Node keeps a keep-alive connection open after its last response even while the server closes (until the
    // keep-alive timeout, 72 s in Fastify); asking for Connection: close ends it as soon as the response is sent.
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  // Prepended, so it runs before Fastify's handler can write the head of a fast answer.
  app.server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (isDraining) closeAfterResponse(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  let forceClose: (() => void) | null = null;
  const drain = async (signal: NodeJS.Signals) => {
    const startedAt = performance.now();
    isDraining = true;
    markDraining(app.ctx);
    for (const res of inFlight) closeAfterResponse(res);
    app.log.info({ signal, requests_in_flight: inFlight.size, sockets: app.realtime.connectionCount, grace_ms: options.graceMs }, 'shutdown: draining (/ready answers 503)');

    let isForced = false;
    forceClose = () => {
      if (isForced) return;
      isForced = true;
      app.log.warn({ requests_in_flight: inFlight.size }, 'shutdown: cutting the connections still open');
      app.server.closeAllConnections();
      for (const client of app.websocketServer.clients) client.terminate();
      setTimeout(() => {
        app.log.error('shutdown: the app did not close in time; exiting anyway');
        exit(1);
      }, HARD_EXIT_AFTER_GRACE_MS).unref();
    };
    const graceTimer = setTimeout(() => forceClose?.(), options.graceMs);
    graceTimer.unref();

    if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(options.delayMs, options.graceMs)));
    try {
      // Fastify answers new requests 503 from here on, runs the preClose hooks (sockets close with 1001, the job
      // runner and AIS ingest stop), stops listening, waits for the requests in flight, then closes the database.
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown: closing the app failed');
      exit(1);
      return;
    }
    clearTimeout(graceTimer);
    app.log.info({ ms: Math.round(performance.now() - startedAt), forced: isForced }, 'shutdown: done');
    exit(0);
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (forceClose) forceClose();
      else void drain(signal);
    });
  }
}
