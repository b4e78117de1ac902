// npm run db:reset — brings the demo back to its first state (db/reset.ts). Stop the server first.
import { loadConfig } from '../config.ts';
import { resetDatabase } from './reset.ts';

const config = loadConfig();
await resetDatabase(config);
console.log(`演示数据已恢复到初始状态（${config.databaseUrl ? 'PostgreSQL' : `SQLite：${config.dataDir}`}）；演示账号见 README`);
