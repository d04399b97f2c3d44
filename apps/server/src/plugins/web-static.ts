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
    // wildcard: files are looked up per request, so a rebuild needs no restart; misses fall through to the handler below.
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file; the one the browser accepts is sent, with Vary.
      preCompressed: true,
      cacheControl: false,
      // Hashed assets never change; index.html must be revalidated so a new release is picked up. The same path may
      // come as brotli, gzip or plain, so caches in between must key on Accept-Encoding.
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith(API_PREFIX) || request.url.startsWith('/api/');
    // A missing hashed asset is a real 404; any other page path is the SPA's to route.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(errorEnvelope(new AppError('NOT_FOUND', { message: `No route ${request.method} ${request.url.split('?')[0]}` })));
  });
}
