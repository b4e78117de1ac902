import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const { app } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(
  `科研采购平台已启动：http://localhost:${config.port}  （${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}，${config.redisUrl ? 'Redis' : '进程内状态'}）`,
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
