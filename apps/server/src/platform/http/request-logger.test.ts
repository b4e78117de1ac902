import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './request-logger.ts';

/** A Fastify app logging JSON lines at `level` into an array, with the lazy request logger. */
async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyRequestLogger });
  app.get('/quiet', async (req) => {
    req.log.info('below the level');
    req.log.debug({ detail: 1 }, 'far below');
    return { ok: true };
  });
  app.get('/loud', async (req) => {
    req.log.warn({ order: 42 }, '库存不足');
    req.log.child({ step: 'pay' }).error('支付失败');
    return { ok: true };
  });
  app.get('/route-level', { logLevel: 'debug' }, async (req) => {
    req.log.debug('a route that asks for more');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('lazy request logger (req.log)', () => {
  it('writes what the level lets through, with the request id, as the eager child would', async () => {
    const { app, lines } = await appLogging('warn');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines).toEqual([]);
    const r = await app.inject({ method: 'GET', url: '/loud' });
    expect(r.statusCode).toBe(200);
    const warn = lines.find((l) => l.msg === '库存不足');
    expect(warn).toMatchObject({ level: 40, order: 42, reqId: expect.any(String) });
    expect(lines.find((l) => l.msg === '支付失败')).toMatchObject({ level: 50, step: 'pay', reqId: warn?.reqId });
    await app.close();
  });

  it('keeps Fastify access lines at info, and a route-level level wins over the server level', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'below the level', 'request completed']);
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(1);
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/route-level' });
    expect(lines.map((l) => l.msg)).toContain('a route that asks for more');
    await app.close();
  });
});
