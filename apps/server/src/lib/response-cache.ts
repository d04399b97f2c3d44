// Serialized responses kept per key (viewer and query) for one read-model version and at most `ttlMs`, in a
// least-recently-used map bounded by size (docs/performance.md, "Cached list pages"). The version says whether the
// data changed; the time limit bounds fields derived from the clock (cargo progress, the cargo-start classifier).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { readModelVersion } from '../db/read-model-version';
import { COMPRESS_MIN_BYTES, type TEncoding, compressBody, markEncoded, preferredEncoding } from './compression';

export type TResponseCacheOptions = { ttlMs: number; maxBytes: number };
export const DEFAULT_RESPONSE_CACHE: TResponseCacheOptions = { ttlMs: 10_000, maxBytes: 64 * 1024 * 1024 };

/** `encoded`: the body compressed for clients that accept it, made on the first such request and kept with it. */
type TEntry = { body: string; version: string; storedAtMs: number; encoded: Partial<Record<TEncoding, Buffer>> };

export class ResponseCache {
  readonly #entries = new Map<string, TEntry>();
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  constructor(readonly options: TResponseCacheOptions) {}

  get(key: string, version: string, nowMs: number): string | null {
    const entry = this.#entries.get(key);
    if (entry && entry.version === version && nowMs >= entry.storedAtMs && nowMs - entry.storedAtMs < this.options.ttlMs) {
      // Least recently used first: a hit moves the entry to the end of the map's order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.#hits++;
      return entry.body;
    }
    if (entry) this.#remove(key, entry);
    this.#misses++;
    return null;
  }

  set(key: string, version: string, nowMs: number, body: string): void {
    if (body.length > this.options.maxBytes) return;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    this.#entries.set(key, { body, version, storedAtMs: nowMs, encoded: {} });
    this.#bytes += body.length;
    this.#evict();
  }

  /** The compressed body of an entry still held for exactly this text, or null. */
  encoded(key: string, body: string, encoding: TEncoding): Buffer | null {
    const entry = this.#entries.get(key);
    return entry && entry.body === body ? (entry.encoded[encoding] ?? null) : null;
  }

  setEncoded(key: string, body: string, encoding: TEncoding, bytes: Buffer): void {
    const entry = this.#entries.get(key);
    if (!entry || entry.body !== body || entry.encoded[encoding]) return;
    entry.encoded[encoding] = bytes;
    this.#bytes += bytes.length;
    this.#evict();
  }

  #evict(): void {
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.options.maxBytes) break;
      this.#remove(oldestKey, oldest);
    }
  }

  stats(): { entries: number; bytes: number; hits: number; misses: number } {
    return { entries: this.#entries.size, bytes: this.#bytes, hits: this.#hits, misses: this.#misses };
  }

  #remove(key: string, entry: TEntry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);
  }
}

/** The caches of one server process; each route that caches has its own, so one route's pages never evict another's. */
export type TResponseCaches = { portcallList: ResponseCache | null; portcall: ResponseCache | null; berthPlanWindow: ResponseCache | null; tasks: ResponseCache | null; tasksMeta: ResponseCache | null };

export function createResponseCaches(options: TResponseCacheOptions | null): TResponseCaches {
  const cache = () => (options ? new ResponseCache(options) : null);
  return { portcallList: cache(), portcall: cache(), berthPlanWindow: cache(), tasks: cache(), tasksMeta: cache() };
}

type TViewer = { id: number; user_type: string; organisation_id: number | null };

/**
 * What a page depends on besides the data: who looks (visibility, open tasks and the viewer's own sandbox differ by
 * user, role and organisation) and the parsed query or path, in a stable order.
 */
function viewerScopeKey(viewer: TViewer, scope: object): string {
  return JSON.stringify([viewer.id, viewer.user_type, viewer.organisation_id, Object.entries(scope).sort(([a], [b]) => a.localeCompare(b))]);
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCaches: TResponseCaches;
  }
}

/** `Cache-Control: no-cache` (or no-store) from the client asks for a page computed now; it then refreshes the entry. */
function wantsFresh(request: FastifyRequest): boolean {
  const header = request.headers['cache-control'];
  return typeof header === 'string' && /\bno-(cache|store)\b/i.test(header);
}

/**
 * Answers from the cache when the entry was made at the current read-model version, else computes, serializes with
 * the route's response schema and keeps the result under the version read before computing. A page read across a
 * commit is thus kept under a version that is already gone and is never answered again; one read with no commit
 * since shows exactly that version's data. `X-Quayline-Cache` says which way the page came.
 */
export async function replyCached(
  args: { ctx: AppContext; cache: ResponseCache | null; request: FastifyRequest; reply: FastifyReply; viewer: TViewer; scope: object },
  compute: () => Promise<unknown>,
): Promise<FastifyReply> {
  const { ctx, cache, request, reply } = args;
  // Always per viewer: a route cannot share one user's page with another.
  const key = viewerScopeKey(args.viewer, args.scope);
  if (!cache) return reply.send(await compute());
  const fresh = wantsFresh(request);
  const before = await readModelVersion(ctx.db);
  const nowMs = ctx.clock.now().getTime();
  const cached = fresh ? null : cache.get(key, before, nowMs);
  void reply.header('x-quayline-cache', cached !== null ? 'hit' : fresh ? 'bypass' : 'miss').type('application/json; charset=utf-8');
  if (cached !== null) return sendKept(cache, key, cached, request, reply);
  const body = reply.serialize(await compute());
  // The zod serializer (plugins/response-serializer.ts) makes JSON text; anything else is not ours to keep.
  if (typeof body !== 'string') return reply.send(body);
  cache.set(key, before, nowMs, body);
  return sendKept(cache, key, body, request, reply);
}

/** Sends a kept page, compressed once per encoding and kept compressed, so a hit compresses nothing. */
async function sendKept(cache: ResponseCache, key: string, body: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const encoding = body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body);
  let bytes = cache.encoded(key, body, encoding);
  if (!bytes) {
    bytes = await compressBody(body, encoding);
    cache.setEncoded(key, body, encoding, bytes);
  }
  markEncoded(reply, encoding);
  return reply.send(bytes);
}
