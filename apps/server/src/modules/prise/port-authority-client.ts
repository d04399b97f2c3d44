// The adapter to the port authority (system kind 'pcs'): submits a notice and asks for its answer, with basic auth,
// a timeout, and answers checked against the protocol's schemas.
import type { TPortAuthorityConfig } from '../../config';
import { type TPortAuthorityAnswer, type TPortAuthoritySubmission, ZPortAuthorityAnswer, ZPortAuthorityReceipt } from './port-authority-protocol';

export class PortAuthorityError extends Error {
  /** The HTTP status the authority answered, or null when it could not be reached. */
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}

export type TPortAuthorityClient = {
  submit(submission: TPortAuthoritySubmission): Promise<{ reference: string }>;
  fetchAnswer(reference: string): Promise<TPortAuthorityAnswer>;
};

export function createPortAuthorityClient(config: TPortAuthorityConfig & { url: string }): TPortAuthorityClient {
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString('base64')}`;
  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${config.url}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (err) {
      throw new PortAuthorityError(`The port authority could not be reached (${err instanceof Error ? err.message : String(err)}).`, null);
    }
    const text = await res.text();
    if (!res.ok) throw new PortAuthorityError(`The port authority answered ${res.status}.`, res.status);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new PortAuthorityError('The port authority answered something that is not JSON.', res.status);
    }
  }
  function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: unknown): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new PortAuthorityError('The port authority answered in an unexpected shape.', null);
    return parsed.data;
  }
  return {
    async submit(submission) {
      return parse(ZPortAuthorityReceipt, await request('POST', '/notices', submission));
    },
    async fetchAnswer(reference) {
      return parse(ZPortAuthorityAnswer, await request('GET', `/notices/${encodeURIComponent(reference)}`));
    },
  };
}
