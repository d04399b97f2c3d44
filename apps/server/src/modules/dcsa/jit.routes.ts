// HTTP for DCSA JIT 2.0 under /api/dcsa/jit/v2: the standard's paths, methods, bodies and status codes (204 on an
// accepted PUT or POST), its ErrorResponse instead of our envelope, and the API-Version header on every answer.
// A counterparty's system signs in with `Authorization: Bearer <api_key>`; a person's session works too.
import {
  DCSA_JIT_API_VERSION,
  ZDcsaErrorResponse,
  ZDcsaPortCall,
  ZDcsaPortCallService,
  ZDcsaReason,
  ZDcsaTerminalCall,
  ZDcsaTimestamp,
  ZDcsaVesselStatus,
  ZJitPortCallQuery,
  ZJitPortCallServiceQuery,
  ZJitTerminalCallQuery,
  ZJitTimestampQuery,
  ZJitVesselStatusQuery,
} from '@quayline/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ZodTypeProvider, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { authenticate, sessionOf } from '../../plugins/auth';
import { resolveSession } from '../auth/auth.service';
import {
  endJitService,
  listJitPortCalls,
  listJitServices,
  listJitTerminalCalls,
  listJitTimestamps,
  listJitVesselStatuses,
  omitJitPortCall,
  omitJitTerminalCall,
  putJitPortCall,
  putJitService,
  putJitTerminalCall,
  putJitTimestamp,
  putJitVesselStatus,
} from './jit.service';

const tags = ['DCSA JIT 2.0'];
const security: { [label: string]: string[] }[] = [{ jitApiKey: [] }, { portalToken: [] }];
const ZUuidParam = (name: string) => z.object({ [name]: z.uuid() });
/** The standard's optional request header: only the major version, and it must be ours. */
const ZJitHeaders = z.object({ 'api-version': z.string().max(20).optional() }).loose();
const errors = { 400: ZDcsaErrorResponse, 401: ZDcsaErrorResponse, 403: ZDcsaErrorResponse, 404: ZDcsaErrorResponse, 409: ZDcsaErrorResponse };
const accepted = { 204: z.null().describe('Accepted'), ...errors };

/** A Bearer key is a counterparty's; anything else is the ordinary session (docs/dcsa-jit.md). */
async function authenticateJit(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : undefined;
  if (bearer) {
    const session = await resolveSession(request.server.ctx, bearer);
    if (!session) throw new AppError('UNAUTHORIZED', { message: 'Unknown or revoked API key.' });
    request.auth = session;
  } else {
    await authenticate(request);
  }
  const version = request.headers['api-version'];
  if (typeof version === 'string' && version.trim() !== '' && version.trim() !== DCSA_JIT_API_VERSION.split('.')[0]) {
    throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'API-Version', message: `This endpoint speaks major version ${DCSA_JIT_API_VERSION.split('.')[0]}` }] });
  }
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error' };
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'] as const;

/** The standard's ErrorResponse for any refusal; field problems become its detailed errors with a JSONPath. */
function errorResponse(error: FastifyError | AppError, request: FastifyRequest): { status: number; body: z.infer<typeof ZDcsaErrorResponse> } {
  let status = 500;
  let details: { jsonPath?: string; property?: string; errorCodeText: string; errorCodeMessage: string; errorCode: number }[] = [];
  if (error instanceof AppError) {
    status = error.httpStatus;
    details = (error.errors ?? []).slice(0, 100).map((e) => ({ errorCode: 7003, property: e.path.split('.').pop()!.slice(0, 100), jsonPath: `$.${e.path}`.slice(0, 500), errorCodeText: 'invalidData', errorCodeMessage: e.message.slice(0, 5000) }));
    if (details.length === 0) details = [{ errorCode: status === 409 ? 8002 : 7003, errorCodeText: error.code.toLowerCase().slice(0, 100), errorCodeMessage: error.message.slice(0, 5000) }];
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    status = 400;
    details = error.validation.slice(0, 100).map((v) => {
      const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return { errorCode: 7003, ...(path ? { property: path.split('.').pop()!.slice(0, 100), jsonPath: `$.${path}`.slice(0, 500) } : {}), errorCodeText: 'invalidInput', errorCodeMessage: (v.message ?? 'Invalid value').slice(0, 5000) };
    });
  } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    details = [{ errorCode: 7003, errorCodeText: 'invalidInput', errorCodeMessage: error.message.slice(0, 5000) }];
  } else {
    request.log.error({ err: error, code: 'INTERNAL_ERROR' }, 'unhandled error');
    details = [{ errorCode: 7000, errorCodeText: 'internalError', errorCodeMessage: 'The request could not be processed.' }];
  }
  const method = METHODS.find((m) => m === request.method) ?? 'GET';
  return {
    status,
    body: {
      httpMethod: method,
      requestUri: (request.url.split('?')[0] ?? request.url).slice(0, 2000),
      statusCode: status,
      statusCodeText: STATUS_TEXT[status] ?? 'Error',
      statusCodeMessage: (error.message || STATUS_TEXT[status] || 'Error').slice(0, 200),
      providerCorrelationReference: String(request.id).slice(0, 100),
      errorDateTime: new Date().toISOString(),
      errors: details.map(({ jsonPath, property, ...rest }) => ({ ...rest, ...(property ? { property } : {}), ...(jsonPath ? { jsonPath } : {}) })),
    },
  };
}

const done = (reply: FastifyReply) => reply.code(204).send();

export async function jitRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('API-Version', DCSA_JIT_API_VERSION);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorResponse(error, request);
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
    void reply.code(status).send(body);
  });
  const auth = { onRequest: authenticateJit };
  const s = <T extends object>(summary: string, extra: T) => ({ ...auth, schema: { tags, summary, headers: ZJitHeaders, security, ...extra } });

  r.put('/port-calls/:portCallID', s('Create or update a port call (service consumer)', { params: ZUuidParam('portCallID'), body: ZDcsaPortCall, response: accepted }), async (req, reply) => {
    await putJitPortCall(app.ctx, sessionOf(req), String(req.params.portCallID), req.body);
    return done(reply);
  });
  r.post('/port-calls/:portCallID/omit', s('Omit a port call', { params: ZUuidParam('portCallID'), body: ZDcsaReason, response: accepted }), async (req, reply) => {
    await omitJitPortCall(app.ctx, sessionOf(req), String(req.params.portCallID), req.body);
    return done(reply);
  });
  r.get('/port-calls', s('The port calls you may see', { querystring: ZJitPortCallQuery, response: { 200: z.array(ZDcsaPortCall), ...errors } }), async (req) => listJitPortCalls(app.ctx, sessionOf(req), req.query));

  r.put('/terminal-calls/:terminalCallID', s('Create or update a terminal call', { params: ZUuidParam('terminalCallID'), body: ZDcsaTerminalCall, response: accepted }), async (req, reply) => {
    await putJitTerminalCall(app.ctx, sessionOf(req), String(req.params.terminalCallID), req.body);
    return done(reply);
  });
  r.post('/terminal-calls/:terminalCallID/omit', s('Omit a terminal call', { params: ZUuidParam('terminalCallID'), body: ZDcsaReason, response: accepted }), async (req, reply) => {
    await omitJitTerminalCall(app.ctx, sessionOf(req), String(req.params.terminalCallID), req.body);
    return done(reply);
  });
  r.get('/terminal-calls', s('The terminal calls you may see', { querystring: ZJitTerminalCallQuery, response: { 200: z.array(ZDcsaTerminalCall), ...errors } }), async (req) => listJitTerminalCalls(app.ctx, sessionOf(req), req.query));

  r.put('/port-call-services/:portCallServiceID', s('Create or update a port call service', { params: ZUuidParam('portCallServiceID'), body: ZDcsaPortCallService, response: accepted }), async (req, reply) => {
    await putJitService(app.ctx, sessionOf(req), String(req.params.portCallServiceID), req.body);
    return done(reply);
  });
  r.post('/port-call-services/:portCallServiceID/cancel', s('Cancel a port call service (service provider)', { params: ZUuidParam('portCallServiceID'), body: ZDcsaReason, response: accepted }), async (req, reply) => {
    await endJitService(app.ctx, sessionOf(req), String(req.params.portCallServiceID), 'cancel', req.body);
    return done(reply);
  });
  r.post('/port-call-services/:portCallServiceID/decline', s('Decline a port call service (service consumer)', { params: ZUuidParam('portCallServiceID'), body: ZDcsaReason, response: accepted }), async (req, reply) => {
    await endJitService(app.ctx, sessionOf(req), String(req.params.portCallServiceID), 'decline', req.body);
    return done(reply);
  });
  r.get('/port-call-services', s('The port call services you may see', { querystring: ZJitPortCallServiceQuery, response: { 200: z.array(ZDcsaPortCallService), ...errors } }), async (req) => listJitServices(app.ctx, sessionOf(req), req.query));

  r.put('/timestamps/:timestampID', s('Send a timestamp (EST, REQ, PLN, ACT)', { params: ZUuidParam('timestampID'), body: ZDcsaTimestamp, response: accepted }), async (req, reply) => {
    await putJitTimestamp(app.ctx, sessionOf(req), String(req.params.timestampID), req.body);
    return done(reply);
  });
  r.get('/timestamps', s('The timestamps you may see', { querystring: ZJitTimestampQuery, response: { 200: z.array(ZDcsaTimestamp), ...errors } }), async (req) => listJitTimestamps(app.ctx, sessionOf(req), req.query));

  r.put('/vessel-statuses/:portCallServiceID', s('Create or update the vessel status for a service', { params: ZUuidParam('portCallServiceID'), body: ZDcsaVesselStatus, response: accepted }), async (req, reply) => {
    await putJitVesselStatus(app.ctx, sessionOf(req), String(req.params.portCallServiceID), req.body);
    return done(reply);
  });
  r.get('/vessel-statuses', s('The vessel statuses of a service', { querystring: ZJitVesselStatusQuery, response: { 200: z.array(ZDcsaVesselStatus), ...errors } }), async (req) => listJitVesselStatuses(app.ctx, sessionOf(req), req.query.portCallServiceID));
}
