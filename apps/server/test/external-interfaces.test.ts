import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, demoSessions } from './support/sessions.ts';

/**
 * 外部接口: the registry (admin only), the item page's lookup through it (a 1 s limit, never an
 * error, “外部服务暂不可用”), the breaker that stops calling a failing service, the day counts and the
 * call log, and the 90-day purge. The external service is a small HTTP server started here.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
let server: http.Server;
let base: string;
let hits = 0;
/** what the fake service does next: answer, fail, or hang */
let mode: 'ok' | 'fail' | 'hang' = 'ok';

const lookup = (kind: string, id: string) => call(t.app, 'GET', `/interface/v1/externalInterface/lookup?kind=${kind}&id=${id}`);
const body = (over: Record<string, unknown> = {}) => ({
  code: 'reagent-db',
  name: '试剂数据库',
  kind: 'item',
  url: `${base}/products/{id}`,
  method: 'GET',
  timeoutMs: 1000,
  enabled: true,
  remark: null,
  ...over,
});

beforeAll(async () => {
  server = http.createServer((rq, rs) => {
    hits++;
    if (mode === 'hang') return; // never answers
    if (mode === 'fail') {
      rs.writeHead(503, { 'content-type': 'application/json' });
      rs.end('{"error":"down"}');
      return;
    }
    const id = decodeURIComponent((rq.url ?? '').split('/').pop() ?? '');
    rs.writeHead(200, { 'content-type': 'application/json' });
    rs.end(JSON.stringify({ code: 0, data: { 货号: id, 名称: '乙腈 色谱纯', CAS: '75-05-8', 纯度: '≥99.9%', 备注: null } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await t.close();
});

describe('registry', () => {
  it('only the platform admin manages it; the URL needs {id}, the timeout at most 1000 ms, codes are unique', async () => {
    for (const u of ['buyer1', 'owner1', 'supplier1']) expect((await req(u, 'GET', '/interface/v1/externalInterface/query')).body.code, u).toBe(40300);
    expect((await req('owner1', 'POST', '/interface/v1/externalInterface/create', body())).body.code).toBe(40300);
    expect((await req('admin', 'POST', '/interface/v1/externalInterface/create', body({ url: `${base}/products` }))).body.message).toContain('{id}');
    expect((await req('admin', 'POST', '/interface/v1/externalInterface/create', body({ timeoutMs: 5000 }))).body.message).toContain('1000');
    const made = await req('admin', 'POST', '/interface/v1/externalInterface/create', body());
    expect(made.body.code).toBe(200);
    expect((await req('admin', 'POST', '/interface/v1/externalInterface/create', body())).body.code).toBe(40009);
    const page = (await req('admin', 'GET', '/interface/v1/externalInterface/query?kind=item')).body.data;
    expect(page.records).toEqual([expect.objectContaining({ id: made.body.data.id, code: 'reagent-db', breaker: 'closed', todayCalls: 0 })]);
  });
});

describe('lookups', () => {
  it('answers the external fields; nothing configured for a kind is not an error', async () => {
    mode = 'ok';
    const r = (await lookup('item', 'A0001')).body;
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ configured: true, available: true, source: '试剂数据库' });
    expect(r.data.fields).toEqual([
      { label: '货号', value: 'A0001' },
      { label: '名称', value: '乙腈 色谱纯' },
      { label: 'CAS', value: '75-05-8' },
      { label: '纯度', value: '≥99.9%' },
    ]);
    expect((await lookup('dilution', 'A0001')).body.data).toMatchObject({ configured: false, available: false });
    expect((await lookup('item', '../etc')).body.code).toBe(40000);
  });

  it('a service that does not answer: the lookup gives up after 1 s and says 外部服务暂不可用', async () => {
    mode = 'hang';
    const started = Date.now();
    const r = (await lookup('item', 'A0002')).body;
    const took = Date.now() - started;
    expect(r).toMatchObject({ code: 200, data: { available: false, message: '外部服务暂不可用' } });
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(1800);
    const log = (await req('admin', 'GET', '/interface/v1/externalServeLog/query?outcome=timeout')).body.data.records;
    expect(log[0]).toMatchObject({ target: 'A0002', outcome: 'timeout', httpStatus: null, interfaceName: '试剂数据库' });
    expect(log[0].latencyMs).toBeGreaterThanOrEqual(950);
  });

  it('half of the calls failing opens the breaker: no more calls go out, the page answers at once', async () => {
    mode = 'fail';
    // so far 1 ok + 1 timeout; 3 more failures make 4 of 5
    for (let i = 0; i < 3; i++) expect((await lookup('item', `F${i}`)).body.data.message).toBe('外部服务暂不可用');
    const id = (await req('admin', 'GET', '/interface/v1/externalInterface/query')).body.data.records[0].id;
    expect((await req('admin', 'GET', '/interface/v1/externalInterface/query')).body.data.records[0].breaker).toBe('open');
    const before = hits;
    const started = Date.now();
    expect((await lookup('item', 'F9')).body.data).toMatchObject({ available: false, message: '外部服务暂不可用' });
    expect(Date.now() - started).toBeLessThan(500);
    expect(hits).toBe(before);
    const opened = (await req('admin', 'GET', '/interface/v1/externalServeLog/query?outcome=open')).body.data.records;
    expect(opened[0]).toMatchObject({ target: 'F9', latencyMs: 0 });

    // the day's counts
    const all = (await req('admin', 'GET', '/interface/v1/externalCount/getServeCountALl')).body.data;
    expect(all).toEqual([expect.objectContaining({ interfaceId: id, calls: 6, failures: 5, todayCalls: 6, todayFailures: 5 })]);
    const days = (await req('admin', 'GET', `/interface/v1/externalCount/query?interfaceId=${id}`)).body.data.records;
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ calls: 6, failures: 5 });

    // modifying the interface (the admin fixed its URL) starts a fresh breaker
    mode = 'ok';
    expect((await req('admin', 'POST', '/interface/v1/externalInterface/modify', { id, ...body({ name: '试剂数据库（新）' }) })).body.code).toBe(200);
    expect((await lookup('item', 'A0003')).body.data).toMatchObject({ available: true, source: '试剂数据库（新）' });
  });

  it('the nightly purge removes log rows and counts older than 90 days', async () => {
    const db = t.ctx.database.db;
    const id = (await req('admin', 'GET', '/interface/v1/externalInterface/query')).body.data.records[0].id;
    await db
      .insertInto('external_serve_log')
      .values({ interface_id: id, target: 'OLD', outcome: 'ok', http_status: 200, latency_ms: 12, error: null, called_at: '2020-01-01T00:00:00.000Z' })
      .execute();
    await db.insertInto('external_count').values({ interface_id: id, day: '2020-01-01', calls: 1, failures: 0, latency_total_ms: 12 }).execute();
    const { ExternalService } = await import('../src/modules/supply/external/external.service.ts');
    const { ExternalRepository } = await import('../src/modules/supply/external/external.repository.ts');
    const purged = await new ExternalService(new ExternalRepository(db)).purge();
    expect(purged).toEqual({ logs: 1, counts: 1 });
    expect(await db.selectFrom('external_serve_log').select('id').where('target', '=', 'OLD').execute()).toEqual([]);
    // recent rows stay
    expect((await db.selectFrom('external_serve_log').select('id').execute()).length).toBeGreaterThan(5);
  });

  it('a deleted interface is no longer used and frees its code', async () => {
    const id = (await req('admin', 'GET', '/interface/v1/externalInterface/query')).body.data.records[0].id;
    expect((await req('buyer1', 'DELETE', `/interface/v1/externalInterface/delete/${id}`)).body.code).toBe(40300);
    expect((await req('admin', 'DELETE', `/interface/v1/externalInterface/delete/${id}`)).body.code).toBe(200);
    expect((await lookup('item', 'A0004')).body.data.configured).toBe(false);
    expect((await req('admin', 'POST', '/interface/v1/externalInterface/create', body())).body.code).toBe(200);
  });
});
