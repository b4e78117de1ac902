// bench:order — order placement through the signed HTTP API (validation, session, permission,
// confirmation rules, one transaction) against a raw SQL transaction making the same writes on
// the same database in the same run. SQLite by default; PostgreSQL when DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { startProductServer } from './support/processes.ts';
import { machineLine, writeSection } from './support/report.ts';
import { loginOverHttp, signHeaders } from './support/signed-fetch.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const pgUrl = process.env.DATABASE_URL ?? null;

/**
 * The writes of one order, as plain SQL: order, sub-order, line, stock, the first order-log row,
 * audit, and the first approver's in-app message and SMS (outbox), as the API writes them.
 */
const WRITES = {
  order: `INSERT INTO purchase_order (order_no, buyer_id, placed_by_id, institute_id, dept_id, team_id, recv_province, recv_city, recv_district, recv_detail, recv_contact, recv_phone, goods_amount, delivery_fee, total_amount, has_hazard, status, idempotency_key, created_at, updated_at)
          VALUES ($1, $2, $2, $3, $4, $5, '北京市', '北京市', '海淀区', '中关村北一街2号', '王晓明', '13810230001', 2850, 0, 2850, 0, 'submitted', $6, $7, $7) RETURNING id`,
  sub: `INSERT INTO sub_order (order_id, sub_no, supplier_id, goods_amount, delivery_fee, total_amount, remark, status, created_at, updated_at) VALUES ($1, $2, $3, 2850, 0, 2850, NULL, 'submitted', $4, $4) RETURNING id`,
  line: `INSERT INTO order_line (order_id, sub_order_id, item_id, name, spec, brand, cas, catalog_no, grade, unit, unit_price, quantity, amount, hazard) VALUES ($1, $2, $3, '无水乙醇', '500ml', NULL, '64-17-5', 'B1', '分析纯', '瓶', 2850, 1, 2850, '')`,
  stock: 'UPDATE item SET stock = stock - 1, sales = sales + 1 WHERE id = $1 AND stock >= 1 AND on_shelf = 1 AND deleted = 0',
  audit: `INSERT INTO audit_log (user_id, action, target, detail, ip, created_at) VALUES ($1, 'order.create', $2, NULL, '127.0.0.1', $3)`,
  log: `INSERT INTO order_log (order_id, sub_order_id, actor_id, actor, action, from_status, to_status, reason, created_at) VALUES ($1, NULL, $2, 'buyer', 'submit', NULL, 'pending_team', NULL, $3)`,
  message: `INSERT INTO user_message (user_id, title, content, link, read, created_at) VALUES ($1, '订单待您审批', '金额 ¥28.50，请尽快处理', '/cass/order/detail', 0, $2)`,
  sms: `INSERT INTO outbox (channel, recipient, subject, body, status, created_at, sent_at) VALUES ('sms', '13810230002', '订单待您审批', '【科研采购平台】订单待您审批。金额 ¥28.50，请尽快处理', 'outbox', $1, NULL)`,
};
const sqliteSql = (s: string) => s.replace(/\$(\d+)/g, '@p$1');
/** positional values as the named parameters @p1, @p2 … of sqliteSql */
const named = (...v: unknown[]) => Object.fromEntries(v.map((x, i) => [`p${i + 1}`, x]));

const server = await startProductServer(pgUrl ? { DATABASE_URL: pgUrl, CATALOG_ITEMS: '200' } : { CATALOG_ITEMS: '200' });
const dbFile = path.join(server.dataDir, 'keyan.db');
try {
  const session = await loginOverHttp(server.url, 'buyer1', 'Demo@2026');
  // fixtures through plain SQL: one item with stock for the whole run
  const fixtures = pgUrl ? await pgFixtures(pgUrl) : sqliteFixtures(dbFile);
  const addr = await signedJson(server.url, session, 'POST', '/mall/v1/recvAddress/add', {
    province: '北京市',
    city: '北京市',
    district: '海淀区',
    detail: '中关村北一街2号 化学所1号楼301',
    contact: '王晓明',
    phone: '13810230001',
  });
  const addressId = addr.data.id as number;

  // HTTP: every request has its own submission key and nonce, signed before the run
  const target = '/mall/v1/order/create';
  const prepared = Array.from({ length: ROUNDS * SECONDS * 3000 }, () => {
    const body = JSON.stringify({ direct: { itemId: fixtures.itemId, quantity: 1 }, addressId, idempotencyKey: randomBytes(8).toString('hex') });
    return {
      body,
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', ...signHeaders('POST', target, body, session.signKey) },
    };
  });
  let next = 0;
  const placeOverHttp = async (seconds: number) => {
    const r = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: target,
          setupRequest: (req: any) => {
            const p = prepared[next++];
            req.body = p.body;
            req.headers = p.headers;
            return req;
          },
        },
      ],
    });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`HTTP 下单失败 ${r.non2xx + r.errors} 次`);
    return r;
  };
  // Alternating rounds on the same database (the server stays up and idle while the raw SQL
  // runs; SQLite's WAL lets that second connection write): on 2 shared cores a neighbour's burst
  // or a slow fsync hits one run, so the figure is the median of the rounds' ratios.
  await placeOverHttp(2);
  const rounds: { http: autocannon.Result; raw: number; ratio: number }[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const http = await placeOverHttp(SECONDS);
    const raw = pgUrl ? await rawPg(pgUrl, fixtures, CONNECTIONS) : rawSqlite(dbFile, fixtures);
    rounds.push({ http, raw, ratio: http.requests.average / raw });
    console.log(`第 ${r} 轮：HTTP 下单 ${http.requests.average.toFixed(0)} 单/秒（p99 ${http.latency.p99} ms），原始 SQL 事务 ${raw.toFixed(0)} 单/秒`);
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  console.log(`各轮比值：${rounds.map((x) => `${(x.ratio * 100).toFixed(1)}%`).join('、')}；中位数 ${(median.ratio * 100).toFixed(1)}%（目标 ≥ 50%）`);
  writeSection(
    `order-${pgUrl ? 'postgres' : 'sqlite'}`,
    `## bench:order — 下单接口与原始 SQL 事务对比（${pgUrl ? 'PostgreSQL' : 'SQLite'}）

${machineLine()} · ${ROUNDS} 轮交替，每轮各 ${SECONDS} s · HTTP ${CONNECTIONS} 连接（签名预先生成，每单独立提交标识）· 原始 SQL ${pgUrl ? `${CONNECTIONS} 个连接并发` : '单连接顺序执行、预编译语句'}，同一数据库、同样的写入（订单、子订单、明细、条件扣库存、订单日志、审计、审批人的站内消息与短信发件箱），同样的持久化设置（${pgUrl ? 'PostgreSQL 默认 fsync' : 'SQLite WAL + synchronous=FULL'}）

| 轮次 | POST /mall/v1/order/create 单/秒（签名、会话、权限、校验、确认规则、审批链、通知，一个事务） | p99 (ms) | 原始 SQL 事务 单/秒 | 比值 |
|---|---:|---:|---:|---:|
${rounds.map((x, i) => `| ${i + 1} | ${x.http.requests.average.toFixed(0)} | ${x.http.latency.p99} | ${x.raw.toFixed(0)} | ${(x.ratio * 100).toFixed(1)}% |`).join('\n')}

比值中位数：**${(median.ratio * 100).toFixed(1)}%**（目标 ≥ 50%）。
`,
  );
} finally {
  await server.stop().catch(() => {});
}

interface Fixtures {
  itemId: number;
  supplierId: number;
  userId: number;
  instituteId: number;
  deptId: number;
  teamId: number | null;
}

function sqliteFixtures(file: string): Fixtures {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  const u = db
    .prepare(`SELECT u.id, u.institute_id, u.current_dept_id, d.team_id FROM app_user u JOIN user_dept d ON d.user_id = u.id WHERE u.user_name = 'buyer1'`)
    .get() as any;
  const s = db.prepare(`SELECT id FROM supplier WHERE company_name LIKE '%国药%'`).get() as any;
  const now = new Date().toISOString();
  const r = db
    .prepare(
      `INSERT INTO item (supplier_id, name, spec, unit, price, stock, images, supply_areas, product_key, tokens, created_at, updated_at, grade, cas, catalog_no) VALUES (?, '无水乙醇（压测）', '500ml', '瓶', 2850, 1000000000, '[]', '', 'bench:1', '无水 乙醇', ?, ?, '分析纯', '64-17-5', 'B1')`,
    )
    .run(s.id, now, now);
  db.close();
  return { itemId: Number(r.lastInsertRowid), supplierId: s.id, userId: u.id, instituteId: u.institute_id, deptId: u.current_dept_id, teamId: u.team_id };
}

async function pgFixtures(url: string): Promise<Fixtures> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const u = (
    await c.query(`SELECT u.id, u.institute_id, u.current_dept_id, d.team_id FROM app_user u JOIN user_dept d ON d.user_id = u.id WHERE u.user_name = 'buyer1'`)
  ).rows[0];
  const s = (await c.query(`SELECT id FROM supplier WHERE company_name LIKE '%国药%'`)).rows[0];
  const now = new Date().toISOString();
  const r = await c.query(
    `INSERT INTO item (supplier_id, name, spec, unit, price, stock, images, supply_areas, product_key, tokens, created_at, updated_at, grade, cas, catalog_no) VALUES ($1, '无水乙醇（压测）', '500ml', '瓶', 2850, 1000000000, '[]', '', 'bench:1', '无水 乙醇', $2, $2, '分析纯', '64-17-5', 'B1') RETURNING id`,
    [s.id, now],
  );
  await c.end();
  return { itemId: r.rows[0].id, supplierId: s.id, userId: u.id, instituteId: u.institute_id, deptId: u.current_dept_id, teamId: u.team_id };
}

/** Orders per second of the same writes in one transaction each, for SECONDS. */
function rawSqlite(file: string, f: Fixtures): number {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  const st = Object.fromEntries(Object.entries(WRITES).map(([k, v]) => [k, db.prepare(sqliteSql(v))])) as Record<keyof typeof WRITES, SQLite.Statement>;
  const place = db.transaction((n: number) => {
    const now = new Date().toISOString();
    const no = `RAW${Date.now()}${n}`;
    const o = st.order.get(named(no, f.userId, f.instituteId, f.deptId, f.teamId, `raw-${n}-${Date.now()}`, now)) as { id: number };
    const s = st.sub.get(named(o.id, `${no}-1`, f.supplierId, now)) as { id: number };
    st.line.run(named(o.id, s.id, f.itemId));
    if (st.stock.run(named(f.itemId)).changes !== 1) throw new Error('库存不足');
    st.audit.run(named(f.userId, `order:${o.id}`, now));
    st.log.run(named(o.id, f.userId, now));
    st.message.run(named(f.userId, now));
    st.sms.run(named(now));
  });
  let n = 0;
  const until = Date.now() + SECONDS * 1000;
  while (Date.now() < until) place(n++);
  db.close();
  return n / SECONDS;
}

async function rawPg(url: string, f: Fixtures, connections: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  let n = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, w) => {
      const c = await pool.connect();
      while (Date.now() < until) {
        const now = new Date().toISOString();
        const no = `RAW${w}-${n++}-${Date.now()}`;
        await c.query('BEGIN');
        const o = (await c.query(WRITES.order, [no, f.userId, f.instituteId, f.deptId, f.teamId, `raw-${no}`, now])).rows[0];
        const s = (await c.query(WRITES.sub, [o.id, `${no}-1`, f.supplierId, now])).rows[0];
        await c.query(WRITES.line, [o.id, s.id, f.itemId]);
        await c.query(WRITES.stock, [f.itemId]);
        await c.query(WRITES.audit, [f.userId, `order:${o.id}`, now]);
        await c.query(WRITES.log, [o.id, f.userId, now]);
        await c.query(WRITES.message, [f.userId, now]);
        await c.query(WRITES.sms, [now]);
        await c.query('COMMIT');
      }
      c.release();
    }),
  );
  await pool.end();
  return n / SECONDS;
}

async function signedJson(base: string, s: { token: string; signKey: string }, method: string, target: string, json: unknown) {
  const body = JSON.stringify(json);
  const r = await fetch(base + target, {
    method,
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json', ...signHeaders(method, target, body, s.signKey) },
    body,
  });
  const j = (await r.json()) as { code: number; message: string; data: any };
  if (j.code !== 200) throw new Error(`${target} 失败：${j.message}`);
  return j;
}
