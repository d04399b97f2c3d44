// The running ingest: its sources, one decoder per source (fragments never mix across feeds), the batch writer,
// and the figures (lines received, decoded, skipped by reason, queued, dropped, written).
import type { AppContext } from '../../../app-context';
import { AIS_SKIP_REASONS, AisLineDecoder, type TAisDecoderStats, createDecoderStats } from '../codec/decode';
import { AisBatchWriter, type TBatchWriterOptions, type TBatchWriterStats } from './batch-writer';
import type { TAisSource, TSourceLog } from './sources/source';

export type TAisIngestStats = { decoder: TAisDecoderStats; writer: TBatchWriterStats; sources: string[] };

export class AisIngest {
  readonly writer: AisBatchWriter;
  private readonly sources: { source: TAisSource; decoder: AisLineDecoder }[] = [];
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: TSourceLog,
    writerOptions: Partial<TBatchWriterOptions> = {},
  ) {
    this.writer = new AisBatchWriter(ctx, log, writerOptions);
  }

  /** Starts a source; its lines are decoded and queued. A source that fails to start is logged and skipped. */
  async addSource(source: TAisSource): Promise<boolean> {
    const decoder = new AisLineDecoder({ now: () => this.ctx.clock.now() });
    try {
      await source.start((line, receivedAt) => {
        try {
          this.writer.push(decoder.decodeLine(line, receivedAt));
        } catch (err) {
          // decodeLine does not throw; this guards the socket callbacks against anything unforeseen.
          this.log.error({ source: source.name, err }, 'AIS line handling failed');
        }
      });
    } catch (err) {
      this.log.error({ source: source.name, err }, 'AIS source did not start');
      return false;
    }
    this.sources.push({ source, decoder });
    return true;
  }

  start(): void {
    this.writer.start();
    // Fragment groups that never complete are timed out even when their feed goes quiet.
    this.sweepTimer ??= setInterval(() => {
      for (const { decoder } of this.sources) decoder.expireFragments();
    }, 1000);
    this.sweepTimer.unref();
  }

  /** Stops every source, then writes what is buffered. */
  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await Promise.all(this.sources.map(({ source }) => source.stop().catch((err: unknown) => this.log.warn({ source: source.name, err }, 'AIS source did not stop cleanly'))));
    await this.writer.stop();
    this.log.info({ stats: this.stats() }, 'AIS ingest stopped');
  }

  stats(): TAisIngestStats {
    const decoder = createDecoderStats();
    for (const { decoder: d } of this.sources) {
      decoder.received += d.stats.received;
      decoder.decoded += d.stats.decoded;
      for (const reason of AIS_SKIP_REASONS) decoder.skipped[reason] += d.stats.skipped[reason];
    }
    return { decoder, writer: { ...this.writer.stats }, sources: this.sources.map(({ source }) => source.name) };
  }

  sourceOf<T extends TAisSource>(kind: abstract new (...args: never[]) => T): T | undefined {
    return this.sources.map(({ source }) => source).find((s): s is T => s instanceof kind);
  }
}
