// Compressing answers: which encoding a client takes, and the compression itself (brotli at a low quality, cheap to
// make and still about twenty times smaller on a planner window; gzip for clients without brotli).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

export const COMPRESS_MIN_BYTES = 1024;
export type TEncoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * A 14-day planner window at 60,000 calls (1.66 MB) on a loaded 2-core machine: quality 3 takes 17 ms for 78 KB
 * (21 times smaller), quality 5 42 ms for 56 KB, gzip level 4 about 20 ms for 110 KB. A list page (130 KB) costs a
 * millisecond or two, once per cached page and encoding.
 */
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 4;

/** The encoding to answer with: brotli when accepted, else gzip, else none (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): TEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: TEncoding) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

export function compressBody(body: string | Buffer, encoding: TEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: GZIP_LEVEL });
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } });
}

/** Adds Accept-Encoding to the answer's Vary, keeping what others put there. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const values = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',').map((v) => v.trim()).filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')) void reply.header('vary', [...values, 'Accept-Encoding'].join(', '));
}

/** Marks an answer as compressed (a cache or this hook did it) and as varying with what the client accepts. */
export function markEncoded(reply: FastifyReply, encoding: TEncoding): void {
  void reply.header('content-encoding', encoding);
  varyOnEncoding(reply);
  reply.removeHeader('content-length');
}

