// One HTTP client for DCSA OVS v3 (GET {base}/v3/service-schedules) and the two provider adapters over it. Errors come
// out classified, so a sync run can record what went wrong and the provider can back off.
import { OVS_API_VERSION, type TOvsServiceSchedule, type TScheduleProviderKind, ZOvsServiceSchedules } from '@quayline/domain';

export const OVS_ERROR_KINDS = ['timeout', 'http_5xx', 'bad_credentials', 'bad_payload', 'network', 'http_4xx'] as const;
export type TOvsErrorKind = (typeof OVS_ERROR_KINDS)[number];

export class OvsFetchError extends Error {
  readonly kind: TOvsErrorKind;
  constructor(kind: TOvsErrorKind, message: string) {
    super(`${kind}: ${message}`);
    this.kind = kind;
  }
}

export type TFetchSchedulesArgs = {
  baseUrl: string;
  credentials: string | null;
  unlocode: string;
  /** YYYY-MM-DD, the provider's local date filter (OVS matches it against the call's local date). */
  startDate: string;
  endDate: string;
  signal?: AbortSignal;
};

export type TScheduleProviderAdapter = {
  kind: TScheduleProviderKind;
  fetchSchedules(args: TFetchSchedulesArgs): Promise<TOvsServiceSchedule[]>;
};

export type TOvsClientOptions = {
  /** Per request; the whole fetch may take pages x this. */
  timeoutMs: number;
  /** Paging stops here: a provider that keeps answering cursors must not keep a sync running forever. */
  maxPages: number;
};
export const DEFAULT_OVS_CLIENT_OPTIONS: TOvsClientOptions = { timeoutMs: 10_000, maxPages: 20 };

type TAuthHeader = (credentials: string) => Record<string, string>;

/**
 * Neither gnet nor portcast publishes an OVS API we could check, so the auth scheme is our choice (docs/schedules.md):
 * gnet a bearer token, portcast an API key header.
 */
const AUTH: Record<TScheduleProviderKind, TAuthHeader> = {
  gnet: (credentials) => ({ authorization: `Bearer ${credentials}` }),
  portcast: (credentials) => ({ 'x-api-key': credentials }),
};

function describeCause(err: unknown): string {
  const cause = err instanceof Error && 'cause' in err ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

async function fetchPage(url: URL, headers: Record<string, string>, options: TOvsClientOptions, outer: AbortSignal | undefined): Promise<{ body: unknown; nextCursor: string | null }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal });
  } catch (err) {
    if (timeout.aborted) throw new OvsFetchError('timeout', `no answer within ${options.timeoutMs} ms`);
    if (outer?.aborted) throw new OvsFetchError('network', 'the fetch was cancelled');
    throw new OvsFetchError('network', describeCause(err));
  }
  // Only status and size go into errors: bodies and headers may echo credentials.
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new OvsFetchError('bad_credentials', `the provider refused the credentials (HTTP ${response.status})`);
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new OvsFetchError('http_5xx', `the provider answered HTTP ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new OvsFetchError('http_4xx', `the provider answered HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    if (timeout.aborted) throw new OvsFetchError('timeout', `the answer did not complete within ${options.timeoutMs} ms`);
    throw new OvsFetchError('network', describeCause(err));
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OvsFetchError('bad_payload', 'the answer is not JSON');
  }
  return { body, nextCursor: response.headers.get('next-page-cursor') || null };
}

/** Parses an OVS 200 body; a payload that breaks the standard's required fields is a bad_payload error. */
export function parseOvsPayload(body: unknown): TOvsServiceSchedule[] {
  const parsed = ZOvsServiceSchedules.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new OvsFetchError('bad_payload', `the answer breaks OVS ${OVS_API_VERSION}${first ? ` at ${first.path.join('.') || '(root)'}: ${first.message}` : ''}`);
  }
  return parsed.data;
}

/** Fetches all pages of service schedules calling at a UN/LOCODE in a date range, following Next-Page-Cursor. */
export async function fetchOvsServiceSchedules(kind: TScheduleProviderKind, args: TFetchSchedulesArgs, options: TOvsClientOptions = DEFAULT_OVS_CLIENT_OPTIONS): Promise<TOvsServiceSchedule[]> {
  const base = args.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json', 'api-version': OVS_API_VERSION, ...(args.credentials ? AUTH[kind](args.credentials) : {}) };
  const first = new URL(`${base}/v3/service-schedules`);
  first.searchParams.set('UNLocationCode', args.unlocode);
  first.searchParams.set('startDate', args.startDate);
  first.searchParams.set('endDate', args.endDate);
  const schedules: TOvsServiceSchedule[] = [];
  let url: URL | null = first;
  for (let page = 0; url; page++) {
    if (page >= options.maxPages) throw new OvsFetchError('bad_payload', `more than ${options.maxPages} pages; stopped`);
    const { body, nextCursor } = await fetchPage(url, headers, options, args.signal);
    schedules.push(...parseOvsPayload(body));
    // OVS 3.0.2: the next page is asked for with the cursor alone, no other query parameters.
    url = nextCursor ? new URL(`${base}/v3/service-schedules?cursor=${encodeURIComponent(nextCursor)}`) : null;
  }
  return schedules;
}

export function createOvsAdapter(kind: TScheduleProviderKind, options: Partial<TOvsClientOptions> = {}): TScheduleProviderAdapter {
  const merged = { ...DEFAULT_OVS_CLIENT_OPTIONS, ...options };
  return { kind, fetchSchedules: (args) => fetchOvsServiceSchedules(kind, args, merged) };
}

export const gnetAdapter = (options: Partial<TOvsClientOptions> = {}) => createOvsAdapter('gnet', options);
export const portcastAdapter = (options: Partial<TOvsClientOptions> = {}) => createOvsAdapter('portcast', options);
