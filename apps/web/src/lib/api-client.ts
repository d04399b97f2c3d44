// The one fetch wrapper for /api/portal/v1: token headers, query strings for GET, JSON bodies otherwise, envelope unwrapping.
import { API_PREFIX, ZErrorCode, type TErrorCode, type TFieldError } from '@quayline/domain';
import { getProxyToken, getToken, setProxyToken } from './storage';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type TQueryValue = string | number | boolean | null | undefined;

/** 'NETWORK' when no response arrived, 'HTTP' for a non-OK answer that is not an envelope. */
export type TApiErrorCode = TErrorCode | 'NETWORK' | 'HTTP';

export class ApiError extends Error {
  readonly code: TApiErrorCode;
  readonly httpStatus: number;
  readonly fieldErrors: TFieldError[];
  readonly current: unknown;

  constructor(options: { message: string; code: TApiErrorCode; httpStatus: number; fieldErrors?: TFieldError[]; current?: unknown }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.httpStatus = options.httpStatus;
    this.fieldErrors = options.fieldErrors ?? [];
    this.current = options.current;
  }

  get isUnauthorized(): boolean {
    return this.httpStatus === 401 || this.code === 'UNAUTHORIZED';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function toQueryString(params: Record<string, TQueryValue> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type TEnvelopeLike = { status: { status: string; message?: string }; payload?: unknown };

function isEnvelope(body: unknown): body is TEnvelopeLike {
  if (typeof body !== 'object' || body === null || !('status' in body)) return false;
  const status = (body as { status: unknown }).status;
  return typeof status === 'object' && status !== null && typeof (status as { status?: unknown }).status === 'string';
}

function readErrorPayload(payload: unknown): { fieldErrors: TFieldError[]; current: unknown } {
  if (typeof payload !== 'object' || payload === null) return { fieldErrors: [], current: undefined };
  const { errors, current } = payload as { errors?: unknown; current?: unknown };
  const fieldErrors = Array.isArray(errors)
    ? errors.filter((e): e is TFieldError => typeof e === 'object' && e !== null && typeof e.path === 'string' && typeof e.message === 'string')
    : [];
  return { fieldErrors, current };
}

/**
 * A proxy token that has run out answers 403 PROXY_EXPIRED on any request. The client then drops the token at
 * once (the server has cleared its cookie) and tells the shell, which returns to the own session with a notice.
 */
export type TProxyExpiredListener = (message: string) => void;
const proxyExpiredListeners = new Set<TProxyExpiredListener>();

export function onProxyExpired(listener: TProxyExpiredListener): () => void {
  proxyExpiredListeners.add(listener);
  return () => void proxyExpiredListeners.delete(listener);
}

function reportProxyExpired(usedToken: string | null, message: string): void {
  // Several requests can fail with the same dead token; only the first one (the token is still stored) reports.
  if (usedToken !== null && getProxyToken() !== usedToken) return;
  setProxyToken(null);
  for (const listener of proxyExpiredListeners) listener(message);
}

/**
 * A 401 on a request of the signed-in area means the session has ended (it ran out, or the user signed out in
 * another window). The shell listens and blocks the screen until the user signs in again.
 */
export type TSessionEndedListener = () => void;
const sessionEndedListeners = new Set<TSessionEndedListener>();

export function onSessionEnded(listener: TSessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => void sessionEndedListeners.delete(listener);
}

export type TRequestOptions = {
  method?: THttpMethod;
  /** GET: sent as query string. Other methods: sent as JSON body; omit for an empty body. */
  payload?: unknown;
  /** Query parameters for non-GET calls that take them (e.g. the e-mail notification setting). */
  query?: Record<string, TQueryValue>;
  signal?: AbortSignal;
};

export async function apiRequest<T>(path: string, options: TRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  const proxyToken = getProxyToken();
  if (token) headers['X-PORTAL-TOKEN'] = token;
  if (proxyToken) headers['X-PORTAL-PROXY-TOKEN'] = proxyToken;

  let url = `${API_PREFIX}${path}`;
  let body: string | undefined;
  if (method === 'GET') {
    url += toQueryString(options.payload as Record<string, TQueryValue> | undefined);
  } else {
    url += toQueryString(options.query);
    // An empty body goes without Content-Type: JSON parsers reject an empty application/json body.
    if (options.payload !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.payload);
    }
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ message: 'Network request failed', code: 'NETWORK', httpStatus: 0 });
  }

  if (response.status === 401) for (const listener of sessionEndedListeners) listener();

  let parsed: unknown = undefined;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }

  if (isEnvelope(parsed)) {
    const { status, message } = parsed.status;
    if (status === 'SUCCESS') return parsed.payload as T;
    const known = ZErrorCode.safeParse(status);
    const { fieldErrors, current } = readErrorPayload(parsed.payload);
    if (status === 'PROXY_EXPIRED') reportProxyExpired(proxyToken, message ?? status);
    throw new ApiError({
      message: message ?? status,
      code: known.success ? known.data : 'HTTP',
      httpStatus: response.status,
      fieldErrors,
      current,
    });
  }

  if (!response.ok) {
    throw new ApiError({ message: `Error: ${response.status} ${response.statusText}`, code: 'HTTP', httpStatus: response.status });
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, payload?: Record<string, TQueryValue>, signal?: AbortSignal) => apiRequest<T>(path, { method: 'GET', payload, signal }),
  post: <T>(path: string, payload?: unknown) => apiRequest<T>(path, { method: 'POST', payload }),
  put: <T>(path: string, payload?: unknown, query?: Record<string, TQueryValue>) => apiRequest<T>(path, { method: 'PUT', payload, query }),
  patch: <T>(path: string, payload?: unknown) => apiRequest<T>(path, { method: 'PATCH', payload }),
  delete: <T>(path: string, payload?: unknown) => apiRequest<T>(path, { method: 'DELETE', payload }),
};

/** The server's own words for a refused request: its field messages, when it gave any. */
export function fieldErrorText(error: unknown): string | null {
  return isApiError(error) && error.fieldErrors.length > 0 ? error.fieldErrors.map((e) => e.message).join('; ') : null;
}

/** The server's field messages, else the error's own message. */
export function reasonOf(error: unknown): string {
  return fieldErrorText(error) ?? (error instanceof Error ? error.message : String(error));
}
