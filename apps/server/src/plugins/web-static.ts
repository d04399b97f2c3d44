// Serves the built web app and answers unknown non-API paths with its index.html (client-side routing).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { errorEnvelope } from '../lib/envelope';

export async function registerWebStatic(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasWeb = !!webDist && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith(API_PREFIX) || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(errorEnvelope(new AppError('NOT_FOUND', { message: `No route ${request.method} ${request.url.split('?')[0]}` })));
  });
}
