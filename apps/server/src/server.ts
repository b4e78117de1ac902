import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const { app, ctx } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
// test apps never run workers; the serving process does, once it takes requests
await ctx.jobs.start();
const where = config.host === '127.0.0.1' ? 'localhost' : config.host;
app.log.info(
  `科研采购平台已启动：http://${where}:${config.port} （商城首页 /，登录 /login${config.seedDemo ? '；演示账号见 README，如 buyer1 / Demo@2026' : ''}；${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}，${config.redisUrl ? 'Redis' : '进程内状态'}）`,
);

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    app.log.info('正在停止服务…');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
