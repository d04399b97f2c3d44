// Replays recorded AIS lines (a file, or lines generated in memory like the demo recording) at a chosen speed.
// Times come from each line's tag block (c:). Align 'start': the first line plays now and every time shifts with
// it. Align 'now': the recording's times are real times; lines before now are ingested at once as history, later
// ones when their time comes.
import { readFile } from 'node:fs/promises';
import { tagBlockTime } from '../../codec/decode';
import type { TAisSource, TLineSink, TSourceLog } from './source';

export type TReplayOptions = {
  lines: string[] | { file: string };
  speed: number;
  align: 'start' | 'now';
  /** Business time (ctx.clock.now). */
  now: () => Date;
  log: TSourceLog;
  /** True while the writer has a backlog: history is fed at the pace the database takes it, never dropped. */
  isBusy?: () => boolean;
  /** Lines recorded at or before this instant are skipped (already ingested by an earlier run of the same replay). */
  skipUntil?: Date | null;
  name?: string;
};

export type TReplayStats = { played: number; total: number; done: boolean };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ReplayAisSource implements TAisSource {
  readonly name: string;
  readonly stats: TReplayStats = { played: 0, total: 0, done: false };
  private stopped = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly options: TReplayOptions) {
    this.name = options.name ?? ('file' in options.lines ? `replay ${options.lines.file}` : 'replay (memory)');
  }

  async start(sink: TLineSink): Promise<void> {
    const lines = Array.isArray(this.options.lines) ? this.options.lines : (await readFile(this.options.lines.file, 'latin1')).split(/\r\n|\r|\n/);
    const recorded = lines.filter((l) => l.trim().length > 0);
    this.stats.total = recorded.length;
    this.stopped = false;
    this.running = this.play(recorded, sink).catch((err: unknown) => this.options.log.error({ source: this.name, err }, 'AIS replay failed'));
  }

  /** Resolves when every line has been played (or the replay was stopped). */
  finished(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private async wait(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
  }

  private async play(lines: string[], sink: TLineSink): Promise<void> {
    const { speed, align } = this.options;
    const businessStart = this.options.now().getTime();
    const wallStart = performance.now();
    const firstTimed = lines.map(tagBlockTime).find((t) => t !== null) ?? null;
    // The recording instant that plays at businessStart.
    const anchor = align === 'now' || firstTimed === null ? businessStart : firstTimed.getTime();
    let lastTime: number | null = null;
    let sinceYield = 0;
    for (const line of lines) {
      if (this.stopped) return;
      const time: number | null = tagBlockTime(line)?.getTime() ?? lastTime;
      lastTime = time;
      if (time !== null && this.options.skipUntil && time <= this.options.skipUntil.getTime()) continue;
      if (time === null || time <= anchor) {
        // History (or an untimed line): at once, with its own time when it has one.
        sink(line, time === null ? undefined : new Date(align === 'now' ? time : businessStart));
        this.stats.played++;
        if (++sinceYield >= 500) {
          sinceYield = 0;
          // Let sockets and the writer breathe; hold back while the writer works through a backlog.
          await sleep(0);
          while (this.options.isBusy?.() && !this.stopped) await sleep(20);
        }
        continue;
      }
      const offsetMs = (time - anchor) / speed;
      const due = wallStart + offsetMs - performance.now();
      if (due > 2) await this.wait(due);
      if (this.stopped) return;
      sink(line, new Date(businessStart + offsetMs));
      this.stats.played++;
    }
    this.stats.done = true;
    this.options.log.info({ source: this.name, lines: this.stats.played }, 'AIS replay finished');
  }
}
