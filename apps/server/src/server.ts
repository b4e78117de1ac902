import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const { app, ctx, readiness } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
// test apps never run workers; the serving process does, once it takes requests
await ctx.jobs.start();
const where = config.host === '127.0.0.1' ? 'localhost' : config.host;
app.log.info(
  `科研采购平台已启动：http://${where}:${config.port} （商城首页 /，登录 /login${config.seedDemo ? '；演示账号见 README，如 buyer1 / Demo@2026' : ''}；${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}，${config.redisUrl ? 'Redis' : '进程内状态'}）`,
);

/**
 * Stopping (SIGTERM from the orchestrator, Ctrl-C): /readyz answers 503 at once so the proxy stops
 * sending requests; the server stops accepting, finishes the requests in flight and the running
 * jobs (bounded, see app.ts), then closes the database. If that takes longer than the bound, the
 * process exits anyway: an orchestrator would kill it soon after, and a job left unfinished runs
 * again on another process (the jobs port's lease).
 */
const SHUTDOWN_BOUND_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    app.log.info('正在停止服务…');
    readiness.drain();
    setTimeout(() => {
      app.log.error(`停止服务超过 ${SHUTDOWN_BOUND_MS} ms，强制退出`);
      process.exit(1);
    }, SHUTDOWN_BOUND_MS).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
