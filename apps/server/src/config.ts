// Reads the process environment once; everything else receives an AppConfig.
import path from 'node:path';
import { originOf } from './lib/origins';
import type { TDatabaseConfig } from './db/database';
import { DEFAULT_RESPONSE_CACHE, type TResponseCacheOptions } from './lib/response-cache';
import { type TRateLimits, readRateLimitConfig } from './plugins/rate-limit-config';

export type { TDatabaseConfig };

/** Where AIS comes from: TCP feeds, a UDP listener for shore receivers, a file replay, the demo recording. */
export type TAisConfig = {
  /** AIS_INGEST=false turns every source off. */
  enabled: boolean;
  /** AIS_TCP_FEEDS: comma-separated host:port. */
  tcpFeeds: { host: string; port: number }[];
  /** AIS_UDP_PORT (0: any free port) and AIS_UDP_HOST (default 0.0.0.0). */
  udp: { host: string; port: number } | null;
  /** AIS_REPLAY_FILE, AIS_REPLAY_SPEED (default 1), AIS_REPLAY_ALIGN ('start' default, or 'now'). */
  replay: { file: string; speed: number; align: 'start' | 'now' } | null;
  /** AIS_RETENTION_DAYS: how long the position track is kept (default 30). */
  retentionDays: number;
  /** AIS_DEMO_REPLAY: replay the generated demo recording (default on when SEED_DEMO is on). */
  demoReplay: boolean;
};

export const DEFAULT_AIS_RETENTION_DAYS = 30;

export type AppConfig = {
  port: number;
  host: string;
  database: TDatabaseConfig;
  seedDemo: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  /** ALLOWED_ORIGINS: browser origins besides PUBLIC_URL's whose pages may write with the session cookie and open the realtime socket. */
  allowedOrigins?: string[];
  webDist: string | null;
  secureCookies: boolean;
  /** Run background jobs (schedule-provider polling) in this process; on for `npm start`, off in tests unless one turns it on. */
  runJobs?: boolean;
  /** AIS ingest; absent (tests) means no sources unless a test starts them. */
  ais?: TAisConfig;
  /** MAP_TILE_URL (e.g. https://tiles.example/{z}/{x}/{y}.png) and MAP_TILE_ATTRIBUTION; absent: the map's offline base layer only. */
  mapTileUrl?: string | null;
  mapTileAttribution?: string | null;
  /** PORTCAST_URL and PORTCAST_API_KEY: the Portcast ETA provider beside the built-in prediction; absent: off. */
  portcast?: TPortcastConfig | null;
  /** PRISE pre-arrival notices: the port authority's adapter; absent or without a URL, notices are not applicable. */
  portAuthority?: TPortAuthorityConfig | null;
  /**
   * JIT_DEMO_CARRIER (default on with SEED_DEMO): the demo connects Nordic Line's JIT system, the local carrier run
   * in-process (docs/dcsa-jit.md); absent (tests): off unless a test turns it on.
   */
  jitDemoCarrier?: boolean;
  /** RATE_LIMIT_* (docs/security.md "Rate limits"); absent: the defaults of plugins/rate-limit-config.ts. */
  rateLimits?: Partial<TRateLimits>;
  /** TRUST_PROXY: which peers' X-Forwarded-For to believe for the client IP (default: private-network peers). */
  trustProxy?: boolean | string;
  /** METRICS_TOKEN: turns GET /metrics on, for scrapers sending it as a bearer token; absent: /metrics answers 404. */
  metricsToken?: string | null;
  /** RESPONSE_CACHE_TTL_MS and RESPONSE_CACHE_MAX_MB: cached port-call list pages (docs/performance.md); null: off. Absent: the defaults. */
  responseCache?: TResponseCacheOptions | null;
};

export type TPortAuthorityConfig = {
  /** PORT_AUTHORITY_URL; null: no port authority (the demo then starts the local one in-process). */
  url: string | null;
  /** PORT_AUTHORITY_USERNAME / PORT_AUTHORITY_PASSWORD: basic auth. */
  username: string;
  password: string;
  /** PORT_AUTHORITY_PORTS: UN/LOCODEs of the ports where PRISE applies (default DEHAM). */
  ports: string[];
  /** PORT_AUTHORITY_TIMEOUT_MS (default 10 000) per request. */
  timeoutMs: number;
  /** True when the app started the local port authority itself (demo); shown in the start banner. */
  isLocal?: boolean;
};

export function readPortAuthorityConfig(env: NodeJS.ProcessEnv): TPortAuthorityConfig {
  const timeoutMs = Number(env.PORT_AUTHORITY_TIMEOUT_MS ?? 10_000);
  const ports = (env.PORT_AUTHORITY_PORTS ?? 'DEHAM')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  return {
    url: env.PORT_AUTHORITY_URL?.trim().replace(/\/$/, '') || null,
    username: env.PORT_AUTHORITY_USERNAME ?? '',
    password: env.PORT_AUTHORITY_PASSWORD ?? '',
    ports,
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 10_000,
  };
}

export type TPortcastConfig = {
  url: string;
  apiKey: string;
  /** PORTCAST_HORIZON_DAYS (default 14): calls further ahead are not asked about. */
  horizonDays: number;
  /** PORTCAST_TIMEOUT_MS (default 10 000) per request. */
  timeoutMs: number;
};

export function readPortcastConfig(env: NodeJS.ProcessEnv): TPortcastConfig | null {
  const url = env.PORTCAST_URL?.trim();
  const apiKey = env.PORTCAST_API_KEY?.trim();
  if (!url || !apiKey) return null;
  const horizonDays = Number(env.PORTCAST_HORIZON_DAYS ?? 14);
  const timeoutMs = Number(env.PORTCAST_TIMEOUT_MS ?? 10_000);
  return {
    url: url.replace(/\/$/, ''),
    apiKey,
    horizonDays: Number.isFinite(horizonDays) && horizonDays > 0 ? horizonDays : 14,
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 10_000,
  };
}

/** Days of AIS track to keep (the retention job deletes older positions). */
export function aisRetentionDays(config: AppConfig): number {
  return config.ais?.retentionDays ?? DEFAULT_AIS_RETENTION_DAYS;
}

export function readAisConfig(env: NodeJS.ProcessEnv, seedDemo: boolean, cwd: string): TAisConfig {
  const tcpFeeds = (env.AIS_TCP_FEEDS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((feed) => {
      const at = feed.lastIndexOf(':');
      const port = Number(feed.slice(at + 1));
      if (at <= 0 || !Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`AIS_TCP_FEEDS: expected host:port, got ${JSON.stringify(feed)}`);
      return { host: feed.slice(0, at), port };
    });
  const udpPort = env.AIS_UDP_PORT?.trim();
  const replayFile = env.AIS_REPLAY_FILE?.trim();
  const speed = Number(env.AIS_REPLAY_SPEED ?? 1);
  const align = env.AIS_REPLAY_ALIGN ?? 'start';
  if (align !== 'start' && align !== 'now') throw new Error(`AIS_REPLAY_ALIGN: expected start or now, got ${JSON.stringify(align)}`);
  const retentionDays = Number(env.AIS_RETENTION_DAYS ?? DEFAULT_AIS_RETENTION_DAYS);
  return {
    enabled: env.AIS_INGEST !== 'false',
    tcpFeeds,
    udp: udpPort ? { host: env.AIS_UDP_HOST?.trim() || '0.0.0.0', port: Number(udpPort) } : null,
    replay: replayFile ? { file: path.resolve(cwd, replayFile), speed: Number.isFinite(speed) && speed > 0 ? speed : 1, align } : null,
    retentionDays: Number.isFinite(retentionDays) && retentionDays > 0 ? retentionDays : DEFAULT_AIS_RETENTION_DAYS,
    demoReplay: (env.AIS_DEMO_REPLAY ?? (seedDemo ? 'true' : 'false')) !== 'false',
  };
}

/** ALLOWED_ORIGINS: comma-separated origins (scheme, host and port, e.g. https://planner.example.com); a path is ignored. */
export function readAllowedOrigins(env: NodeJS.ProcessEnv): string[] {
  return (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const origin = originOf(entry);
      if (!origin || !/^https?:$/.test(new URL(origin).protocol)) throw new Error(`ALLOWED_ORIGINS: expected origins like https://planner.example.com, got ${JSON.stringify(entry)}`);
      return origin;
    });
}

/** Proxies believed by default: peers on private networks (a load balancer beside the servers), never public ones. */
export const DEFAULT_TRUST_PROXY = 'loopback,linklocal,uniquelocal';

/** TRUST_PROXY: 'true' (every hop, spoofable), 'false' (the socket's address), or comma-separated proxy addresses/CIDRs. */
export function readTrustProxy(env: NodeJS.ProcessEnv): boolean | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return DEFAULT_TRUST_PROXY;
  // Fastify takes a bare hop count as "trust nothing"; say so instead of silently counting the balancer as the client.
  if (/^\d+$/.test(raw)) throw new Error(`TRUST_PROXY: give the proxies' addresses or CIDRs, true or false; a hop count (${raw}) is not supported`);
  return raw === 'true' || raw === 'false' ? raw === 'true' : raw;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL?.trim();
  const seedDemo = (env.SEED_DEMO ?? 'true') !== 'false';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data') },
    seedDemo,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM ?? 'Quayline <no-reply@quayline.test>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    allowedOrigins: readAllowedOrigins(env),
    webDist: env.WEB_DIST ?? null,
    secureCookies: env.SECURE_COOKIES === 'true',
    runJobs: env.RUN_JOBS !== 'false',
    ais: readAisConfig(env, seedDemo, cwd),
    mapTileUrl: env.MAP_TILE_URL?.trim() || null,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION?.trim() || null,
    portcast: readPortcastConfig(env),
    portAuthority: readPortAuthorityConfig(env),
    jitDemoCarrier: seedDemo && env.JIT_DEMO_CARRIER !== 'false',
    rateLimits: readRateLimitConfig(env),
    trustProxy: readTrustProxy(env),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    responseCache: readResponseCacheConfig(env),
  };
}

/** RESPONSE_CACHE_TTL_MS=0 turns the cache off; a value that is not a number is a mistake worth stopping for. */
export function readResponseCacheConfig(env: NodeJS.ProcessEnv): TResponseCacheOptions | null {
  const number = (name: string, fallback: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name}: expected a number of at least 0, got ${JSON.stringify(raw)}`);
    return value;
  };
  const ttlMs = number('RESPONSE_CACHE_TTL_MS', DEFAULT_RESPONSE_CACHE.ttlMs);
  const maxBytes = number('RESPONSE_CACHE_MAX_MB', DEFAULT_RESPONSE_CACHE.maxBytes / 1024 / 1024) * 1024 * 1024;
  return ttlMs > 0 && maxBytes > 0 ? { ttlMs, maxBytes } : null;
}
