// Runs one price import (upload, then confirm) in a process of its own, so its peak memory is the
// import's and not the bench's database building: started by supplier-items.bench.ts with
// BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (SQLite), BENCH_SHEET (the .xlsx) and
// BENCH_USER_ID / BENCH_SUPPLIER_ID; prints one line of JSON.
import fs from 'node:fs';
import { PriceImportsRepository } from '../../apps/server/src/modules/supply/catalog/price-imports.repository.ts';
import { PriceImportsService } from '../../apps/server/src/modules/supply/catalog/price-imports.service.ts';
import type { Caller } from '../../apps/server/src/platform/auth/access.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';

const env = process.env;
const database = openDatabase({ databaseUrl: env.BENCH_DATABASE_URL || null, dataDir: env.BENCH_DATA_DIR ?? '.' });
const caller = {
  userId: Number(env.BENCH_USER_ID),
  userName: 'supplier1',
  accountType: 2,
  supplierId: Number(env.BENCH_SUPPLIER_ID),
  perms: new Set(['supplier:item:edit']),
} as unknown as Caller;

let peak = process.memoryUsage().rss;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const mb = (b: number) => b / 1024 / 1024;
try {
  // warm the code paths on an empty call so module loading is not counted as the import's time
  const svc = new PriceImportsService(new PriceImportsRepository(database.db));
  await svc.page(caller, { current: 1, size: 1 });
  const baselineMb = mb(process.memoryUsage().rss);
  const data = fs.readFileSync(env.BENCH_SHEET as string);
  const who = { caller, ip: '127.0.0.1' };
  let t0 = performance.now();
  const imp = await svc.upload(who, { name: 'bench.xlsx', data, truncated: false });
  const validateS = (performance.now() - t0) / 1000;
  if (imp.errorRows) throw new Error(`bench sheet has ${imp.errorRows} bad rows`);
  t0 = performance.now();
  await svc.confirm(who, imp.id);
  const applyS = (performance.now() - t0) / 1000;
  peak = Math.max(peak, process.memoryUsage().rss);
  const counts = `涨 ${imp.upRows} / 降 ${imp.downRows} / 不变 ${imp.sameRows} / 送审 ${imp.flaggedRows}`;
  console.log(JSON.stringify({ validateS, applyS, peakMb: mb(peak), baselineMb, counts, fileMb: mb(data.length) }));
} finally {
  clearInterval(timer);
  await database.close();
}
