// Turns every failure (AppError, schema validation, unknown routes, crashes) into the spec's envelope.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { errorEnvelope } from '../lib/envelope';

/**
 * A PostgreSQL error the client caused with a value the schemas let through (found by the API fuzz test): class 22
 * (data exception: an integer out of range, text with a NUL character, a date PostgreSQL cannot store) and the
 * integrity violations of class 23. The answer names no table, column or SQL; the log keeps the details.
 */
function databaseInputError(error: FastifyError): AppError | null {
  const code = typeof error.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(error.code) ? error.code : null;
  if (!code) return null;
  if (code === '23505' || code === '23P01') return new AppError('CONFLICT', { message: DATABASE_REFUSALS.duplicate });
  if (code.startsWith('23')) return new AppError('VALIDATION_FAILED', { message: DATABASE_REFUSALS.integrity });
  if (code === '22003') return new AppError('VALIDATION_FAILED', { message: DATABASE_REFUSALS.number });
  if (code === '22007' || code === '22008') return new AppError('VALIDATION_FAILED', { message: DATABASE_REFUSALS.date });
  return new AppError('VALIDATION_FAILED', { message: DATABASE_REFUSALS.value });
}

/** The messages of those answers (the fuzz test lists the routes that still rely on them). */
export const DATABASE_REFUSALS = {
  duplicate: 'This record clashes with an existing one.',
  integrity: 'The request refers to a record that does not exist or leaves out a required value.',
  number: 'A number in the request is out of range.',
  date: 'A date or time in the request is out of range.',
  value: 'A value in the request is not valid.',
} as const;

export function registerErrorHandling(app: FastifyInstance): void {
  registerNulGuard(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError: AppError;
    const fromDatabase = error instanceof AppError ? null : databaseInputError(error);
    if (error instanceof AppError) {
      appError = error;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      appError = new AppError('VALIDATION_FAILED', {
        errors: error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
          message: v.message ?? 'Invalid value',
        })),
      });
    } else if (fromDatabase) {
      request.log.warn({ err: error }, 'request refused by the database');
      appError = fromDatabase;
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.statusCode === 400) {
      appError = new AppError('VALIDATION_FAILED', { message: error.message });
    } else if (error.statusCode === 415) {
      appError = new AppError('VALIDATION_FAILED', { message: 'Send the body as application/json.', httpStatus: 415 });
    } else if (error.statusCode === 413) {
      appError = new AppError('VALIDATION_FAILED', { message: 'The request body is too large.', httpStatus: 413 });
    } else if (typeof error.statusCode === 'number' && error.statusCode > 400 && error.statusCode < 500) {
      // Other client errors Fastify raises itself (e.g. a content length that does not match the body).
      appError = new AppError('VALIDATION_FAILED', { message: error.message, httpStatus: error.statusCode });
    } else {
      // The stack goes to the log only; the answer says INTERNAL_ERROR and nothing more.
      request.log.error({ err: error, code: 'INTERNAL_ERROR' }, 'unhandled error');
      appError = new AppError('INTERNAL_ERROR');
    }
    // One line per refused request (the database case has its own), with the code but not the message: parser
    // messages may quote the body.
    if (appError.httpStatus < 500) {
      if (!fromDatabase) request.log.info({ code: appError.code, statusCode: appError.httpStatus }, 'request refused');
    } else if (error instanceof AppError && appError.retryAfterSeconds !== undefined) {
      // A 503 that says when to come back (the optimizer's runs all taken) is load turned away on purpose: worth
      // seeing in the log, not an error to be paged for.
      request.log.warn({ code: appError.code, statusCode: appError.httpStatus, retryAfterSeconds: appError.retryAfterSeconds }, 'request turned away while busy');
    } else if (error instanceof AppError) {
      request.log.error({ code: appError.code, statusCode: appError.httpStatus }, 'request failed');
    }
    // A 429 says when to come back (rate limits, a locked account), in the header and in payload.retry_after_seconds.
    if (appError.retryAfterSeconds !== undefined) void reply.header('retry-after', String(appError.retryAfterSeconds));
    void reply.code(appError.httpStatus).send(errorEnvelope(appError));
  });
}

/**
 * Fastify's `frameworkErrors` option: errors found before any route runs (a URL that is not valid percent-encoding,
 * a path parameter longer than the router allows) would otherwise answer in Fastify's own format.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('VALIDATION_FAILED', { message: 'A value in the URL is too long.', httpStatus: 414 })
      : new AppError('VALIDATION_FAILED', { message: 'The URL is not valid.', httpStatus: error.statusCode && error.statusCode < 500 ? error.statusCode : 400 });
  void reply.code(appError.httpStatus).send(errorEnvelope(appError));
}

/** What the client errors below answer: the status line's code and the envelope's message. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The URL or the headers of the request are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time.' },
};

/**
 * Fastify's `clientErrorHandler` option: errors Node's HTTP parser finds before Fastify sees a request (a URL or
 * header set over the 16 kB Node reads, a request that never finishes, bytes that are not HTTP) are answered on the
 * socket itself. Fastify's default writes its own JSON; this writes the envelope, then closes the connection.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  // A connection reset leaves nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, message: 'The request could not be read.' };
  const body = JSON.stringify(errorEnvelope(new AppError('VALIDATION_FAILED', { message: known.message, httpStatus: known.status })));
  this.log.info({ code: 'VALIDATION_FAILED', statusCode: known.status, reason: error.code }, 'request refused before it was read');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const NUL = '\u0000';

/** Where in `value` a string (or key) holds a NUL character, as a dotted path; iterative, as bodies may nest deeply. */
export function findNulCharacter(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store the NUL character in text, and no person types one: a request that carries one in its
 * body, query or path is refused up front (a 400 naming the field), rather than failing deep in a query or a header.
 */
function registerNulGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here, and most should not pay for a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    // Cheap first look: most requests have no NUL anywhere, and the URL is still percent-encoded.
    const found = (request.url.includes('%00') || request.url.includes(NUL) ? (findNulCharacter(request.params, '') ?? findNulCharacter(request.query, '')) : null) ?? findNulCharacter(request.body, '');
    done(found === null ? undefined : new AppError('VALIDATION_FAILED', { errors: [{ path: found, message: 'Text must not contain the NUL character.' }] }));
  });
}
