import { ORDER_IMPORT_COLUMNS } from '@kc/contracts/oversight/exports';
import type { Kysely } from 'kysely';
import type { OrderImportService } from '../../modules/oversight/exports/index.ts';
import type { Caller } from '../../platform/auth/access.ts';
import { loadCaller } from '../../platform/auth/caller.repository.ts';
import type { DB } from '../../platform/db/schema.ts';
import { writeWorkbook } from '../../platform/documents/index.ts';
import { BUYERS, GROUP_PREFIX, historyRows, ordinaryGoods, type Row } from './demo-history-rows.ts';

/** The import service the history goes through (exports/index.ts hands it to the app for this seed). */
export interface DemoHistoryServices {
  orderImport: Pick<OrderImportService, 'upload' | 'confirm'>;
}

/**
 * About twelve months of accepted orders for the demo institutes, so 统计分析 has a year to show:
 * the eleven months before this one and this month up to yesterday, each buyer's orders spread over
 * the working days with the season's rhythm, 1–4 lines each from the buyer's regular items (a
 * team rebuys the same solvents and consumables), priced as the catalog prices them today.
 *
 * They go through the platform's import of historical orders (the same upload, checks and
 * confirmation as 历史订单导入 in 系统管理), which writes each order completed and its spend facts in
 * the same transaction — the statistics equal the order tables because the facts are written by
 * the code that writes the orders. Runs once, on a database without the history; needs the demo
 * accounts and the catalog. Returns the orders written.
 */
export async function seedDemoHistory(db: Kysely<DB>, s: DemoHistoryServices, now = new Date()): Promise<number> {
  const done = await db.selectFrom('purchase_order').select('id').where('idempotency_key', 'like', `import:${GROUP_PREFIX}%`).limit(1).executeTakeFirst();
  if (done) return 0;
  const caller = await adminCaller(db);
  if (!caller) return 0;

  const institutes = new Map((await db.selectFrom('institute').select(['code', 'name']).execute()).map((i) => [i.code, i.name] as const));
  const users = new Set(
    (
      await db
        .selectFrom('app_user')
        .select('user_name')
        .where(
          'user_name',
          'in',
          BUYERS.map((b) => b.user),
        )
        .execute()
    ).map((u) => u.user_name),
  );

  const goods = await ordinaryGoods(db);
  if (goods.length === 0) return 0;
  const rows = historyRows(institutes, users, goods, now);
  if (rows.length === 0) return 0;
  return importHistory(s, caller, rows);
}

/** The platform's administrator as the caller of the import (none before the demo accounts exist). */
async function adminCaller(db: Kysely<DB>): Promise<Caller | null> {
  const admin = await db.selectFrom('app_user').select('id').where('user_name', '=', 'admin').executeTakeFirst();
  const base = admin && (await loadCaller(db, admin.id));
  if (!base || !('userId' in base)) return null;
  return { ...base, fid: 'demo-seed', aclVersion: null };
}

/** The rows as a workbook through the import's upload and confirmation, answering the orders written; a row the import refuses fails the seed. */
async function importHistory(s: DemoHistoryServices, caller: Caller, rows: Row[]): Promise<number> {
  const who = { caller, ip: '127.0.0.1' };
  const data = await writeWorkbook({
    name: '历史订单',
    columns: ORDER_IMPORT_COLUMNS.map((h) => ({ header: h, value: (r: Row) => r[h], textFormat: true })),
    rows,
  });
  const preview = await s.orderImport.upload(who, { name: '演示历史订单.xlsx', data, truncated: false });
  if (preview.status !== 'ready') {
    const e = preview.errors[0];
    throw new Error(`演示历史订单导入失败：${preview.errorRows} 行有错误${e ? `（第 ${e.row} 行 ${e.column}：${e.message}）` : ''}`);
  }
  return (await s.orderImport.confirm(who, preview.id)).orders;
}
