// Starts the AIS ingest with the app from config (TCP feeds, UDP listener, file replay, the demo recording) and
// stops it on close (sources first, then the buffer is flushed while the database is still open).
import type { FastifyInstance } from 'fastify';
import type { TAisConfig } from '../../../config';
import { listenToAisBatches } from '../ais-batch-listeners';
import { newestPositionTime } from '../ais.repository';
import { AisIngest } from './ais-ingest';
import type { TBatchWriterOptions } from './batch-writer';
import { ReplayAisSource } from './sources/replay-source';
import { TcpAisSource } from './sources/tcp-source';
import { UdpAisSource } from './sources/udp-source';

declare module 'fastify' {
  interface FastifyInstance {
    /** The running AIS ingest, or null when no source is configured or AIS_INGEST=false. */
    aisIngest: AisIngest | null;
  }
}

export type TRegisterAisIngestOptions = {
  /** The demo recording (generated at start); replayed with align 'now' at speed 1 when config.ais.demoReplay is on. */
  demoRecording?: () => Promise<string[]>;
  /** Overrides config.ais (tests start sources on 127.0.0.1 port 0). */
  ais?: TAisConfig;
  writer?: Partial<TBatchWriterOptions>;
};

export async function registerAisIngest(app: FastifyInstance, options: TRegisterAisIngestOptions = {}): Promise<void> {
  const config = options.ais ?? app.ctx.config.ais;
  const wantsDemo = Boolean(options.demoRecording && config?.demoReplay);
  if (!config || !config.enabled || (config.tcpFeeds.length === 0 && !config.udp && !config.replay && !wantsDemo)) {
    app.decorate('aisIngest', null);
    return;
  }
  listenToAisBatches();
  const log = app.log.child({ module: 'ais-ingest' });
  const ingest = new AisIngest(app.ctx, log, options.writer);
  ingest.start();
  app.decorate('aisIngest', ingest);
  app.addHook('preClose', async () => ingest.stop());

  const isBusy = () => ingest.writer.waiting > 5000;
  for (const feed of config.tcpFeeds) await ingest.addSource(new TcpAisSource({ ...feed, log }));
  if (config.udp) await ingest.addSource(new UdpAisSource({ ...config.udp, log }));
  if (config.replay) {
    await ingest.addSource(new ReplayAisSource({ lines: { file: config.replay.file }, speed: config.replay.speed, align: config.replay.align, now: () => app.ctx.clock.now(), log, isBusy }));
  }
  if (wantsDemo && options.demoRecording) {
    try {
      const lines = await options.demoRecording();
      // After a restart the recording's history overlaps what the last run stored; replaying it again would double the tracks.
      const skipUntil = await newestPositionTime(app.ctx.db);
      await ingest.addSource(new ReplayAisSource({ lines, speed: 1, align: 'now', now: () => app.ctx.clock.now(), log, isBusy, skipUntil, name: 'demo replay' }));
    } catch (err) {
      log.error({ err }, 'the demo AIS recording could not be built; the map stays without demo vessels');
    }
  }
}
