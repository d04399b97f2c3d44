// Security headers on every response (helmet): a Content-Security-Policy the built app passes with no inline script,
// no framing, nosniff, a strict referrer policy, and HSTS when the cookies are Secure (that is, behind HTTPS).
// helmet's headers do not depend on the request, so they are worked out once at start; @fastify/helmet builds
// helmet's middleware (and parses the policy) again for every request, which cost a tenth of a /health answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@quayline/domain';
import helmet from 'helmet';

/** The policy, also for the browser test that loads every screen under it (e2e/tests/security-headers.spec.ts). */
export function contentSecurityPolicy(options: { mapTileUrl: string | null | undefined }): Record<string, string[]> {
  const tileOrigin = tileServerOrigin(options.mapTileUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Mantine writes its theme variables into a <style> element and components set style attributes; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: and blob: for the map's SVG ship icons, canvas exports and downloads made in the browser.
    'img-src': ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the realtime WebSocket on the same host in current browsers; ws:/wss: of the same host for older ones.
    'connect-src': ["'self'", 'ws:', 'wss:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

function tileServerOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    // The template's {s}/{z}/{x}/{y} placeholders may sit in the host (a.tile..., {s}.tile...): allow that host's subdomains.
    const parsed = new URL(url.replace(/\{s\}\./, 'x.').replace(/\{[a-z]\}/g, '0'));
    return url.includes('{s}.') ? `${parsed.protocol}//*.${parsed.host.replace(/^x\./, '')}` : parsed.origin;
  } catch {
    return null;
  }
}

/** The headers helmet sets with our options, read once by running its middleware against a recording response. */
export function securityHeaders(options: { secureCookies: boolean; mapTileUrl: string | null | undefined }): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    // HSTS only makes sense over HTTPS, which SECURE_COOKIES says the deployment has.
    strictTransportSecurity: options.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // The app loads nothing cross-origin that would need these relaxed; the defaults (same-origin) stand.
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Headers that only act on documents a browser renders (HTML): prefetching, IE's download and XSS switches, Adobe's
 * cross-domain policies, agent clusters and the opener of a window. A JSON answer leaves them out; it keeps the policy
 * (its frame-ancestors), nosniff, the referrer policy, X-Frame-Options, CORP and HSTS, the set the OWASP REST Security
 * Cheat Sheet lists for APIs. Every header costs every answer (docs/performance.md, "Cached list pages").
 */
export const DOCUMENT_ONLY_HEADERS = ['x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'origin-agent-cluster', 'cross-origin-opener-policy'] as const;

/** API answers are JSON, except the reference page under the API's path. */
function isApiAnswer(url: string): boolean {
  return url.startsWith(`${API_PREFIX}/`) && !url.startsWith(`${API_PREFIX}/docs`);
}

export function registerSecurityHeaders(app: FastifyInstance, options: { secureCookies: boolean; mapTileUrl: string | null | undefined }): void {
  const documentHeaders = securityHeaders(options);
  const apiHeaders = Object.fromEntries(Object.entries(documentHeaders).filter(([name]) => !(DOCUMENT_ONLY_HEADERS as readonly string[]).includes(name)));
  // onRequest, so errors, 404s and the static files carry them too.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApiAnswer(request.url) ? apiHeaders : documentHeaders);
    done();
  });
}
