// What every AIS source gives the ingest: lines, each with an optional scheduled receive time (replays).
export type TLineSink = (line: string, receivedAt?: Date) => void;

export type TSourceLog = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

export type TAisSource = {
  /** A name for logs and stats, e.g. "tcp 10.0.0.5:5631". */
  readonly name: string;
  start(sink: TLineSink): Promise<void>;
  stop(): Promise<void>;
};

/** Splits a byte stream into lines (CR, LF or CRLF); keeps a partial last line for the next chunk, bounded in size. */
export function createLineSplitter(onLine: (line: string) => void, maxLineLength = 4096): { push(chunk: string): void; end(): void } {
  let rest = '';
  return {
    push(chunk) {
      const text = rest + chunk;
      const lines = text.split(/\r\n|\r|\n/);
      rest = lines.pop() ?? '';
      // A "line" that never ends is not NMEA; drop it rather than grow without bound.
      if (rest.length > maxLineLength) rest = '';
      for (const line of lines) if (line.length > 0) onLine(line);
    },
    end() {
      if (rest.length > 0) onLine(rest);
      rest = '';
    },
  };
}
