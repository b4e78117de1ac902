import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { ensureBaseData } from '../apps/server/src/db/seed/base-data.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { matchOf } from '../apps/server/src/modules/finance/invoices/index.ts';
import { CheckRulesRepository } from '../apps/server/src/modules/finance/settlement/check-rules.repository.ts';
import { CheckRulesService } from '../apps/server/src/modules/finance/settlement/check-rules.service.ts';
import { StatementsRepository } from '../apps/server/src/modules/finance/settlement/statements.repository.ts';
import { StatementsService } from '../apps/server/src/modules/finance/settlement/statements.service.ts';
import type { Caller } from '../apps/server/src/platform/auth/access.ts';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import type { DB } from '../apps/server/src/platform/db/schema.ts';
import { machineLine, writeSection } from './support/report.ts';
import { onPostgres, onSqlite } from './support/scratch-database.ts';

const { values: args } = parseArgs({
  options: { subs: { type: 'string' }, pg: { type: 'boolean' }, 'no-write': { type: 'boolean' } },
  strict: true,
});
const SUBS = Number(args.subs ?? 20_000);
const PG_URL = process.env.DATABASE_URL || (args.pg ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
const GOAL_S = 5;
const BATCH = 500;
const log = (...m: unknown[]) => console.log(...m);

async function bulk<T extends keyof DB & string>(db: Kysely<DB>, table: T, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
}

/** The statement month: last month (Shanghai), its middle as the acceptance time. */
function lastMonth() {
  const now = new Date(Date.now() + 8 * 3600_000);
  const mid = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 2));
  return { month: mid.toISOString().slice(0, 7), at: mid.toISOString(), older: new Date(mid.getTime() - 40 * 86_400_000).toISOString() };
}

/**
 * 2 × SUBS completed sub-orders of buyer1 (ICCAS): SUBS of the first supplier accepted last month
 * (the statement), the other SUBS of the second supplier (half last month, half the month before)
 * that the statement must leave alone; one acceptance log row each.
 */
async function build(db: Kysely<DB>) {
  const b = await db
    .selectFrom('app_user')
    .innerJoin('user_dept', 'user_dept.user_id', 'app_user.id')
    .select(['app_user.id', 'app_user.institute_id', 'user_dept.dept_id', 'user_dept.team_id'])
    .where('app_user.user_name', '=', 'buyer1')
    .executeTakeFirstOrThrow();
  const sups = (await db.selectFrom('supplier').select('id').orderBy('id').limit(2).execute()).map((s) => s.id);
  const m = lastMonth();
  const CHUNK = 5_000;
  for (let i0 = 0; i0 < 2 * SUBS; i0 += CHUNK) {
    const po: Record<string, unknown>[] = [];
    const so: Record<string, unknown>[] = [];
    const logs: Record<string, unknown>[] = [];
    for (let i = i0; i < Math.min(2 * SUBS, i0 + CHUNK); i++) {
      const id = i + 1;
      const mine = i < SUBS;
      const at = mine || i % 2 === 0 ? m.at : m.older;
      po.push({
        id,
        order_no: `SB${String(id).padStart(9, '0')}`,
        buyer_id: b.id,
        placed_by_id: b.id,
        institute_id: b.institute_id,
        dept_id: b.dept_id,
        team_id: b.team_id,
        recv_province: '北京市',
        recv_city: '北京市',
        recv_district: '海淀区',
        recv_detail: '中关村北一街2号',
        recv_contact: '王晓明',
        recv_phone: '13810230001',
        goods_amount: 12_345,
        delivery_fee: 0,
        total_amount: 12_345,
        has_hazard: 0,
        status: 'completed',
        idempotency_key: `sbench-${id}`,
        created_at: at,
        updated_at: at,
        approval_steps: '',
        checker_required: 1,
        close_reason: null,
      });
      so.push({
        id,
        order_id: id,
        sub_no: `SB${String(id).padStart(9, '0')}-1`,
        supplier_id: mine ? sups[0] : sups[1],
        goods_amount: 12_345,
        delivery_fee: 0,
        hazard_fee: 0,
        delivery_region: '',
        total_amount: 12_345,
        remark: null,
        status: 'completed',
        created_at: at,
        updated_at: at,
        flags: '',
        reason: null,
      });
      logs.push({
        order_id: id,
        sub_order_id: id,
        actor_id: null,
        actor: 'checker',
        action: 'accept',
        from_status: 'arrived',
        to_status: 'completed',
        reason: null,
        created_at: at,
      });
    }
    await db.transaction().execute(async (trx) => {
      await bulk(trx, 'purchase_order', po);
      await bulk(trx, 'sub_order', so);
      await bulk(trx, 'order_log', logs);
    });
  }
  return { supplierId: sups[0], instituteId: b.institute_id as number, month: m.month };
}

async function run(label: string, database: Database) {
  const db = database.db;
  await migrateToLatest(db);
  await ensureBaseData(db);
  await seedDemo(db);
  const t0 = Date.now();
  const made = await build(db);
  if (label === 'PostgreSQL') {
    for (const t of ['purchase_order', 'sub_order'])
      await sql`SELECT setval(pg_get_serial_sequence(${t}, 'id'), (SELECT MAX(id) FROM ${sql.table(t)}))`.execute(db);
    await sql`VACUUM ANALYZE`.execute(db);
  } else await sql`ANALYZE`.execute(db);
  const buildS = (Date.now() - t0) / 1000;
  const fin = await db.selectFrom('app_user').select(['id']).where('user_name', '=', 'finance1').executeTakeFirstOrThrow();
  const caller = {
    userId: fin.id,
    userName: 'finance1',
    accountType: 1,
    instituteId: made.instituteId,
    supplierId: null,
    deptId: null,
    deptPath: null,
    teamId: null,
    roleIds: [],
    perms: new Set(['mall:settle:finance']),
    mustChangePassword: false,
    pageFlags: new Set<string>(),
    dataScope: 'institute',
    fid: 'bench',
    aclVersion: null,
  } satisfies Caller;
  const svc = new StatementsService(new StatementsRepository(db), new CheckRulesService(new CheckRulesRepository(db)), null, {
    match: (ids) => matchOf(db, ids),
  });
  log(`${label}：生成 ${made.month} 对账单`);
  const s = performance.now();
  const g = await svc.generate({ caller, ip: '127.0.0.1' }, { supplierId: made.supplierId, month: made.month });
  const genS = (performance.now() - s) / 1000;
  const d0 = performance.now();
  await svc.detail(caller, g.id, { current: 1, size: 20 });
  const detailMs = performance.now() - d0;
  return { label, buildS, lines: g.lineCount, genS, detailMs };
}

async function runSqlite() {
  return onSqlite('statements', (s) => run(s.label, s.database));
}

async function runPg(baseUrl: string) {
  return onPostgres(baseUrl, 'statements', (s) => run(s.label, s.database));
}

const results = [await runSqlite()];
if (PG_URL) results.push(await runPg(PG_URL));
const md = [
  `## bench:statements — 对账单生成（${SUBS.toLocaleString()} 个已验收子订单）`,
  '',
  `${machineLine()} · 进程内调用真实服务（StatementsService.generate / detail）`,
  '',
  `数据：同一研究所的 ${(2 * SUBS).toLocaleString()} 个已验收子订单（各有验收日志）：其中 ${SUBS.toLocaleString()} 个属于被对账的供应商、上月验收；另一供应商的一半在上月、一半在更早月份，不应进入对账单。生成 = 一条 INSERT … SELECT 取明细，再计合计与扣款，单个事务；详情 = 第一页 20 行（含发票匹配、报销、付款金额）。`,
  '',
  '| 引擎 | 写入数据 (s) | 明细行 | 生成 (s) | 目标 < 5 s | 详情第一页 (ms) |',
  '|---|---:|---:|---:|---|---:|',
  ...results.map(
    (r) =>
      `| ${r.label} | ${r.buildS.toFixed(1)} | ${r.lines.toLocaleString()} | ${r.genS.toFixed(2)} | ${r.genS < GOAL_S ? '✅' : '❌'} | ${r.detailMs.toFixed(0)} |`,
  ),
].join('\n');
log(md);
if (!args['no-write']) writeSection('statements', md);
