// Logging (docs/observability.md): pino through Fastify, pretty for a person at a terminal, JSON lines for machines,
// every request line tagged with its request id, and secrets kept out whatever a log call hands in.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import { serializeRequest } from './log-redaction';

export type TLogFormat = 'pretty' | 'json';

export type TLogSettings = {
  level?: string;
  format?: TLogFormat;
  /** Where JSON lines go instead of stdout (tests keep them in memory). */
  destination?: { write(line: string): void };
};

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids from a proxy or client are taken only when short and plain, so they cannot forge log lines or grow them. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Object paths pino replaces with "[redacted]". Our request serializer never logs headers or bodies; these catch
 * anything a log call passes by hand (a request object, a header map, a body) under the usual names.
 */
export const REDACT_PATHS = [
  ...['req', 'request', 'res', 'reply', 'response'].flatMap((holder) => [
    `${holder}.headers.authorization`,
    `${holder}.headers.cookie`,
    `${holder}.headers["set-cookie"]`,
    `${holder}.headers["x-portal-token"]`,
    `${holder}.headers["x-portal-proxy-token"]`,
  ]),
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-portal-token"]',
  'headers["x-portal-proxy-token"]',
  'password',
  'password_confirmation',
  'old_password',
  'new_password',
  'token',
  'proxy_token',
  'credentials',
  '*.password',
  '*.password_confirmation',
  '*.old_password',
  '*.new_password',
  '*.token',
  '*.proxy_token',
  '*.credentials',
  'body.code',
  '*.body.code',
];

/** Pretty for a person in development (a terminal, not production), JSON otherwise; LOG_FORMAT decides when set. */
export function readLogFormat(env: NodeJS.ProcessEnv = process.env, isTty: boolean = process.stdout.isTTY === true): TLogFormat {
  const format = env.LOG_FORMAT?.trim();
  if (format === 'pretty' || format === 'json') return format;
  if (format) throw new Error(`LOG_FORMAT: expected pretty or json, got ${JSON.stringify(format)}`);
  return isTty && env.NODE_ENV !== 'production' ? 'pretty' : 'json';
}

/** LOG_LEVEL and LOG_FORMAT of the process environment. */
export function readLogSettings(env: NodeJS.ProcessEnv = process.env): TLogSettings {
  return { level: env.LOG_LEVEL?.trim() || 'info', format: readLogFormat(env) };
}

/** Fastify's genReqId: the caller's X-Request-Id when it is safe, else a fresh UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

type TFastifyLoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The `logger` option of Fastify for these settings; false turns logging off (tests, benchmarks). */
export function loggerOptions(settings: TLogSettings | boolean | undefined): TFastifyLoggerOptions | false {
  if (!settings) return false;
  const { level = 'info', format = 'json', destination } = settings === true ? {} : settings;
  const options: TFastifyLoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
  if (format === 'pretty') {
    // In-process rather than a worker-thread transport: nothing to resolve at run time, and the cost only matters
    // where nobody measures (a developer's terminal).
    options.stream = pretty({
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,reqId',
      messageFormat: '{if reqId}[{reqId}] {end}{msg}',
      singleLine: true,
      // Written at once, so the line of a crash is on screen before the process ends.
      sync: true,
    });
  } else if (destination) {
    options.stream = destination;
  }
  return options;
}

/** Answers every request with its id, so a user's report or a proxy's log can be matched to our lines. */
export function echoRequestId(app: FastifyInstance): void {
  // A callback hook: no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

type TParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
/** A line: an object or error to merge, then the message and its format arguments (pino's LogFn). */
type TLogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * A request's logger, tagged with its id, whose pino child is built on the first line written at an enabled level.
 * Building the child (its bindings go through the redaction) was a tenth of the CPU of a `/health` answer, and at
 * LOG_LEVEL=warn most requests write nothing (docs/performance.md, "Cached list pages"). A class, so Fastify's per-request
 * calls stay monomorphic.
 */
export class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: TParentLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent as TParentLogger;
    this.#bindings = bindings;
    this.#options = options;
  }

  #built(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  /** The child to write a line at `level` to, or null when nothing would be written. */
  #writer(level: string): FastifyBaseLogger | null {
    if (this.#child) return this.#child;
    return this.#parent.isLevelEnabled(level) ? this.#built() : null;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(value: string) {
    this.#built().level = value;
  }

  // Prototype methods, not arrow fields: nothing is allocated per request until a line is written.
  fatal(...args: TLogArgs): void {
    this.#writer('fatal')?.fatal(...args);
  }
  error(...args: TLogArgs): void {
    this.#writer('error')?.error(...args);
  }
  warn(...args: TLogArgs): void {
    this.#writer('warn')?.warn(...args);
  }
  info(...args: TLogArgs): void {
    this.#writer('info')?.info(...args);
  }
  debug(...args: TLogArgs): void {
    this.#writer('debug')?.debug(...args);
  }
  trace(...args: TLogArgs): void {
    this.#writer('trace')?.trace(...args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#built().child(bindings, options);
  }
}

/** Fastify's child-logger factory: lazy request loggers where the parent can say which levels are on. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || typeof (logger as Partial<TParentLogger>).isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
