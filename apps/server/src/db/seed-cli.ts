// npm run db:seed [-- --items N] — writes the demo organisation, accounts and catalog into an empty database.
// --items sets the catalog size (default CATALOG_ITEMS or 20,000); `--items 1000000` builds the benchmark catalog.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from './migrate.ts';
import { ensureBaseData } from './seed/base-data.ts';
import { seedCatalog } from './seed/catalog/generate.ts';
import { seedDemo } from './seed/demo.ts';

const config = loadConfig();
const { values } = parseArgs({ options: { items: { type: 'string' } }, strict: true });
const items = values.items !== undefined ? Number(values.items) : config.catalogItems;
if (!Number.isInteger(items) || items < 0) {
  console.error('--items 须为非负整数');
  process.exit(1);
}
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
await ensureBaseData(database.db);
const seeded = await seedDemo(database.db);
console.log(seeded ? '演示数据已写入' : '数据库中已有研究所数据，未重复写入演示数据');
const started = Date.now();
const catalog = await seedCatalog(database.db, {
  items,
  onProgress: (done, total) => {
    if (done % 100_000 === 0 || done === total)
      console.log(`商品 ${done.toLocaleString()} / ${total.toLocaleString()}（${((Date.now() - started) / 1000).toFixed(1)} s）`);
  },
});
await database.close();
console.log(catalog ? `演示商品目录已写入：${items.toLocaleString()} 件商品` : '数据库中已有品牌数据（或缺少演示供应商），未重复写入商品目录');
