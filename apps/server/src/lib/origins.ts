// Which browser origins are the app's own: the origin of PUBLIC_URL and those ALLOWED_ORIGINS names.

/** Names a browser may use for this machine; on a local install they are one app (`npm start` on localhost or 127.0.0.1). */
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** The serialised origin of a URL (`https://planner.example.com`, `http://localhost:3000`), or null when it has none. */
export function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origins the app accepts from browsers: each configured one, and for a local one (localhost, 127.0.0.1, [::1])
 * the other two local names with the same scheme and port.
 */
export function buildAllowedOrigins(configured: readonly string[]): ReadonlySet<string> {
  const allowed = new Set<string>();
  for (const url of configured) {
    const origin = originOf(url);
    if (!origin) continue;
    allowed.add(origin);
    const parsed = new URL(origin);
    if (!(LOCAL_HOSTS as readonly string[]).includes(parsed.hostname)) continue;
    for (const host of LOCAL_HOSTS) allowed.add(`${parsed.protocol}//${host}${parsed.port ? `:${parsed.port}` : ''}`);
  }
  return allowed;
}

/** Whether an `Origin` header names one of the allowed origins (`null`, as sandboxed frames send, never does). */
export function isAllowedOrigin(allowed: ReadonlySet<string>, originHeader: string): boolean {
  const origin = originOf(originHeader);
  return origin !== null && allowed.has(origin);
}
