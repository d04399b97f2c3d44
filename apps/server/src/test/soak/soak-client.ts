// How the soak's virtual users reach the servers: over HTTP, to server processes or to a test's app listening on a
// port (not through inject, so the realtime socket and the HTTP stack are the real ones). Every answer is counted,
// and every 5xx is kept as a finding.
import { API_PREFIX, HEADER_PROXY_TOKEN, HEADER_TOKEN } from '@quayline/domain';

export type TSoakMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type TSoakAnswer = { status: number; body: unknown; text: string };
export type TSoakRequest = { method: TSoakMethod; path: string; headers?: Record<string, string>; body?: unknown; rawBody?: string };

/** One server the virtual users talk to (a process, or the in-process app). */
export type TSoakServer = { name: string; url: string; send(request: TSoakRequest): Promise<TSoakAnswer> };

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** The envelope's `retry_after_seconds` (the Retry-After header in the body): set when the server says when to come back. */
export function retryAfterOf(answer: TSoakAnswer): number | undefined {
  const payload = (answer.body as { payload?: { retry_after_seconds?: unknown } } | null)?.payload;
  return typeof payload?.retry_after_seconds === 'number' ? payload.retry_after_seconds : undefined;
}

/** A server process listening at `url`. */
export function httpServer(name: string, url: string): TSoakServer {
  return {
    name,
    url,
    async send(request) {
      const hasBody = request.body !== undefined || request.rawBody !== undefined;
      const res = await fetch(`${url}${API_PREFIX}${request.path}`, {
        method: request.method,
        headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...request.headers },
        ...(hasBody ? { body: request.rawBody ?? JSON.stringify(request.body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: parse(text), text };
    },
  };
}

export type TSoakRole = 'terminal_operator' | 'vessel_operator' | 'agent' | 'acting';

/** A signed-in person: its session token and, when acting for a colleague, the proxy token. */
export type TSoakSession = { token: string; proxyToken?: string };

export function sessionHeaders(session: TSoakSession | null): Record<string, string> {
  if (!session) return {};
  return { [HEADER_TOKEN]: session.token, ...(session.proxyToken ? { [HEADER_PROXY_TOKEN]: session.proxyToken } : {}) };
}

export type TSoakFinding = { check: string; message: string };

/** What the run did and found: counts by operation kind and role, the statuses seen, and the findings. */
export class SoakRecorder {
  readonly operations = new Map<string, number>();
  readonly byRole = new Map<TSoakRole | 'sweep', number>();
  readonly statuses = new Map<number, number>();
  readonly findings: TSoakFinding[] = [];
  requests = 0;
  serverErrors = 0;
  /** 503s with a time to come back: work turned away on purpose, counted apart from faults. */
  turnedAway = 0;

  /** What the checks looked at (so a report shows they were not empty): e.g. realtime events parsed. */
  readonly checked = new Map<string, number>();

  note(what: string, n = 1): void {
    this.checked.set(what, (this.checked.get(what) ?? 0) + n);
  }

  count(kind: string, role: TSoakRole | 'sweep'): void {
    this.operations.set(kind, (this.operations.get(kind) ?? 0) + 1);
    this.byRole.set(role, (this.byRole.get(role) ?? 0) + 1);
  }

  find(check: string, message: string): void {
    // One line per finding, capped, so a broken run stays readable.
    if (this.findings.length < 500) this.findings.push({ check, message });
  }

  /** Sends a request on a person's behalf and counts its answer; a 5xx is a finding wherever it happens. */
  async send(server: TSoakServer, session: TSoakSession | null, request: TSoakRequest, label: string): Promise<TSoakAnswer> {
    const answer = await server.send({ ...request, headers: { ...sessionHeaders(session), ...request.headers } });
    this.requests++;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    // A 503 with Retry-After is a server turning work away on purpose (the optimizer's runs all taken), as a person
    // is told "try again in a minute"; any other 5xx is a fault.
    const turnedAway = answer.status === 503 && retryAfterOf(answer) !== undefined;
    if (turnedAway) this.turnedAway++;
    else if (answer.status >= 500) {
      this.serverErrors++;
      this.find('no 5xx', `${label}: ${request.method} ${request.path} on ${server.name} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
    return answer;
  }
}
