import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOrders } from '../src/db/seed/demo-orders.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, login } from './support/sessions.ts';

/** A fresh demo shows work on every dashboard: the demo orders stop at each step of the flow. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoOrders: true });
});
afterAll(() => t.close());

const total = async (userName: string, url: string) => {
  const res = await call(t.app, 'GET', url, { session: await login(t.app, userName) });
  expect(res.body.code, `${userName} ${url}`).toBe(200);
  return res.body.data.total as number;
};

describe('demo inventory', () => {
  it('stocks the accepted demo orders in: containers on shelves with lots and expiry, hazardous ones in a 危化品柜, one 领用 in the ledger', async () => {
    const res = await call(t.app, 'GET', '/mall/v1/inventory/page?size=100', { session: await login(t.app, 'leader1') });
    expect(res.body.code).toBe(200);
    const cs = res.body.data.records as {
      locationLabel: string | null;
      lotNo: string | null;
      expiresOn: string | null;
      hazard: string;
      hazardCabinet: number;
    }[];
    expect(cs.length).toBeGreaterThan(0);
    expect(cs.every((c) => c.locationLabel && c.lotNo && c.expiresOn)).toBe(true);
    expect(cs.filter((c) => c.hazard).every((c) => c.hazardCabinet === 1)).toBe(true);
    const out = await t.ctx.database.db.selectFrom('inventory_ledger').select('id').where('kind', '=', 'stock_out').execute();
    expect(out.length).toBe(1);
  });
});

describe('demo orders', () => {
  it('places eleven orders through the order services, each buyer with a default address', async () => {
    const db = t.ctx.database.db;
    const orders = await db.selectFrom('purchase_order').select(['status', 'buyer_id']).execute();
    expect(orders).toHaveLength(11);
    const addresses = await db.selectFrom('recv_address').select(['user_id', 'is_default', 'province']).execute();
    expect(addresses.map((a) => a.province).sort()).toEqual(['上海市', '北京市']);
    expect(addresses.every((a) => a.is_default === 1)).toBe(true);
  });

  it('gives each role of the first institute something to do, counted by the lists its dashboard links to', async () => {
    expect(await total('leader1', '/mall/v1/order-caas/team/page?tab=pending&current=1&size=1')).toBeGreaterThanOrEqual(1);
    expect(await total('owner1', '/mall/v1/order-caas/institute/page?tab=pending&current=1&size=1')).toBeGreaterThanOrEqual(1);
    expect(await total('buyer1', '/mall/v1/order-caas/buyer/page?current=1&size=1')).toBe(10);
    // the second institute sees only its own order
    expect(await total('buyer2', '/mall/v1/order-caas/buyer/page?current=1&size=1')).toBe(1);
    const seller = await call(t.app, 'GET', '/supplier/v1/order/page?current=1&size=50', { session: await login(t.app, 'supplier1') });
    expect(seller.body.code).toBe(200);
  });

  it('covers every step: approval, confirmation, shipment, receipt, acceptance, done and refused', async () => {
    const db = t.ctx.database.db;
    const subs = await db.selectFrom('sub_order').select('status').execute();
    const orders = await db.selectFrom('purchase_order').select(['status', 'close_reason']).execute();
    const states = new Set([...subs.map((s) => s.status), ...orders.map((o) => o.status)]);
    for (const s of ['waiting', 'to_confirm', 'to_deliver', 'delivered', 'arrived', 'completed', 'refused']) expect(states, s).toContain(s);
    expect(orders.find((o) => o.status === 'refused')?.close_reason).toBe('课题组库存尚有 6 瓶，请先领用库存');
  });

  it('invoices and claims buyer1’s accepted orders so finance roles find work; one waits for its invoice', async () => {
    const db = t.ctx.database.db;
    const invoices = await db.selectFrom('invoice').select(['number', 'status']).execute();
    expect(invoices).toHaveLength(2);
    expect(invoices.every((i) => /^\d{20}$/.test(i.number) && i.status === 'claimed')).toBe(true);
    const claims = await db.selectFrom('claim').select('status').orderBy('id').execute();
    expect(claims.map((c) => c.status)).toEqual([expect.not.stringMatching(/^(submitted|draft)$/), 'submitted']);
    expect(await total('leader1', '/mall/v1/merge-reimbursement/page/waitApprove?role=team&current=1&size=1')).toBe(1);
    // whichever suppliers the catalog gave the items to: two claims and one sub-order waiting for its invoice in all
    const sellers = ['supplier1', 'supplier2', 'supplier3'];
    const claimsSeen = await Promise.all(sellers.map((u) => total(u, '/supplier/v1/apiReimbursement/plist?current=1&size=1')));
    expect(claimsSeen.reduce((a, b) => a + b, 0)).toBe(2);
    const waiting = await Promise.all(sellers.map((u) => total(u, '/supplier/v1/order/invoiceBillable?match=none&current=1&size=1')));
    expect(waiting.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('draws up this month’s statements with the suppliers, one sent for the supplier to confirm', async () => {
    const statements = await t.ctx.database.db.selectFrom('statement').select(['status', 'supplier_id', 'line_count']).orderBy('id').execute();
    expect(statements.length).toBeGreaterThan(0);
    expect(statements[0].status).toBe('sent');
    expect(statements.slice(1).every((s) => s.status === 'draft')).toBe(true);
    expect(statements.every((s) => Number(s.line_count) > 0)).toBe(true);
    expect(await total('finance1', '/mall/v1/statement/page?current=1&size=1')).toBe(statements.length);
    const sellers = ['supplier1', 'supplier2', 'supplier3'];
    const seen = await Promise.all(sellers.map((u) => total(u, '/supplier/v1/statement/page?current=1&size=1')));
    // a supplier sees only what was sent to it
    expect(seen.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('runs once: a database with orders gets no more', async () => {
    expect(await seedDemoOrders(t.ctx.database.db, {} as never)).toBe(0);
  });
});

describe('demo manuals', () => {
  it('publishes one PDF manual per role family: a buyer, a finance officer and a supplier each find theirs in the help centre', async () => {
    const titles = async (userName: string) => {
      const res = await call(t.app, 'GET', '/uac/v1/operationManual/listForMe', { session: await login(t.app, userName) });
      expect(res.body.code).toBe(200);
      return res.body.data as { title: string; url: string; mime: string }[];
    };
    expect((await titles('buyer1')).map((m) => m.title)).toContain('采购人操作手册');
    expect((await titles('finance1')).map((m) => m.title)).toContain('财务人员操作手册');
    const supplier = await titles('supplier1');
    expect(supplier.map((m) => m.title)).toEqual(['供应商操作手册']);
    expect(supplier[0].mime).toBe('application/pdf');
    const pdf = await t.app.inject({ method: 'GET', url: supplier[0].url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
