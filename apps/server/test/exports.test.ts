import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExportRecordsRepository } from '../src/modules/oversight/exports/export-records.repository.ts';
import { ExportRecordsService } from '../src/modules/oversight/exports/export-records.service.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { completedSubOrder } from './support/invoice-fixture.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

/**
 * Asynchronous exports (导出记录): a record runs to done through the real job runner, the file holds
 * the list's rows (the same as the synchronous export), the scope holds at addRecord, in the job and
 * at download, the signed link expires, progress moves, expired records go with their files.
 */
let t: TestApp;
const { as } = demoSessions(() => t);
const s: Record<string, Session> = {};
const db = () => t.ctx.database.db;
const get = (who: Session, url: string) => call(t.app, 'GET', url, { session: who });
const post = (who: Session, url: string, json: unknown) => call(t.app, 'POST', url, { session: who, json });

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['buyer1', 'buyer2', 'leader1', 'leader2', 'owner1', 'owner2', 'finance1', 'finance2', 'supplier1', 'supplier1a', 'supplier2', 'admin'])
    s[u] = await as(u);
  // completed orders of two institutes, from two suppliers
  for (let i = 0; i < 3; i++) await completedSubOrder(db(), 'buyer1', { lines: [10_000, 2_500], supplier: '国药' });
  await completedSubOrder(db(), 'buyer1', { lines: [7_700], supplier: '阿拉丁' });
  await completedSubOrder(db(), 'buyer2', { lines: [9_900], supplier: '国药' });
  await t.ctx.jobs.start();
});
afterAll(async () => {
  await t.ctx.jobs.stop();
  await t.close();
});

/** Polls getFileInfo until the record ends (the job runner is running). */
async function finished(who: Session, id: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await get(who, `/mall/v1/export/getFileInfo?id=${id}`);
    expect(r.body.code).toBe(200);
    if (r.body.data.status === 'done' || r.body.data.status === 'failed') return r.body.data;
    if (Date.now() > deadline) throw new Error(`export ${id} still ${r.body.data.status}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function sheetOf(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return { header, rows };
}

const download = (url: string) => call(t.app, 'GET', url);

/** A queued record written straight into the table (no job). */
async function queuedRecord(userName: string, page: string) {
  const user = await db().selectFrom('app_user').select(['id', 'institute_id']).where('user_name', '=', userName).executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const r = await db()
    .insertInto('export_record')
    .values({
      kind: 'orders',
      page,
      user_id: user.id,
      institute_id: user.institute_id,
      supplier_id: null,
      filter: JSON.stringify({ tab: 'all' }),
      status: 'queued',
      progress: 0,
      row_count: 0,
      file_id: null,
      file_name: '订单导出.xlsx',
      error: null,
      created_at: at,
      started_at: null,
      finished_at: null,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

describe('asynchronous exports', () => {
  it('runs to done and the file holds what the synchronous export holds', async () => {
    const add = await post(s.leader1, '/mall/v1/export/addRecord', { page: 'team', filter: { tab: 'all' } });
    expect(add.body.code).toBe(200);
    expect(add.body.data).toMatchObject({ status: 'queued', progress: 0, page: 'team', pageText: '课题组审批订单' });
    const rec = await finished(s.leader1, add.body.data.id);
    expect(rec).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(rec.downloadUrl).toMatch(/^\/uac\/file\/noauth\/download\?id=\d+&expires=\d+&sig=[0-9a-f]+$/);
    expect(Date.parse(rec.expiresAt) - Date.parse(rec.createdAt)).toBe(7 * 86_400_000);

    const file = await download(rec.downloadUrl);
    expect(file.status).toBe(200);
    const asyncSheet = await sheetOf(file.raw.rawPayload);
    const syncSheet = await sheetOf((await get(s.leader1, '/mall/v1/order-caas/team/export')).raw.rawPayload);
    expect(asyncSheet.header).toEqual(syncSheet.header);
    expect(asyncSheet.rows).toEqual(syncSheet.rows);
    // buyer1's 3 + 1 orders with 7 lines; buyer2's (another institute) absent
    expect(asyncSheet.rows).toHaveLength(7);
    expect(rec.rowCount).toBe(7);
    expect(asyncSheet.rows.some((r) => r.采购人 === '林芳')).toBe(false);
    const audit = await db().selectFrom('audit_log').select('target').where('action', '=', 'order.exportAsync').execute();
    expect(audit.map((a) => a.target)).toContain(`export:${rec.id}`);
  });

  it('keeps each record to its owner, the institute officers and the platform', async () => {
    const add = await post(s.leader1, '/mall/v1/export/addRecord', { page: 'institute', filter: { tab: 'all', status: 'completed' } });
    // leader1 is no institute owner: the list's own refusal
    expect(add.body.code).toBe(40300);
    const mine = await post(s.leader1, '/mall/v1/export/addRecord', { page: 'team', filter: { tab: 'all', dateFrom: '2020-01-01' } });
    const id = mine.body.data.id;
    await finished(s.leader1, id);

    // another institute's buyer, team leader, owner and finance: not found
    for (const u of ['buyer2', 'leader2', 'owner2', 'finance2']) expect((await get(s[u], `/mall/v1/export/getFileInfo?id=${id}`)).status).toBe(404);
    // a buyer of the same institute who is no officer: not found either; its owner and finance see it
    expect((await get(s.buyer1, `/mall/v1/export/getFileInfo?id=${id}`)).status).toBe(404);
    for (const u of ['owner1', 'finance1', 'admin']) expect((await get(s[u], `/mall/v1/export/getFileInfo?id=${id}`)).body.data.downloadUrl).toBeTruthy();
    // suppliers never see a buyer's record
    expect((await get(s.supplier1, `/mall/v1/export/getFileInfo?id=${id}`)).status).toBe(404);

    const ids = (r: { body: { data: { records: { id: number }[] } } }) => r.body.data.records.map((x) => x.id);
    expect(ids(await get(s.owner1, '/mall/v1/orderExport/institute/page'))).toContain(id);
    expect(ids(await get(s.finance1, '/mall/v1/orderExport/institute/page?status=done'))).toContain(id);
    expect(ids(await get(s.owner2, '/mall/v1/orderExport/institute/page'))).not.toContain(id);
    expect(ids(await get(s.admin, '/mall/v1/orderExport/admin/page'))).toContain(id);
    expect(ids(await get(s.leader1, '/mall/v1/export/page'))).toContain(id);
    expect(ids(await get(s.buyer1, '/mall/v1/export/page'))).not.toContain(id);
    // wrong roles
    expect((await get(s.buyer1, '/mall/v1/orderExport/institute/page')).body.code).toBe(40300);
    expect((await get(s.owner1, '/mall/v1/orderExport/admin/page')).body.code).toBe(40300);
    expect((await get(s.supplier1, '/mall/v1/orderExport/admin/page')).body.code).toBe(40300);
    // buyer1's role has no export flag on 我的订单; nobody but the platform exports the admin list
    expect((await post(s.buyer1, '/mall/v1/export/addRecord', { page: 'buyer' })).body.code).toBe(40300);
    expect((await post(s.owner1, '/mall/v1/export/addRecord', { page: 'admin' })).body.code).toBe(40300);
    expect((await post(s.supplier1, '/mall/v1/export/addRecord', { page: 'team' })).body.code).toBe(40300);
    expect((await post(s.leader1, '/mall/v1/export/addRecord', { page: 'supplier' })).status).toBe(400);
    expect((await post(s.leader1, '/mall/v1/export/addRecord', { page: 'team', filter: { dateFrom: 'yesterday' } })).body.code).toBe(40000);
    expect((await get(s.leader1, '/mall/v1/export/getFileInfo?id=99999999')).status).toBe(404);
  });

  it('checks the scope again in the job', async () => {
    // a record of the platform's list in leader1's name (as if tampered with): the job refuses it
    const id = await queuedRecord('leader1', 'admin');
    await t.ctx.jobs.enqueue(db(), 'exports.run', { recordId: id });
    const rec = await finished(s.leader1, id);
    expect(rec).toMatchObject({ status: 'failed', error: '您没有导出该页面数据的权限', downloadUrl: null });
  });

  it("exports a supplier's own sub-orders", async () => {
    const add = await post(s.supplier1a, '/supplier/v1/order/op/export_async_post', { filter: { tab: 'all' } });
    expect(add.body.code).toBe(200);
    const rec = await finished(s.supplier1a, add.body.data.id);
    const x = await sheetOf((await download(rec.downloadUrl)).raw.rawPayload);
    // 国药's sub-orders of both institutes: 3 × 2 lines + 1
    expect(x.rows).toHaveLength(7);
    expect(new Set(x.rows.map((r) => r.供应商))).toEqual(new Set(['国药集团化学试剂有限公司']));
    // the supplier's other account sees it; another supplier and buyers do not
    expect((await get(s.supplier1, `/mall/v1/export/getFileInfo?id=${rec.id}`)).body.code).toBe(200);
    expect((await get(s.supplier2, `/mall/v1/export/getFileInfo?id=${rec.id}`)).status).toBe(404);
    expect((await get(s.leader1, `/mall/v1/export/getFileInfo?id=${rec.id}`)).status).toBe(404);
    const page = await get(s.supplier1, '/supplier/v1/order/op/export_page');
    expect(page.body.data.records.map((r: { id: number }) => r.id)).toContain(rec.id);
    expect((await get(s.supplier2, '/supplier/v1/order/op/export_page')).body.data.records.map((r: { id: number }) => r.id)).not.toContain(rec.id);
    expect((await post(s.leader1, '/supplier/v1/order/op/export_async_post', {})).body.code).toBe(40300);
  });

  it('hands out links that expire and refuses a forged one', async () => {
    const add = await post(s.leader1, '/mall/v1/export/addRecord', { page: 'team' });
    const rec = await finished(s.leader1, add.body.data.id);
    const forged = rec.downloadUrl.replace(/expires=(\d+)/, (_m: string, e: string) => `expires=${Number(e) + 3600}`);
    expect((await download(forged)).body.code).toBe(40001);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60_000 });
    try {
      const late = await download(rec.downloadUrl);
      expect([late.body.code, late.body.message]).toEqual([40300, '下载链接已过期，请刷新页面后重试']);
    } finally {
      vi.useRealTimers();
    }
    // a fresh getFileInfo gives a fresh link
    expect((await download((await get(s.leader1, `/mall/v1/export/getFileInfo?id=${rec.id}`)).body.data.downloadUrl)).status).toBe(200);
  });

  it('moves its progress page by page', async () => {
    // a record without a job, run by hand with four pages of rows
    const id = await queuedRecord('leader1', 'team');
    const repo = new ExportRecordsRepository(db());
    const seen: number[] = [];
    const progress = repo.progress.bind(repo);
    repo.progress = async (rid, p, rows) => {
      seen.push(p);
      const r = await progress(rid, p, rows);
      const now = await db().selectFrom('export_record').select('progress').where('id', '=', rid).executeTakeFirstOrThrow();
      expect(now.progress).toBe(p);
      return r;
    };
    const row = {
      orderNo: 'PO1',
      subNo: 'PO1-1',
      createdAt: new Date().toISOString(),
      buyer: 'x',
      team: '',
      supplier: 'y',
      item: '=1+1',
      spec: '',
      quantity: 1,
      unitPrice: 100,
      amount: 100,
      status: '已完成',
      receiver: '',
      remark: '',
    };
    const exporter = {
      plan: async () => ({
        total: 4,
        async *pages() {
          for (let i = 0; i < 4; i++) {
            await new Promise((r) => setTimeout(r, 5));
            yield { rows: [row], walked: 1 };
          }
        },
      }),
    };
    let written = Buffer.alloc(0);
    const files = {
      storeGenerated: async (_f: unknown, write: (out: PassThrough) => Promise<unknown>) => {
        const out = new PassThrough();
        const chunks: Buffer[] = [];
        out.on('data', (c) => chunks.push(c));
        await write(out);
        written = Buffer.concat(chunks);
        return 1;
      },
    };
    const svc = new ExportRecordsService(repo, exporter as never, files as never, {} as never, t.ctx.jobs, undefined, { progressEveryMs: 0 });
    await svc.run(id);
    expect(seen).toEqual([25, 50, 75, 99]);
    const done = await db().selectFrom('export_record').select(['status', 'progress', 'row_count']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'done', progress: 100, row_count: 4 });
    // the streamed file: formula-looking text neutralised
    const x = await sheetOf(written);
    expect(x.rows.map((r) => r.商品)).toEqual(["'=1+1", "'=1+1", "'=1+1", "'=1+1"]);
  });

  it('deletes records and their files after 7 days', async () => {
    const add = await post(s.leader1, '/mall/v1/export/addRecord', { page: 'team' });
    const rec = await finished(s.leader1, add.body.data.id);
    const fileId = Number(new URL(rec.downloadUrl, 'http://x').searchParams.get('id'));
    await db()
      .updateTable('export_record')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', rec.id)
      .execute();
    await t.ctx.jobs.enqueue(db(), 'exports.expire', {});
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await db().selectFrom('export_record').select('id').where('id', '=', rec.id).executeTakeFirst()))
      await new Promise((r) => setTimeout(r, 100));
    expect((await get(s.leader1, `/mall/v1/export/getFileInfo?id=${rec.id}`)).status).toBe(404);
    expect(await db().selectFrom('file_object').select('id').where('id', '=', fileId).executeTakeFirst()).toBeUndefined();
    expect((await download(rec.downloadUrl)).status).toBe(404);
  });

  it('takes at most three open exports per person', async () => {
    for (let i = 0; i < 3; i++) await queuedRecord('owner1', 'institute');
    const r = await post(s.owner1, '/mall/v1/export/addRecord', { page: 'institute' });
    expect([r.body.code, r.body.message]).toEqual([40009, '已有 3 个导出正在排队或生成，请等它们完成后再导出']);
    // someone else is not held up
    expect((await post(s.finance1, '/mall/v1/export/addRecord', { page: 'finance' })).body.code).toBe(200);
  });
});
