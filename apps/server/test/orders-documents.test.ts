import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDER_EXPORT_COLUMNS } from '@kc/contracts/buying/orders-documents';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmbUppercase } from '../src/platform/documents/rmb-uppercase.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeItem } from './support/mall-fixtures.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

let t: TestApp;
const { as } = demoSessions(() => t);
const s: Record<string, Session> = {};
let addressId: number;
let evilAddressId: number;
const key = () => randomBytes(8).toString('hex');
const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).error === undefined;

beforeAll(async () => {
  t = await createTestApp();
  const users = ['buyer1', 'buyer2', 'leader1', 'leader2', 'owner1', 'owner2', 'finance1', 'supplier1', 'supplier1a', 'supplier2', 'supplier3'];
  await Promise.all(
    [...users, 'admin'].map(async (u) => {
      s[u] = await as(u);
    }),
  );
  const addr = (contact: string) =>
    call(t.app, 'POST', '/mall/v1/recvAddress/add', {
      session: s.buyer1,
      json: { province: '北京市', city: '北京市', district: '海淀区', detail: '中关村北一街2号 化学所1号楼301', contact, phone: '13810230001' },
    });
  addressId = (await addr('王晓明')).body.data.id;
  evilAddressId = (await addr('=HYPERLINK("x")')).body.data.id;
});
afterAll(() => t.close());

/** An order of two lines from two suppliers (the second a hazardous chemical), placed by buyer1. */
async function place(o: { address?: number; remark?: string } = {}) {
  const db = t.ctx.database.db;
  const a = await makeItem(db, { supplier: '国药', name: '乙腈', price: 123_450, stock: 100, spec: '4L', cas: '75-05-8' });
  const b = await makeItem(db, {
    supplier: '阿拉丁',
    name: '浓硫酸',
    price: 8_800,
    stock: 100,
    spec: '500ml',
    hazard: { hazard_dangerous: 1, hazard_precursor: 1 },
  });
  for (const it of [a, b]) await call(t.app, 'POST', '/mall/v1/cart/add', { session: s.buyer1, json: { itemId: it.id, quantity: 1 } });
  const cart = (await call(t.app, 'GET', '/mall/v1/cart/items', { session: s.buyer1 })).body.data;
  const cartIds = cart.groups.flatMap((g: { lines: { id: number }[] }) => g.lines.map((l) => l.id));
  const res = await call(t.app, 'POST', '/mall/v1/order/create', {
    session: s.buyer1,
    json: { cartIds, addressId: o.address ?? addressId, idempotencyKey: key(), hazardConfirmed: true, remarks: o.remark ? { [a.supplierId]: o.remark } : {} },
  });
  expect(res.body.code).toBe(200);
  return { ...res.body.data, supplierA: a.supplierId, supplierB: b.supplierId } as {
    orderId: number;
    orderNo: string;
    totalAmount: number;
    subOrders: { id: number; supplierId: number }[];
    supplierA: number;
  };
}

/** Through the team leader and the institute (hazards always go to the institute) to the suppliers. */
async function approve(orderId: number) {
  expect((await call(t.app, 'POST', '/mall/v1/order-caas/team/pass', { session: s.leader1, json: { ids: [orderId] } })).body.code).toBe(200);
  expect((await call(t.app, 'POST', '/mall/v1/order-caas/institute/pass', { session: s.owner1, json: { ids: [orderId] } })).body.code).toBe(200);
}

const get = (who: Session, url: string) => call(t.app, 'GET', url, { session: who });
const bytes = (r: Awaited<ReturnType<typeof call>>) => r.raw.rawPayload;

function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `kc-print-${randomBytes(4).toString('hex')}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    const out = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`pdftotext 失败：${out.stderr}`);
    return out.stdout;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function sheet(r: Awaited<ReturnType<typeof call>>) {
  expect(r.status).toBe(200);
  expect(r.raw.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes(r) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  const rows: ExcelJS.Row[] = [];
  ws.eachRow((row, n) => {
    if (n > 1) rows.push(row);
  });
  const col = (name: string) => header.indexOf(name) + 1;
  return { header, rows, col, text: (row: ExcelJS.Row, name: string) => String(row.getCell(col(name)).value ?? '') };
}

describe('printed orders (PDF)', () => {
  it('prints an order the caller may see, with Chinese text, lines, totals in words and the approval timeline', async () => {
    const o = await place();
    await approve(o.orderId);
    const r = await get(s.buyer1, `/mall/v1/order-detail/printPDF/${o.orderId}`);
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toBe('application/pdf');
    expect(r.raw.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent(`订单-${o.orderNo}.pdf`)}`);
    expect(bytes(r).subarray(0, 5).toString()).toBe('%PDF-');
    // the team leader, the institute and finance print it too
    for (const who of [s.leader1, s.owner1, s.finance1, s.admin]) expect((await get(who, `/mall/v1/order-detail/printPDF/${o.orderId}`)).status).toBe(200);

    if (!HAS_PDFTOTEXT) {
      console.warn('跳过 PDF 文字检查：本机没有 pdftotext（apt-get install -y poppler-utils）');
      return;
    }
    const text = pdfText(bytes(r));
    for (const expected of [
      o.orderNo,
      '采购人',
      '王晓明',
      '中国科学院化学研究所',
      '有机固体实验室',
      '李明华课题组',
      '乙腈',
      '浓硫酸',
      '75-05-8',
      '国药集团化学试剂有限公司',
    ])
      expect(text).toContain(expected);
    expect(text).toContain(rmbUppercase(o.totalAmount));
    expect(text).toMatch(/危险化学品·易制毒/);
    expect(text).toContain('审批通过');
    expect(text).toContain('李明华');
    expect(text).toMatch(/验收人（签字）/);
    expect(text).toMatch(/打印时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（北京时间）/);
  });

  it('answers 404 for an order outside the caller\u2019s view, and a supplier sees only its own part', async () => {
    const o = await place();
    for (const who of [s.buyer2, s.owner2, s.leader2, s.supplier3]) expect((await get(who, `/mall/v1/order-detail/printPDF/${o.orderId}`)).status).toBe(404);
    expect((await get(s.buyer1, '/mall/v1/order-detail/printPDF/99999999')).status).toBe(404);
    // under approval a supplier has nothing to print yet
    expect((await get(s.supplier1, `/mall/v1/order-detail/printPDF/${o.orderId}`)).status).toBe(404);
    await approve(o.orderId);
    const r = await get(s.supplier1, `/mall/v1/order-detail/printPDF/${o.orderId}`);
    expect(r.status).toBe(200);
    if (HAS_PDFTOTEXT) {
      const text = pdfText(bytes(r));
      expect(text).toContain('乙腈');
      expect(text).not.toContain('浓硫酸');
    }
  });

  it('prints several orders in one PDF, each visible or the whole print is refused', async () => {
    const [a, b] = [await place(), await place()];
    const r = await get(s.buyer1, `/mall/v1/order-detail/printPDFList?ids=${a.orderId},${b.orderId}`);
    expect(r.status).toBe(200);
    expect(bytes(r).subarray(0, 5).toString()).toBe('%PDF-');
    if (HAS_PDFTOTEXT) {
      const text = pdfText(bytes(r));
      expect(text).toContain(a.orderNo);
      expect(text).toContain(b.orderNo);
    }
    expect((await get(s.buyer2, `/mall/v1/order-detail/printPDFList?ids=${a.orderId},${b.orderId}`)).status).toBe(404);
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    const refused = await get(s.buyer1, `/mall/v1/order-detail/printPDFList?ids=${tooMany}`);
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringContaining('最多打印 50')]);
    expect((await get(s.buyer1, '/mall/v1/order-detail/printPDFList?ids=1,abc')).status).toBe(400);
    expect((await get(s.buyer1, '/mall/v1/order-detail/printPDFList')).status).toBe(400);
  });

  it('prints delivery notes for the supplier of the sub-order only', async () => {
    const o = await place();
    await approve(o.orderId);
    const sub = o.subOrders.find((x) => x.supplierId === o.supplierA)!;
    expect((await get(s.supplier1, `/supplier/v1/deliver/printDeliverOrder/${sub.id}`)).status).toBe(200); // before shipping: a note to pack by
    await call(t.app, 'POST', '/supplier/v1/order/confirm', { session: s.supplier1, json: { subOrderId: sub.id } });
    const shipped = await call(t.app, 'POST', '/supplier/v1/order/deliver', {
      session: s.supplier1a,
      json: { subOrderId: sub.id, expressChannelId: 1, trackingNo: 'SF7788990011' },
    });
    expect(shipped.body.code).toBe(200);
    const detail = (await get(s.buyer1, `/mall/v1/order-detail/${o.orderId}`)).body.data;
    const deliveryId = detail.subOrders.find((x: { id: number }) => x.id === sub.id).deliveries[0].id as number;

    const whole = await get(s.supplier1, `/supplier/v1/deliver/printDeliverOrder/${sub.id}`);
    const one = await get(s.supplier1a, `/supplier/v1/deliver/printSubDeliverOrder/${deliveryId}`);
    for (const r of [whole, one]) {
      expect(r.status).toBe(200);
      expect(r.raw.headers['content-type']).toBe('application/pdf');
      expect(bytes(r).subarray(0, 5).toString()).toBe('%PDF-');
    }
    if (HAS_PDFTOTEXT) {
      const text = pdfText(bytes(one));
      for (const expected of ['送货单', 'SF7788990011', '王晓明', '乙腈', o.orderNo, '收货人（签字）']) expect(text).toContain(expected);
    }
    // another supplier, a buyer (not a supplier account) and unknown ids
    expect((await get(s.supplier2, `/supplier/v1/deliver/printDeliverOrder/${sub.id}`)).status).toBe(404);
    expect((await get(s.supplier2, `/supplier/v1/deliver/printSubDeliverOrder/${deliveryId}`)).status).toBe(404);
    expect((await get(s.buyer1, `/supplier/v1/deliver/printDeliverOrder/${sub.id}`)).body.code).toBe(40300);
    expect((await get(s.supplier1, '/supplier/v1/deliver/printSubDeliverOrder/99999999')).status).toBe(404);
  });
});

describe('order exports (Excel)', () => {
  it('needs the export flag of the page', async () => {
    // buyer1's role (采购人) has its page flags off; the team leader's are on
    const r = await get(s.buyer1, '/mall/v1/order-caas/buyer/export');
    expect([r.body.code, r.body.message]).toEqual([40300, '您没有导出该页面数据的权限']);
    expect((await get(s.buyer1, '/mall/v1/order-caas/finance/export')).body.code).toBe(40300);
    expect((await get(s.owner1, '/mall/v1/order-supplier/admin/export')).body.code).toBe(40300);
    expect((await get(s.buyer1, '/supplier/v1/order/export')).body.code).toBe(40300);
    expect((await get(s.leader1, '/mall/v1/order-caas/buyer/export')).status).toBe(200);
  });

  it('exports the rows of the list, in its scope and with its filters', async () => {
    const o = await place();
    const x = await sheet(await get(s.leader1, `/mall/v1/order-caas/team/export?tab=pending&orderNo=${o.orderNo}`));
    expect(x.header).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(x.rows).toHaveLength(2);
    const first = x.rows.find((row) => x.text(row, '商品').startsWith('乙腈'))!;
    expect([x.text(first, '订单号'), x.text(first, '采购人'), x.text(first, '课题组'), x.text(first, '供应商')]).toEqual([
      o.orderNo,
      '王晓明',
      '李明华课题组',
      '国药集团化学试剂有限公司',
    ]);
    expect([first.getCell(x.col('数量')).value, first.getCell(x.col('单价(元)')).value, first.getCell(x.col('金额(元)')).value]).toEqual([1, 1234.5, 1234.5]);
    expect(x.text(first, '状态')).toBe('待课题组长审批');
    expect(x.text(first, '下单时间')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const r = await get(s.leader1, '/mall/v1/order-caas/team/export');
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
    expect(r.raw.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(`订单导出-${today}.xlsx`)}`);

    // other scopes: absent for another team, institute or buyer; present for finance and the platform
    const noOrder = async (who: Session, url: string) => {
      const y = await sheet(await get(who, url));
      expect(y.rows.map((row) => y.text(row, '订单号'))).not.toContain(o.orderNo);
    };
    await noOrder(s.leader2, '/mall/v1/order-caas/team/export');
    await noOrder(s.leader2, '/mall/v1/order-caas/buyer/export');
    await noOrder(s.owner2, '/mall/v1/order-caas/institute/export');
    const fin = await sheet(await get(s.finance1, '/mall/v1/order-caas/finance/export'));
    expect(fin.rows.map((row) => fin.text(row, '订单号'))).toContain(o.orderNo);
    const all = await sheet(await get(s.admin, `/mall/v1/order-supplier/admin/export?orderNo=${o.orderNo}`));
    expect(all.rows).toHaveLength(2);
    // a date range before the order: nothing
    expect((await sheet(await get(s.leader1, `/mall/v1/order-caas/team/export?orderNo=${o.orderNo}&dateTo=2020-01-01`))).rows).toHaveLength(0);
    expect((await get(s.leader1, '/mall/v1/order-caas/team/export?dateFrom=bad')).status).toBe(400);

    // suppliers export their own sub-orders once the order reached them
    await approve(o.orderId);
    const sup = await sheet(await get(s.supplier1a, `/supplier/v1/order/export?orderNo=${o.orderNo}`));
    expect(sup.rows.map((row) => sup.text(row, '商品'))).toEqual([expect.stringMatching(/^乙腈/)]);
    const sup3 = await sheet(await get(s.supplier3, `/supplier/v1/order/export?orderNo=${o.orderNo}`));
    expect(sup3.rows).toHaveLength(0);

    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'target']).where('action', '=', 'order.export').execute();
    expect(audit.some((a) => a.target === 'orders:team')).toBe(true);
  });

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const o = await place({ address: evilAddressId, remark: '@SUM(1+1)' });
    const x = await sheet(await get(s.leader1, `/mall/v1/order-caas/team/export?orderNo=${o.orderNo}`));
    expect(x.rows).toHaveLength(2);
    for (const row of x.rows) {
      const cell = row.getCell(x.col('收货人'));
      expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
      expect(cell.value).toBe(`'=HYPERLINK("x")`);
    }
    const remarks = x.rows.map((row) => row.getCell(x.col('备注'))).filter((c) => c.value);
    expect(remarks.map((c) => [c.type === ExcelJS.ValueType.Formula, c.value])).toEqual([[false, "'@SUM(1+1)"]]);
  });
});
