// npm run db:migrate — applies pending migrations to the configured database and exits.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from './migrate.ts';
import { ensureBaseData } from './seed/base-data.ts';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
await ensureBaseData(database.db);
await database.close();
console.log(`迁移完成（${database.engine === 'postgres' ? 'PostgreSQL' : `SQLite：${config.dataDir}`}）`);
