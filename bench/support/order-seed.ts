// Bulk seeding of orders for the benches (bench:orders, bench:exports): the demo organisation and a
// catalog, then ORDERS orders with one to three sub-orders and one to three lines each, statuses
// spread like a year of use, written as multi-row INSERTs in transactions (not over HTTP).
import { type Kysely, sql } from 'kysely';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { ensureBaseData } from '../../apps/server/src/db/seed/base-data.ts';
import { seedCatalog } from '../../apps/server/src/db/seed/catalog/generate.ts';
import { seedDemo } from '../../apps/server/src/db/seed/demo.ts';
import type { Caller } from '../../apps/server/src/platform/auth/access.ts';
import type { Database } from '../../apps/server/src/platform/db/database.ts';
import type { DB } from '../../apps/server/src/platform/db/schema.ts';

/** Deterministic pseudo-random numbers (mulberry32): the same database every run. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DAY = 86_400_000;
export const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

/** Order statuses outside the bench team's pending share, with the sub-order states that go with them. */
const STATUS_MIX: [status: string, weight: number, subs: string[]][] = [
  ['pending_team', 4, ['waiting']],
  ['pending_institute', 5, ['waiting']],
  ['approved', 38, ['to_confirm', 'to_deliver', 'partially_delivered', 'delivered', 'arrived']],
  ['completed', 38, ['completed']],
  ['refused', 5, ['cancelled']],
  ['cancelled', 7, ['cancelled']],
  ['stopped', 3, ['stopped']],
];

export interface Demo {
  teams: { id: number; institute_id: number; dept_id: number; members: number[] }[];
  benchTeam: number;
  leader: Caller;
  items: Map<
    number,
    {
      id: number;
      name: string;
      spec: string;
      brand: string | null;
      cas: string | null;
      catalog_no: string | null;
      grade: string | null;
      unit: string;
      price: number;
    }[]
  >;
}

export async function loadDemo(db: Kysely<DB>): Promise<Demo> {
  const teams = await db.selectFrom('team').select(['id', 'institute_id', 'dept_id', 'leader_user_id']).orderBy('id').execute();
  const members = await db.selectFrom('user_dept').select(['user_id', 'team_id']).where('team_id', 'is not', null).execute();
  const byInstitute = await db
    .selectFrom('app_user')
    .select(['id', 'institute_id'])
    .where('account_type', '=', 1)
    .where('institute_id', 'is not', null)
    .execute();
  const leader = await db.selectFrom('app_user').selectAll().where('user_name', '=', 'leader1').executeTakeFirstOrThrow();
  const benchTeam = teams.find((t) => t.leader_user_id === leader.id)?.id;
  if (!benchTeam) throw new Error('演示数据中找不到 leader1 的课题组');
  const items = await db
    .selectFrom('item')
    .leftJoin('brand', 'brand.id', 'item.brand_id')
    .select([
      'item.id',
      'item.supplier_id',
      'item.name',
      'item.spec',
      'brand.name as brand',
      'item.cas',
      'item.catalog_no',
      'item.grade',
      'item.unit',
      'item.price',
    ])
    .execute();
  const bySupplier = new Map<number, Demo['items'] extends Map<number, infer V> ? V : never>();
  for (const it of items) bySupplier.set(it.supplier_id, [...(bySupplier.get(it.supplier_id) ?? []), it]);
  return {
    teams: teams.map((t) => {
      const own = members.filter((m) => m.team_id === t.id).map((m) => m.user_id);
      // a team with no members of its own orders through its institute's buyers
      return { ...t, members: own.length ? own : byInstitute.filter((u) => u.institute_id === t.institute_id).map((u) => u.id) };
    }),
    benchTeam,
    items: bySupplier,
    leader: {
      userId: leader.id,
      userName: leader.user_name,
      accountType: leader.account_type,
      instituteId: leader.institute_id,
      supplierId: null,
      deptId: leader.current_dept_id,
      deptPath: null,
      teamId: benchTeam,
      roleIds: [],
      perms: new Set(),
      pageFlags: new Set(),
      mustChangePassword: false,
      dataScope: 'team',
      fid: 'bench',
      aclVersion: null,
    },
  };
}

/** Rows for every engine: multi-row INSERTs in chunks under the bound-parameter limits, one transaction per batch. */
async function insertChunked<T extends keyof DB>(db: Kysely<DB>, table: T, rows: Record<string, unknown>[], perInsert: number) {
  for (let i = 0; i < rows.length; i += perInsert) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perInsert) as never)
      .execute();
  }
}

export async function buildOrders(
  database: Database,
  ORDERS: number,
  log: (...m: unknown[]) => void = console.log,
): Promise<{ seconds: number; counts: { orders: number; subs: number; lines: number; benchPending: number } }> {
  const started = Date.now();
  const db = database.db;
  await migrateToLatest(db);
  await ensureBaseData(db);
  await seedDemo(db);
  await seedCatalog(db, { items: 600 });
  const demo = await loadDemo(db);
  const suppliers = [...demo.items.keys()];
  const rand = rng(20261122);
  const pick = <V>(xs: V[]) => xs[Math.floor(rand() * xs.length)];
  const weightTotal = STATUS_MIX.reduce((a, s) => a + s[1], 0);
  const mix = () => {
    let r = rand() * weightTotal;
    for (const s of STATUS_MIX) {
      r -= s[1];
      if (r < 0) return s;
    }
    return STATUS_MIX[0];
  };
  const now = Date.now();
  const counts = { orders: 0, subs: 0, lines: 0, benchPending: 0 };
  const BATCH = 5_000;
  let subId = 0;
  let lineId = 0;
  for (let base = 0; base < ORDERS; base += BATCH) {
    const orders: Record<string, unknown>[] = [];
    const subs: Record<string, unknown>[] = [];
    const lines: Record<string, unknown>[] = [];
    for (let i = base; i < Math.min(ORDERS, base + BATCH); i++) {
      const id = i + 1;
      // ~5% are the bench team's orders awaiting its leader; the rest spread over every team and status
      const benchPending = rand() < 0.05;
      const team = benchPending ? (demo.teams.find((t) => t.id === demo.benchTeam) as Demo['teams'][number]) : pick(demo.teams);
      const [status, , subStates] = benchPending ? STATUS_MIX[0] : mix();
      if (status === 'pending_team' && team.id === demo.benchTeam) counts.benchPending++;
      const created = new Date(now - Math.floor(rand() * 365 * DAY));
      const at = created.toISOString();
      const orderNo = `PO${shanghaiDay(created.getTime()).replace(/-/g, '')}${String(id).padStart(10, '0')}`;
      const buyer = pick(team.members);
      const nSubs = 1 + Math.floor(rand() * 2.2);
      const chosen = [...suppliers].sort(() => rand() - 0.5).slice(0, nSubs);
      let goods = 0;
      for (const [k, supplierId] of chosen.entries()) {
        const sid = ++subId;
        const nLines = 1 + Math.floor(rand() * 2.5);
        let subGoods = 0;
        for (let l = 0; l < nLines; l++) {
          const it = pick(demo.items.get(supplierId) ?? []);
          const qty = 1 + Math.floor(rand() * 5);
          subGoods += it.price * qty;
          lines.push({
            id: ++lineId,
            order_id: id,
            sub_order_id: sid,
            item_id: it.id,
            name: it.name,
            spec: it.spec,
            brand: it.brand,
            cas: it.cas,
            catalog_no: it.catalog_no,
            grade: it.grade,
            unit: it.unit,
            unit_price: it.price,
            quantity: qty,
            amount: it.price * qty,
            hazard: '',
            delivered_qty: 0,
          });
        }
        goods += subGoods;
        subs.push({
          id: sid,
          order_id: id,
          sub_no: `${orderNo}-${k + 1}`,
          supplier_id: supplierId,
          goods_amount: subGoods,
          delivery_fee: 0,
          total_amount: subGoods,
          remark: null,
          status: pick(subStates),
          flags: '',
          reason: null,
          created_at: at,
          updated_at: at,
        });
      }
      orders.push({
        id,
        order_no: orderNo,
        buyer_id: buyer,
        placed_by_id: buyer,
        institute_id: team.institute_id,
        dept_id: team.dept_id,
        team_id: team.id,
        recv_province: '北京市',
        recv_city: '北京市',
        recv_district: '海淀区',
        recv_detail: '中关村北一街2号',
        recv_contact: '王晓明',
        recv_phone: '13810230001',
        goods_amount: goods,
        delivery_fee: 0,
        total_amount: goods,
        has_hazard: 0,
        status,
        idempotency_key: `bench-${id}`,
        approval_steps: goods >= 500_000 ? 'team,institute' : 'team',
        checker_required: 1,
        close_reason: null,
        created_at: at,
        updated_at: at,
      });
    }
    await db.transaction().execute(async (trx) => {
      await insertChunked(trx, 'purchase_order', orders, 1000);
      await insertChunked(trx, 'sub_order', subs, 2000);
      await insertChunked(trx, 'order_line', lines, 1500);
    });
    counts.orders += orders.length;
    counts.subs += subs.length;
    counts.lines += lines.length;
    if ((base + BATCH) % 25_000 === 0 || base + BATCH >= ORDERS)
      log(`  ${database.engine}: ${counts.orders.toLocaleString()} 单（${((Date.now() - started) / 1000).toFixed(0)} s）`);
  }
  if (database.engine === 'postgres') {
    // ids were given explicitly: move the identity sequences past them
    for (const t of ['purchase_order', 'sub_order', 'order_line'])
      await rawSql(db, `SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
    // what autovacuum does after a bulk load: statistics and the visibility map (index-only scans)
    await rawSql(db, 'VACUUM ANALYZE');
  }
  // SQLite gets no ANALYZE: the server never runs one on orders, so the planner works without statistics
  return { seconds: (Date.now() - started) / 1000, counts };
}

export async function rawSql(db: Kysely<DB>, text: string) {
  await sql.raw(text).execute(db);
}
