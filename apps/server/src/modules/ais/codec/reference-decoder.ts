// Decodes AIVDM lines with ais-stream-decoder alone, line by line, as the independent judge of what our encoder and
// the demo recording produce (tests use it; the ingest uses decode.ts). NMEA 4.0 tag blocks are cut off first,
// because the library reads only the bare sentence.
import { createRequire } from 'node:module';
import type AisDecoderClass from 'ais-stream-decoder';

const require = createRequire(import.meta.url);
const AisDecoder = (require('ais-stream-decoder') as { default: typeof AisDecoderClass }).default;

export type TReferenceDecoded = Record<string, unknown> & { type: number; mmsi: number; sentences: string[] };
export type TReferenceResult = { messages: TReferenceDecoded[]; errors: { line: string; message: string }[] };

/** The tag block's `c:` time in unix seconds and the bare sentence of a line. */
export function splitTagBlock(line: string): { unixSeconds: number | null; sentence: string } {
  const match = /^\\([^\\]*)\\(.*)$/.exec(line);
  if (!match) return { unixSeconds: null, sentence: line };
  const c = /(?:^|,)c:(\d+)/.exec(match[1]!.split('*')[0]!);
  return { unixSeconds: c ? Number(c[1]) : null, sentence: match[2]! };
}

export function decodeWithReference(lines: readonly string[]): TReferenceResult {
  const decoder = new AisDecoder();
  const messages: TReferenceDecoded[] = [];
  const errors: TReferenceResult['errors'] = [];
  // The library is a Transform stream; driving its _transform directly keeps one error from ending the stream and
  // ties each error to its line.
  decoder.push = (chunk: unknown) => {
    messages.push(JSON.parse(String(chunk)) as TReferenceDecoded);
    return true;
  };
  for (const line of lines) {
    const { sentence } = splitTagBlock(line);
    decoder._transform(Buffer.from(sentence), 'utf8', (err?: Error | null) => {
      if (err) errors.push({ line, message: err.message });
    });
  }
  return { messages, errors };
}
