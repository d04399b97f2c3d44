// Request logging without secrets: WebSocket clients may send their session token in the query string (?token=),
// and the mailed reset link carries its code (/{locale}/reset-password?email=..&code=..).
import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_KEYS = new Set(['token', 'proxy_token', 'code']);

/** The URL with the values of token-like query parameters replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  let isChanged = false;
  for (const key of [...params.keys()]) {
    if (!SECRET_QUERY_KEYS.has(key)) continue;
    params.set(key, '[redacted]');
    isChanged = true;
  }
  return isChanged ? `${url.slice(0, queryAt)}?${params.toString()}` : url;
}

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
