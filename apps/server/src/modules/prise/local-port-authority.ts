// A port authority the project runs itself (demo and tests): an HTTP server speaking the PRISE protocol of
// docs/prise.md that decides deterministically from the notice's draft, the channel limit and the predicted tide.
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tideModelAt } from '../tides/tide.service';
import { type TPortAuthorityAnswer, ZPortAuthoritySubmission } from './port-authority-protocol';

/** The Elbe's tide-independent draft after the 2019-2021 fairway adjustment (hafen-hamburg.de). */
export const DEFAULT_CHANNEL_DEPTH_M = 13.5;
/** At most this much of the predicted tide counts on top (the tide-dependent part, about 1.5 m on the Elbe). */
export const DEFAULT_MAX_TIDE_ALLOWANCE_M = 1.5;
/** Hamburg St. Pauli, the DEHAM reference point: the tide used when no other position is configured. */
const HAMBURG = { latitude: 53.5461, longitude: 9.9661 };
const HOUR_MS = 3_600_000;
const STEP_MS = 10 * 60_000;
/** How far after the requested time a shifted window is looked for. */
const SEARCH_HOURS = 12;

export type TDecisionOptions = {
  channelDepthM: number;
  maxTideAllowanceM: number;
  /** Predicted height of tide above chart datum at a time, metres (null: no tide, the channel depth only). */
  tideAt: (t: Date) => number | null;
};

export type TDecision = Omit<TPortAuthorityAnswer, 'reference'>;
const fmt = (m: number) => m.toFixed(2);
const hhmm = (t: Date) => t.toISOString().slice(11, 16);

/** The channel limit at a time: the fixed depth plus the predicted tide, capped. */
export function channelLimitAt(t: Date, options: TDecisionOptions): number {
  const tide = options.tideAt(t);
  return options.channelDepthM + Math.min(options.maxTideAllowanceM, Math.max(0, tide ?? 0));
}

/**
 * Approves a draft within the limit at the passage time (berth arrival); else offers the first time within 12 h at which
 * it fits, as a two-hour window (partially approved, WINDOW_SHIFTED); else rejects (DRAFT_EXCEEDS_CHANNEL_LIMIT).
 */
export function decideNotice(args: { draftInboundM: number | null; passageAt: string }, options: TDecisionOptions): TDecision {
  const draft = args.draftInboundM ?? 0;
  const at = new Date(args.passageAt);
  const limitThen = channelLimitAt(at, options);
  if (draft <= limitThen) return { status: 'approved', message: null, code: null, accepted_window: null };
  for (let t = at.getTime() + STEP_MS; t <= at.getTime() + SEARCH_HOURS * HOUR_MS; t += STEP_MS) {
    const when = new Date(t);
    if (draft <= channelLimitAt(when, options)) {
      const from = new Date(t - HOUR_MS);
      const to = new Date(t + HOUR_MS);
      return {
        status: 'partially_approved',
        message: `Draft ${fmt(draft)} m exceeds the channel limit of ${fmt(limitThen)} m at ${hhmm(at)} UTC; passage approved for ${hhmm(from)}-${hhmm(to)} UTC on ${from.toISOString().slice(0, 10)}.`,
        code: 'WINDOW_SHIFTED',
        accepted_window: { from: from.toISOString(), to: to.toISOString() },
      };
    }
  }
  const best = options.channelDepthM + options.maxTideAllowanceM;
  return {
    status: 'rejected',
    message: `Draft ${fmt(draft)} m exceeds the channel limit (${fmt(options.channelDepthM)} m + at most ${fmt(options.maxTideAllowanceM)} m tide = ${fmt(best)} m); the limit at ${hhmm(at)} UTC is ${fmt(limitThen)} m and no tide within ${SEARCH_HOURS} h carries it.`,
    code: 'DRAFT_EXCEEDS_CHANNEL_LIMIT',
    accepted_window: null,
  };
}

export type TLocalPortAuthorityOptions = {
  /** 0: any free port. */
  port?: number;
  host?: string;
  channelDepthM?: number;
  maxTideAllowanceM?: number;
  /** Where the tide is predicted (default Hamburg St. Pauli). */
  latitude?: number;
  longitude?: number;
  /** A fixed tide for tests: metres above chart datum at any time. */
  tideAt?: (t: Date) => number | null;
  /** How long an answer stays 'pending' after the submission, ms (default 1 000; tests 0). */
  answerDelayMs?: number;
  username?: string;
  password?: string;
  /** Answer every request with 503 (tests of an unreachable authority). */
  isDown?: boolean;
};

export type TLocalPortAuthority = {
  url: string;
  username: string;
  password: string;
  /** The submissions received, in order (tests look at them). */
  received: { reference: string; portcall_id: number; submission_no: number }[];
  setDown(isDown: boolean): void;
  close(): Promise<void>;
};

export const LOCAL_PORT_AUTHORITY_USER = 'quayline';
export const LOCAL_PORT_AUTHORITY_PASSWORD = 'local-port-authority';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 256 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startLocalPortAuthority(options: TLocalPortAuthorityOptions = {}): Promise<TLocalPortAuthority> {
  const username = options.username ?? LOCAL_PORT_AUTHORITY_USER;
  const password = options.password ?? LOCAL_PORT_AUTHORITY_PASSWORD;
  const expectedAuth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const model = options.tideAt ? null : tideModelAt(options.latitude ?? HAMBURG.latitude, options.longitude ?? HAMBURG.longitude);
  const decision: TDecisionOptions = {
    channelDepthM: options.channelDepthM ?? DEFAULT_CHANNEL_DEPTH_M,
    maxTideAllowanceM: options.maxTideAllowanceM ?? DEFAULT_MAX_TIDE_ALLOWANCE_M,
    tideAt: options.tideAt ?? ((t) => (model ? model.heightAt(t.getTime()) : null)),
  };
  const delayMs = options.answerDelayMs ?? 1_000;
  const notices = new Map<string, { decided: TDecision; availableAt: number }>();
  const received: TLocalPortAuthority['received'] = [];
  let isDown = options.isDown ?? false;

  const server = createServer((req, res) => {
    void (async () => {
      if (isDown) return send(res, 503, { error: 'unavailable' });
      if (req.headers.authorization !== expectedAuth) return send(res, 401, { error: 'unauthorized' });
      const url = new URL(req.url ?? '/', 'http://local');
      if (req.method === 'POST' && url.pathname === '/notices') {
        const parsed = ZPortAuthoritySubmission.safeParse(JSON.parse((await readBody(req)) || 'null'));
        if (!parsed.success) return send(res, 400, { error: 'invalid notice', issues: parsed.error.issues.slice(0, 5) });
        const { content, portcall_id, submission_no } = parsed.data;
        const reference = `PRISE-${randomUUID()}`;
        notices.set(reference, { decided: decideNotice({ draftInboundM: content.draft_inbound_m, passageAt: content.berth_arrival }, decision), availableAt: Date.now() + delayMs });
        received.push({ reference, portcall_id, submission_no });
        return send(res, 202, { reference });
      }
      const match = /^\/notices\/([A-Za-z0-9-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const notice = notices.get(match[1]!);
        if (!notice) return send(res, 404, { error: 'unknown reference' });
        const answer: TPortAuthorityAnswer =
          Date.now() < notice.availableAt ? { reference: match[1]!, status: 'pending', message: null, code: null, accepted_window: null } : { reference: match[1]!, ...notice.decided };
        return send(res, 200, answer);
      }
      return send(res, 404, { error: 'not found' });
    })().catch(() => send(res, 400, { error: 'bad request' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    username,
    password,
    received,
    setDown(down) {
      isDown = down;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
