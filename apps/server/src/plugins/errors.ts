// Turns every failure (AppError, schema validation, unknown routes, crashes) into the spec's envelope.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { errorEnvelope } from '../lib/envelope';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      appError = new AppError('VALIDATION_FAILED', {
        errors: error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
          message: v.message ?? 'Invalid value',
        })),
      });
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.statusCode === 400) {
      appError = new AppError('VALIDATION_FAILED', { message: error.message });
    } else if (error.statusCode === 415) {
      appError = new AppError('VALIDATION_FAILED', { message: 'Send the body as application/json.', httpStatus: 415 });
    } else if (error.statusCode === 413) {
      appError = new AppError('VALIDATION_FAILED', { message: 'The request body is too large.', httpStatus: 413 });
    } else {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('INTERNAL_ERROR');
    }
    void reply.code(appError.httpStatus).send(errorEnvelope(appError));
  });
}
