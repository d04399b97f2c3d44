// JSON answers above 1 KB go out compressed when the client accepts it (lib/compression.ts). Static files come
// precompressed from the build (plugins/web-static.ts); cached pages keep their compressed bytes
// (lib/response-cache.ts), so a hit compresses nothing. /metrics (text) and the WebSocket are left as they are.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { COMPRESS_MIN_BYTES, compressBody, markEncoded, preferredEncoding, varyOnEncoding } from '../lib/compression';

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD' || !isJson(reply)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_MIN_BYTES) return payload;
    // Every JSON answer this large could have been compressed: caches in between must key on Accept-Encoding.
    varyOnEncoding(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    markEncoded(reply, encoding);
    return compressBody(payload, encoding);
  });
}
