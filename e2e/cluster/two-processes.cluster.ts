import { randomBytes } from 'node:crypto';
import { makeNonce } from '@kc/contracts/platform/signing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, type RawAnswer, TINY_PNG } from '../support/api-session.ts';
import { type Cluster, startCluster } from '../support/cluster.ts';
import { addAddress, findOrderableItem, type OrderableItem, placeOrder } from '../support/order-setup.ts';
import type { RunningServer } from '../support/server.ts';

/**
 * docs/DEPLOY.md's deployment, for real: two server processes on one PostgreSQL database and one
 * Redis, behind nginx. Requests go straight to process A or B (to show that what one knows the
 * other knows) or through nginx (what a browser would do). The test process runs on the proxy's
 * host, which TRUST_PROXY names, so calls made straight to a process carry an X-Forwarded-For
 * client address of their own: each login then counts against its own address, and the per-address
 * limit on 127.0.0.1 — nginx's address — is left to the rate-limit check.
 */
const PASSWORD = 'Demo@2026';
const ADMIN_PASSWORD = 'Admin@2026';
const CJK = /[\u4e00-\u9fa5]/;

let cluster: Cluster;
const A = () => cluster.servers[0];
const B = () => cluster.servers[1];
const proxy = () => cluster.nginx.baseUrl;

let clients = 0;
/** a client address of its own for each login made straight to a process */
const clientAddress = () => `10.77.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`;
const login = (server: RunningServer, user: string, password = PASSWORD) => ApiSession.login(server.baseUrl, user, password, { forwardedFor: clientAddress() });
const INFO = '/uac/v1/caas-user/getUserAllInfo';

/** A password-grant attempt as it came back (no throw): freezing and rate-limit checks. */
function tryLogin(baseUrl: string, user: string, password: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return ApiSession.anonymous(baseUrl).raw('POST', '/uac/oauth/token?captcha=abcd&randomStr=e2eRandomStr01', {
    body: new URLSearchParams({ grant_type: 'password', username: user, password }).toString(),
    contentType: 'application/x-www-form-urlencoded',
    headers,
  });
}

const upstreamOf = (r: RawAnswer) => r.headers.get('x-upstream') ?? '';
const addressOf = (s: RunningServer) => `127.0.0.1:${s.port}`;

/** Polls `check` until it answers true, or fails after `ms`. */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for: ${what}`);
}

const scalar = async (sql: string, params: unknown[] = []) => Number(Object.values((await cluster.db.query(sql, params)).rows[0])[0]);

describe('two server processes behind nginx, on PostgreSQL and Redis', () => {
  let item: OrderableItem;
  let addressId: number;

  beforeAll(async () => {
    const t0 = Date.now();
    cluster = await startCluster();
    console.log(`cluster up in ${Date.now() - t0} ms: A ${A().baseUrl}, B ${B().baseUrl}, nginx ${proxy()}`);
    const buyer = await login(A(), 'buyer1');
    item = (await findOrderableItem(buyer, 100, '北京市')).item;
    addressId = (await addAddress(buyer)).id;
  });

  afterEach((ctx) => {
    // a failure in CI: what the processes and nginx said
    if (ctx.task.result?.state !== 'fail' || !cluster) return;
    for (const [name, s] of [
      ['A', A()],
      ['B', B()],
    ] as const)
      console.error(`── server ${name} (${s.baseUrl}) ──\n${s.output().slice(-3000)}`);
    console.error(`── nginx ──\n${cluster.nginx.output().slice(-2000)}`);
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  it('both processes, started at the same moment on an empty database, came up; nginx sends requests to each', async () => {
    for (const s of cluster.servers) expect((await fetch(`${s.baseUrl}/readyz`)).status).toBe(200);
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${proxy()}/readyz`);
      expect(r.status).toBe(200);
      seen.add(r.headers.get('x-upstream') ?? '');
    }
    expect(seen).toEqual(new Set([addressOf(A()), addressOf(B())]));
    // the seeding ran once: one set of demo accounts
    expect(await scalar("SELECT COUNT(*) FROM app_user WHERE user_name = 'buyer1'")).toBe(1);
  });

  it('a session made on A works on B', async () => {
    const s = await login(A(), 'buyer1');
    const onB = await s.at(B().baseUrl).get<{ user: { userName: string } }>(INFO);
    expect(onB.user.userName).toBe('buyer1');
    expect((await s.raw('GET', INFO)).status).toBe(200);
    // what they share is in Redis under the cluster's own prefix (REDIS_PREFIX), deleted after the run
    expect((await cluster.redisKeys()).length).toBeGreaterThan(0);
  });

  it('a nonce used on A is refused on B', async () => {
    const s = await login(A(), 'buyer1');
    const nonce = makeNonce();
    expect((await s.raw('GET', INFO, { nonce })).status).toBe(200);
    const replay = await s.at(B().baseUrl).raw('GET', INFO, { nonce });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ code: 40001, message: '非法请求！', data: null });
  });

  it('a logout on B ends the session on A and B at once', async () => {
    const s = await login(A(), 'buyer2');
    expect((await s.at(B().baseUrl).raw('GET', INFO)).status).toBe(200);
    expect((await s.at(B().baseUrl).raw('DELETE', '/uac/v1/caas-user/logout')).status).toBe(200);
    for (const server of [A(), B()]) {
      const after = await s.at(server.baseUrl).raw('GET', INFO);
      expect(after.status).toBe(401);
      expect(after.body.error).toBe('invalid_token');
    }
  });

  it('a password change on B ends every session of the account, made on A or B, on both', async () => {
    const onA = await login(A(), 'assistant1');
    const onB = await login(B(), 'assistant1');
    await onA.at(B().baseUrl).post('/uac/v1/caas-user/verifyAndModify', { oldPassword: PASSWORD, newPassword: 'Cluster2026x' });
    for (const s of [onA, onB]) for (const server of [A(), B()]) expect((await s.at(server.baseUrl).raw('GET', INFO)).status).toBe(401);
    expect((await tryLogin(A().baseUrl, 'assistant1', PASSWORD, { 'x-forwarded-for': clientAddress() })).body.code).toBe(40003);
    await login(A(), 'assistant1', 'Cluster2026x');
  });

  it('failed logins count towards freezing on both processes together', async () => {
    const headers = { 'x-forwarded-for': clientAddress() };
    for (let i = 0; i < 4; i++) {
      const r = await tryLogin((i % 2 ? B() : A()).baseUrl, 'freeze1', 'Wrong@2026', headers);
      expect(r.body.code, JSON.stringify(r.body)).toBe(40003);
    }
    // the fifth failure, on B after two on each: frozen
    expect((await tryLogin(B().baseUrl, 'freeze1', 'Wrong@2026', headers)).body.code).toBe(10035);
    // and the right password does not help, on either
    expect((await tryLogin(A().baseUrl, 'freeze1', PASSWORD, headers)).body.code).toBe(10035);
    expect((await tryLogin(B().baseUrl, 'freeze1', PASSWORD, headers)).body.code).toBe(10035);
  });

  it('the login limit per address counts on both processes, and a forged X-Forwarded-For through nginx does not reset it', async () => {
    // 30 attempts a minute per address; each claims another address, which nginx overwrites with its client's (127.0.0.1)
    const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });
    const first = await Promise.all(Array.from({ length: 30 }, (_, i) => tryLogin(proxy(), `ghost-${i}`, 'x', forged(i))));
    expect(first.filter((r) => r.status === 429)).toHaveLength(0);
    // spread over both processes by nginx
    expect(new Set(first.map(upstreamOf))).toEqual(new Set([addressOf(A()), addressOf(B())]));
    const over = await tryLogin(proxy(), 'ghost-31', 'x', forged(31));
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(CJK);
    // the counter is the address's, not a process's: straight to either process from 127.0.0.1, refused too
    for (const s of [A(), B()]) expect((await tryLogin(s.baseUrl, 'buyer1', PASSWORD)).status).toBe(429);
  });

  it('a role the admin takes away on A is enforced on both processes at the next request', async () => {
    const buyer = await login(B(), 'buyer2');
    // warm both processes' permission caches with the role still held
    for (const s of [A(), B()]) expect((await buyer.at(s.baseUrl).raw('GET', '/mall/v1/order/agentBuyers')).status).toBe(200);
    const admin = await login(A(), 'admin', ADMIN_PASSWORD);
    const buyer2 = await scalar("SELECT id FROM app_user WHERE user_name = 'buyer2'");
    await admin.post('/uac/v1/role/setUserRoles', { userId: buyer2, roleIds: [] });
    for (const s of [A(), B()]) {
      const r = await buyer.at(s.baseUrl).raw('GET', '/mall/v1/order/agentBuyers');
      expect(r.status, s.baseUrl).toBe(400);
      expect(r.body.code).toBe(40300);
    }
    // the session itself lives on: only the right is gone
    expect((await buyer.at(A().baseUrl).raw('GET', INFO)).status).toBe(200);
  });

  it('an order placed through A is approved through B', async () => {
    const buyer = await login(A(), 'buyer1');
    await cluster.db.query('UPDATE item SET stock = 100 WHERE id = $1', [item.id]);
    const placed = await placeOrder(buyer, item.id, 1, addressId);
    const status = async () => (await buyer.get<{ status: string }>(`/mall/v1/order-detail/${placed.orderId}`)).status;
    expect(await status()).toBe('pending_team');
    const leader = await login(B(), 'leader1');
    await leader.post('/mall/v1/order-caas/team/pass', { ids: [placed.orderId] });
    if ((await status()) === 'pending_institute') await (await login(B(), 'owner1')).post('/mall/v1/order-caas/institute/pass', { ids: [placed.orderId] });
    expect(await status()).toBe('approved');
  });

  it('40 orders at once, split across both processes, on an item with 5 in stock: exactly 5 are placed', async () => {
    await cluster.db.query('UPDATE item SET stock = 5 WHERE id = $1', [item.id]);
    const linesBefore = await scalar('SELECT COUNT(*) FROM order_line WHERE item_id = $1', [item.id]);
    const buyer = await login(A(), 'buyer1');
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => placeOrder(buyer.at((i % 2 ? B() : A()).baseUrl), item.id, 1, addressId)));
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(placed).toHaveLength(5);
    // refused as a business answer (40000: 库存不足, or 商品缺货 once none is left), never an error
    for (const r of refused) expect(String(r.reason)).toMatch(/ 400 40000 .*(库存不足|缺货)/);
    expect(await scalar('SELECT stock FROM item WHERE id = $1', [item.id])).toBe(0);
    expect((await scalar('SELECT COUNT(*) FROM order_line WHERE item_id = $1', [item.id])) - linesBefore).toBe(5);
  });

  it('one idempotency key sent to both processes at once makes one order', async () => {
    await cluster.db.query('UPDATE item SET stock = 100 WHERE id = $1', [item.id]);
    const buyer = await login(A(), 'buyer1');
    const body = { direct: { itemId: item.id, quantity: 1 }, addressId, idempotencyKey: randomBytes(8).toString('hex') };
    const [a, b] = await Promise.all([A(), B()].map((s) => buyer.at(s.baseUrl).post<{ orderId: number; orderNo: string }>('/mall/v1/order/create', body)));
    expect(a.orderId).toBe(b.orderId);
    expect(await scalar('SELECT COUNT(*) FROM purchase_order WHERE idempotency_key = $1', [body.idempotencyKey])).toBe(1);
  });

  it('a file uploaded through A downloads through B (files live in PostgreSQL)', async () => {
    const buyer = await login(A(), 'buyer1');
    // over 256 KB: stored in several chunks
    const data = Buffer.concat([TINY_PNG, randomBytes(600 * 1024)]);
    const form = new FormData();
    form.append('file', new Blob([data], { type: 'image/png' }), '报销附件.png');
    const up = await buyer.raw('POST', '/uac/file/upload?purpose=claim', { body: form });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const [file] = up.body.data.succeeded as { url: string; size: number }[];
    expect(file.size).toBe(data.length);
    const down = await fetch(new URL(file.url, B().baseUrl));
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(data)).toBe(true);
  });

  it('kill -9 of A under load: no acknowledged write is lost, reads are retried by nginx, A restarted is back in service', async () => {
    await cluster.db.query('UPDATE item SET stock = 100000 WHERE id = $1', [item.id]);
    const viaProxy = (await login(A(), 'buyer1')).at(proxy());
    const READERS = 2;
    type Answer = { status: number; code?: number; upstream: string; at: number };
    const reads: Answer[] = [];
    const writes: (Answer & { orderNo?: string; key: string })[] = [];
    let stopLoad = false;
    let killedAt = Number.POSITIVE_INFINITY;
    /** one call through nginx; a connection that breaks mid-answer is recorded as status 0 */
    const call = async (method: string, path: string, body?: string): Promise<Answer & { data?: any }> => {
      try {
        const r = await viaProxy.raw(method, path, body === undefined ? {} : { body });
        return { status: r.status, code: r.body?.code, data: r.body?.data, upstream: upstreamOf(r), at: Date.now() };
      } catch {
        return { status: 0, upstream: '', at: Date.now() };
      }
    };
    const reader = async () => {
      while (!stopLoad) {
        const { data: _, ...r } = await call('GET', INFO);
        reads.push(r);
      }
    };
    // one writer, so at most one write is in flight when A dies
    const writer = async () => {
      while (!stopLoad) {
        const body = { direct: { itemId: item.id, quantity: 1 }, addressId, idempotencyKey: randomBytes(8).toString('hex') };
        const { data, ...r } = await call('POST', '/mall/v1/order/create', JSON.stringify(body));
        writes.push({ ...r, orderNo: data?.orderNo, key: body.idempotencyKey });
      }
    };
    const load = Promise.all([...Array.from({ length: READERS }, reader), writer()]);
    try {
      const servedBy = (s: RunningServer, since = 0) => reads.some((r) => r.at >= since && r.upstream === addressOf(s));
      await until('load reaches A', () => servedBy(A()) && writes.some((w) => w.code === 200));
      const port = A().port;
      await A().kill('SIGKILL');
      killedAt = Date.now();
      const readsAtKill = reads.length;
      await until('30 reads after the kill', () => reads.length >= readsAtKill + 30);
      const t0 = Date.now();
      const again = await cluster.restart(0);
      expect(again.port).toBe(port);
      console.log(`A restarted in ${Date.now() - t0} ms`);
      expect((await fetch(`${again.baseUrl}/readyz`)).status).toBe(200);
      const restartedAt = Date.now();
      // nginx tries A again once its fail_timeout (10 s) has passed
      await until('nginx sends reads to the restarted A', () => servedBy(again, restartedAt));
    } finally {
      stopLoad = true;
      await load;
    }

    const ok = (r: Answer) => r.status === 200 && r.code === 200;
    const failedReads = reads.filter((r) => !ok(r));
    const retried = reads.filter((r) => r.upstream.includes(','));
    const acknowledged = writes.filter(ok).map((w) => w.orderNo as string);
    const failedWrites = writes.filter((w) => !ok(w));
    const show = (xs: Answer[]) => xs.map((x) => `${x.status}/${x.code ?? '-'} via ${x.upstream || '?'}`).join('; ') || 'none';
    console.log(
      `kill -9 under load: ${reads.length} reads (${retried.length} retried by nginx on B; failed: ${show(failedReads)}), ` +
        `${writes.length} writes (${acknowledged.length} acknowledged; failed: ${show(failedWrites)})`,
    );
    // nginx passed the GETs A could not answer to B: connections refused after the kill, and those in flight on A
    expect(retried.length).toBeGreaterThan(0);
    for (const r of retried) expect(r.upstream).toBe(`${addressOf(A())}, ${addressOf(B())}`);
    expect(reads.some((r) => r.at > killedAt && r.upstream === addressOf(B()))).toBe(true);
    // What the client may see fail: only a GET that was in flight on A when it died, at most one per
    // reader. Retried on B, it is refused as a replay (400 40001) if A had already recorded its nonce
    // in Redis — the signature makes a request usable once, and a proxy's retry is a replay. (Or, if
    // A died while writing the answer, the connection breaks: status 0.) Every other GET succeeds.
    expect(failedReads.length).toBeLessThanOrEqual(READERS);
    for (const r of failedReads) {
      if (r.status === 0) continue;
      expect(r).toMatchObject({ status: 400, code: 40001, upstream: `${addressOf(A())}, ${addressOf(B())}` });
    }
    // every order the client was told about is in the database
    const stored = await cluster.db.query<{ order_no: string }>('SELECT order_no FROM purchase_order WHERE order_no = ANY($1)', [acknowledged]);
    expect(new Set(stored.rows.map((r) => r.order_no))).toEqual(new Set(acknowledged));
    // a POST already sent to A when it died is not sent again (non_idempotent is off): nginx answers
    // 502 and the client cannot know whether it was placed. One writer: at most one such write.
    expect(failedWrites.length).toBeLessThanOrEqual(1);
    for (const w of failedWrites) expect([0, 502]).toContain(w.status);
    // (whether it was placed depends on how far A got: said for the record, either is right)
    for (const w of failedWrites) {
      const placed = await scalar('SELECT COUNT(*) FROM purchase_order WHERE idempotency_key = $1', [w.key]);
      console.log(`the write A took down with it was ${placed ? 'placed (committed before the kill)' : 'not placed'}`);
    }
  });
});
