import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger, loggerOptions, requestIdOf } from './logger';

async function appAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({ logger: loggerOptions({ level, format: 'json', destination: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } }) || false, genReqId: requestIdOf });
  app.setChildLoggerFactory(lazyChildLogger);
  app.get('/quiet', async (request) => {
    request.log.info('only at info');
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ password: 'hunter2' }, 'a warning');
    request.log.child({ step: 'inner' }).error('an error');
    return { ok: true };
  });
  app.get('/louder', async (request) => {
    request.log.level = 'debug';
    request.log.debug('now at debug');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('lazyChildLogger', () => {
  it('builds no child logger for a request that writes nothing at the level', async () => {
    const { app, lines } = await appAt('warn');
    const child = vi.spyOn(app.log, 'child');
    const res = await app.inject({ method: 'GET', url: '/quiet', headers: { 'x-request-id': 'quiet-1' } });
    expect(res.statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('tags the lines it writes with the request id, redacted, in children too', async () => {
    const { app, lines } = await appAt('warn');
    await app.inject({ method: 'GET', url: '/loud', headers: { 'x-request-id': 'loud-1' } });
    expect(lines.map((l) => [l.msg, l.reqId, l.step])).toEqual([
      ['a warning', 'loud-1', undefined],
      ['an error', 'loud-1', 'inner'],
    ]);
    expect(lines[0]!.password).toBe('[redacted]');
    await app.close();
  });

  it('writes Fastify\u2019s own request lines at info, each with the id', async () => {
    const { app, lines } = await appAt('info');
    await app.inject({ method: 'GET', url: '/quiet', headers: { 'x-request-id': 'info-1' } });
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'only at info', 'request completed']);
    expect(new Set(lines.map((l) => l.reqId))).toEqual(new Set(['info-1']));
    await app.close();
  });

  it('follows a level a request sets on its own logger', async () => {
    const { app, lines } = await appAt('warn');
    await app.inject({ method: 'GET', url: '/louder', headers: { 'x-request-id': 'louder-1' } });
    // From then on the request's own lines at debug and info are written, Fastify's 'request completed' too.
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['now at debug', 'louder-1'],
      ['request completed', 'louder-1'],
    ]);
    await app.close();
  });
});
