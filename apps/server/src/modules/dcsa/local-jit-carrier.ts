// A carrier's DCSA JIT 2.0 system that the project runs itself (the demo's Nordic Line system, `npm run jit-carrier`,
// the scenario test, the bench):
// an HTTP endpoint that takes what Quayline sends (each body checked against the official YAML, answered 204 as the
// standard says, or 400 with its ErrorResponse), and a client that drives Quayline's JIT endpoints with an API key,
// checking every body it sends and every answer it gets against the same YAML.
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TJitSchemaName, requestSchemaOfPath, standardProblems } from './jit-standard';

export type TReceivedJitMessage = {
  method: string;
  path: string;
  apiVersion: string | undefined;
  body: unknown;
  /** The standard's schema of the operation, and what in the body breaks it (empty when it conforms). */
  schema: TJitSchemaName | null;
  problems: string[];
  /** When the request was read, by the process's monotonic clock (performance.now()). */
  receivedAt: number;
};

export type TJitCarrierEndpoint = {
  url: string;
  received: TReceivedJitMessage[];
  /** Decides the HTTP status of the next answers (default 204; a 4xx/5xx tests Quayline's retries). */
  answerWith(status: (message: TReceivedJitMessage) => number): void;
  /** Resolves with the first message received so far or later that matches. */
  waitFor(match: (message: TReceivedJitMessage) => boolean, timeoutMs?: number): Promise<TReceivedJitMessage>;
  close(): Promise<void>;
};

const JIT_PATH = /^\/(port-calls|terminal-calls|port-call-services|timestamps|vessel-statuses)(\/|$)/;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1_000_000) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function errorResponse(method: string, uri: string, status: number, message: string, problems: string[]) {
  return {
    httpMethod: method,
    requestUri: uri.slice(0, 2000),
    statusCode: status,
    statusCodeText: status === 400 ? 'Bad Request' : 'Error',
    statusCodeMessage: message.slice(0, 200),
    providerCorrelationReference: randomUUID(),
    errorDateTime: new Date().toISOString(),
    errors: (problems.length ? problems : [message]).slice(0, 20).map((p) => ({ errorCode: 7003, errorCodeText: 'invalidInput', errorCodeMessage: p.slice(0, 5000) })),
  };
}

/** Starts the endpoint; `pathPrefix` is where its JIT paths begin (the part of the URL given to Quayline). */
export async function startJitCarrierEndpoint(options: { port?: number; host?: string; pathPrefix?: string; onMessage?: (m: TReceivedJitMessage) => void } = {}): Promise<TJitCarrierEndpoint> {
  const prefix = (options.pathPrefix ?? '/jit').replace(/\/+$/, '');
  const received: TReceivedJitMessage[] = [];
  const waiters = new Set<{ match: (m: TReceivedJitMessage) => boolean; resolve: (m: TReceivedJitMessage) => void }>();
  let answer: (m: TReceivedJitMessage) => number = () => 204;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = performance.now();
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const path = url.startsWith(prefix) ? url.slice(prefix.length) : url;
    res.setHeader('API-Version', '2.0.0');
    if (!JIT_PATH.test(path) || (method !== 'PUT' && method !== 'POST')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(errorResponse(method, url, 404, 'Not a JIT operation this system takes', [])));
      return;
    }
    const text = await readBody(req);
    let body: unknown = null;
    let problems: string[] = [];
    let schema: TJitSchemaName | null = null;
    try {
      body = JSON.parse(text);
      schema = requestSchemaOfPath(method, path);
      problems = schema ? standardProblems(schema, body, 'request') : [];
    } catch (err) {
      problems = [err instanceof Error ? err.message : String(err)];
    }
    const apiVersion = typeof req.headers['api-version'] === 'string' ? req.headers['api-version'] : undefined;
    if (apiVersion !== undefined && apiVersion !== '2') problems.push(`API-Version ${apiVersion} is not the major version 2`);
    const message: TReceivedJitMessage = { method, path, apiVersion, body, schema, problems, receivedAt };
    received.push(message);
    options.onMessage?.(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.delete(w);
        w.resolve(message);
      }
    }
    if (problems.length) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(errorResponse(method, url, 400, `Not a DCSA JIT 2.0.0 ${schema ?? 'request'}`, problems)));
      return;
    }
    const status = answer(message);
    if (status === 204) res.writeHead(204).end();
    else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(errorResponse(method, url, status, 'Refused by the local carrier', [])));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}${prefix}`,
    received,
    answerWith(fn) {
      answer = fn;
    },
    waitFor(match, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`No matching JIT message within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs).unref();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------- the client side

export type TJitAnswer = { status: number; body: unknown; apiVersion: string | undefined };
/** How the client reaches Quayline: over HTTP (fetch), or app.inject() in tests. `path` starts after /api/dcsa/jit/v2. */
export type TJitTransport = (method: 'GET' | 'PUT' | 'POST', path: string, headers: Record<string, string>, body: unknown) => Promise<TJitAnswer>;

/** The JIT endpoints of a test app through app.inject(). */
export function injectTransport(t: { app: { inject: (opts: { method: 'GET' | 'PUT' | 'POST'; url: string; headers: Record<string, string>; payload?: object }) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown }> } }): TJitTransport {
  return async (method, path, headers, body) => {
    const res = await t.app.inject({ method, url: `/api/dcsa/jit/v2${path}`, headers, ...(body !== undefined ? { payload: body as object } : {}) });
    const version = res.headers['api-version'];
    return { status: res.statusCode, body: res.body ? res.json() : null, apiVersion: typeof version === 'string' ? version : undefined };
  };
}

export function fetchTransport(baseUrl: string): TJitTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async (method, path, headers, body) => {
    const res = await fetch(`${base}${path}`, { method, headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, apiVersion: res.headers.get('api-version') ?? undefined };
  };
}

const LIST_SCHEMA: Record<string, TJitSchemaName> = { '/port-calls': 'PortCall', '/terminal-calls': 'TerminalCall', '/port-call-services': 'PortCallService', '/timestamps': 'Timestamp', '/vessel-statuses': 'VesselStatus' };

export type TJitCarrierClient = {
  send(method: 'PUT' | 'POST', path: string, body: unknown): Promise<TJitAnswer>;
  get(path: string): Promise<TJitAnswer>;
  /** Every request body and answer checked, with what broke the standard (empty when all conformed). */
  readonly problems: string[];
};

/** A client with a counterparty's API key; it refuses to send a body off the standard and records answers off it. */
export function createJitCarrierClient(transport: TJitTransport, apiKey: string): TJitCarrierClient {
  const problems: string[] = [];
  const headers = { authorization: `Bearer ${apiKey}`, 'api-version': '2' };
  function checkAnswer(method: string, path: string, answer: TJitAnswer): void {
    if (answer.apiVersion !== '2.0.0') problems.push(`${method} ${path}: API-Version ${answer.apiVersion ?? '(none)'}`);
    if (answer.status >= 400) problems.push(...standardProblems('ErrorResponse', answer.body, 'response').map((p) => `${method} ${path} ErrorResponse: ${p}`));
  }
  return {
    problems,
    async send(method, path, body) {
      const schema = requestSchemaOfPath(method, path);
      const wrong = schema ? standardProblems(schema, body, 'request') : [];
      if (wrong.length) throw new Error(`The carrier would send a body off the standard (${schema}): ${wrong.join('; ')}`);
      const answer = await transport(method, path, headers, body);
      checkAnswer(method, path, answer);
      return answer;
    },
    async get(path) {
      const answer = await transport('GET', path, headers, undefined);
      checkAnswer('GET', path, answer);
      const schema = LIST_SCHEMA[path.split('?')[0]!];
      if (answer.status === 200 && schema && Array.isArray(answer.body)) for (const o of answer.body) problems.push(...standardProblems(schema, o, 'response').map((p) => `GET ${path} ${schema}: ${p}`));
      return answer;
    },
  };
}

export type TScenarioCall = { portCallID: string; terminalCallID: string; arrivalServiceID: string; departureServiceID: string; timestamps: string[] };

/**
 * The carrier's opening of a call as DCSA's conformance scenarios have it: the port call, the terminal call, the berth
 * arrival and departure services, and the requested times (REQ) for both. Throws on any answer but 204.
 */
export async function openJitCall(
  client: TJitCarrierClient,
  args: { unlocode: string; imo: string; vesselName?: string; lengthOverall?: number; width?: number; serviceName?: string; serviceCode?: string; importVoyage?: string; exportVoyage?: string; arrival: string; departure: string },
): Promise<TScenarioCall> {
  const call: TScenarioCall = { portCallID: randomUUID(), terminalCallID: randomUUID(), arrivalServiceID: randomUUID(), departureServiceID: randomUUID(), timestamps: [] };
  const expect204 = async (what: string, p: Promise<TJitAnswer>) => {
    const answer = await p;
    if (answer.status !== 204) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  await expect204('port call', client.send('PUT', `/port-calls/${call.portCallID}`, { portCallID: call.portCallID, UNLocationCode: args.unlocode, vessel: { vesselIMONumber: args.imo, name: args.vesselName ?? 'JIT CARRIER VESSEL', lengthOverall: args.lengthOverall ?? 200, width: args.width ?? 32, dimensionUnit: 'MTR', typeCode: 'CONT' } }));
  await expect204('terminal call', client.send('PUT', `/terminal-calls/${call.terminalCallID}`, { terminalCallID: call.terminalCallID, portCallID: call.portCallID, carrierServiceName: args.serviceName ?? 'Local Carrier Loop', carrierServiceCode: args.serviceCode ?? 'LCL1', carrierImportVoyageNumber: args.importVoyage ?? '001N', ...(args.exportVoyage ? { carrierExportVoyageNumber: args.exportVoyage } : {}) }));
  for (const [id, event] of [[call.arrivalServiceID, 'ARRI'], [call.departureServiceID, 'DEPA']] as const) {
    await expect204(`berth ${event}`, client.send('PUT', `/port-call-services/${id}`, { terminalCallID: call.terminalCallID, portCallServiceID: id, portCallServiceTypeCode: 'BERTH', portCallServiceEventTypeCode: event, portCallServiceLocation: { UNLocationCode: args.unlocode } }));
  }
  for (const [id, at] of [[call.arrivalServiceID, args.arrival], [call.departureServiceID, args.departure]] as const) {
    const ts = { timestampID: randomUUID(), portCallServiceID: id, classifierCode: 'REQ', dateTime: at };
    await expect204(`REQ ${at}`, client.send('PUT', `/timestamps/${ts.timestampID}`, ts));
    call.timestamps.push(ts.timestampID);
  }
  return call;
}

/** The fields of a timestamp the carrier reads to answer it. */
type TTimestampSeen = { timestampID: string; portCallServiceID: string; classifierCode: string; dateTime: string; replyToTimestampID?: string; isFYI?: boolean };

/**
 * The carrier's answer to a plan: it accepts it with a REQ of the same time replying to it, which is how the standard
 * has a consumer accept. A copy (isFYI), anything but a PLN, and a PLN that itself accepts the carrier's request (the
 * time of the REQ it replies to, or `lastRequested`: the carrier's latest REQ for the service, when it remembers it)
 * get no answer, so the two sides never echo each other. Returns the REQ it sent.
 */
export async function acceptPlan(client: TJitCarrierClient, message: TReceivedJitMessage, lastRequested?: string): Promise<{ timestamp: TTimestampSeen; answer: TJitAnswer } | null> {
  if (message.problems.length || !message.path.startsWith('/timestamps/')) return null;
  const plan = message.body as TTimestampSeen;
  if (plan.classifierCode !== 'PLN' || plan.isFYI) return null;
  if (lastRequested !== undefined && Date.parse(lastRequested) === Date.parse(plan.dateTime)) return null;
  if (plan.replyToTimestampID) {
    const replied = await client.get(`/timestamps?timestampID=${plan.replyToTimestampID}`);
    const [earlier] = Array.isArray(replied.body) ? (replied.body as TTimestampSeen[]) : [];
    if (earlier?.classifierCode === 'REQ' && Date.parse(earlier.dateTime) === Date.parse(plan.dateTime)) return null;
  }
  const timestamp: TTimestampSeen = { timestampID: randomUUID(), replyToTimestampID: plan.timestampID, portCallServiceID: plan.portCallServiceID, classifierCode: 'REQ', dateTime: plan.dateTime };
  return { timestamp, answer: await client.send('PUT', `/timestamps/${timestamp.timestampID}`, timestamp) };
}
