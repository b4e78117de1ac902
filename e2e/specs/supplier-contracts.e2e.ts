import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';
import { addAddress, findOrderableItem, placeOrder } from '../support/order-setup.ts';
import type { RunningServer } from '../support/server.ts';

const PASSWORD = 'Demo@2026';
const suite = useBrowserSuite({ name: 'supplier-contracts', env: { CATALOG_ITEMS: '3000' } });
let page: Page;
beforeEach(() => {
  page = suite.page;
});

/** Yesterday in Asia/Shanghai (contract dates are calendar days there). */
const yesterday = () => new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);

/**
 * Lets the contract of a supplier with an institute run out, as the calendar would: its end date
 * becomes yesterday (the daily job has not run; the gate reads the dates). Straight in the test
 * server's database, like order-db.ts reads it.
 */
async function expireContract(server: RunningServer, supplierName: string, instituteCode: string) {
  const sqlText = `UPDATE supplier_contract SET end_date = ? WHERE status = 1
    AND supplier_id = (SELECT id FROM supplier WHERE company_name = ?)
    AND institute_id = (SELECT id FROM institute WHERE code = ?)`;
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let n = 0;
    const text = sqlText.replace(/\?/g, () => `$${++n}`);
    await client.query(text, [yesterday(), supplierName, instituteCode]);
    await client.end();
    return;
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(server.dataDir, 'keyan.db'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.prepare(sqlText).run(yesterday(), supplierName, instituteCode);
  db.close();
}

describe('合同到期', () => {
  it('a contract runs out: the institute’s buyer no longer finds or can order that supplier’s items; the placed order goes on', async () => {
    const base = suite.server.baseUrl;
    const buyer = await ApiSession.login(base, 'buyer1', PASSWORD);
    const address = await addAddress(buyer);
    // an item of a supplier the buyer's institute (化学所) has a contract with
    const { item } = await findOrderableItem(buyer, 1000, '北京市');
    const supplierId = (await buyer.get<{ supplierId: number }>(`/mall/v1/item/detail/${item.id}`)).supplierId;
    await buyer.post('/mall/v1/cart/add', { itemId: item.id, quantity: 1 });
    const placed = await placeOrder(buyer, item.id, 1, address.id);

    // before: the buyer finds it among the supplier's items
    await submitLogin(page, 'buyer1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    const searchUrl = `/search?q=${encodeURIComponent(item.name)}&supplierId=${supplierId}`;
    await page.goto(searchUrl);
    await page.locator(`[data-testid="search-result-name"][href*="id=${item.id}"]`).first().waitFor();

    await expireContract(suite.server, item.supplierName, 'ICCAS');

    // the platform's supplier base shows the relation can no longer sell
    const admin = await suite.newPage();
    await submitLogin(admin, 'admin', 'Admin@2026');
    await admin.waitForURL('**/cass/dashbord');
    await admin.goto('/cass/system/contractReview?tab=active');
    const baseRow = admin.getByTestId('supplier-base').locator('tr').filter({ hasText: item.supplierName }).filter({ hasText: '化学研究所' });
    await baseRow.getByText('已到期').waitFor();
    await baseRow.getByText('否').waitFor();

    // after: gone from search and item detail, unavailable in the cart, refused at checkout
    await page.goto(searchUrl);
    await page.getByTestId('search-total').waitFor();
    expect(await page.locator(`[data-testid="search-result-name"][href*="id=${item.id}"]`).count()).toBe(0);
    await page.goto(`/item_detail.lf?id=${item.id}`);
    await page.waitForURL('**/NoItemDetailPage');
    await page.goto('/cart');
    const line = page.locator('tr').filter({ hasText: item.name });
    await line.getByText('已下架').first().waitFor();
    await expect(placeOrder(buyer, item.id, 1, address.id)).rejects.toThrow(/供货合同/);
    await expect(buyer.post('/mall/v1/cart/add', { itemId: item.id, quantity: 1 })).rejects.toThrow(/供货合同/);

    // the order placed while the contract was in force moves on
    const leader = await ApiSession.login(base, 'leader1', PASSWORD);
    await leader.post('/mall/v1/order-caas/team/pass', { ids: [placed.orderId] });

    // another institute with a contract in force still buys from the supplier
    const other = await ApiSession.login(base, 'buyer2', PASSWORD);
    expect((await other.get<{ id: number }>(`/mall/v1/item/detail/${item.id}`)).id).toBe(item.id);
  });

  it('supplier1 submits a new contract from 合同管理 and the platform signs it; supplier3’s dashboard shows its expiring contract', async () => {
    await submitLogin(page, 'supplier3', PASSWORD);
    await page.waitForURL('**/cassSupplier/dashbord');
    await page.getByTestId('contract-state-card').getByTestId('contract-expiring').getByText('剩 20 天').waitFor();
    await page.getByTestId('contract-state-card').getByRole('link', { name: '合同管理' }).click();
    await page.waitForURL('**/cassSupplier/contract');
    await page.getByTestId('contract-expiring-alert').waitFor();

    const supplier = await suite.newPage();
    await submitLogin(supplier, 'supplier1', PASSWORD);
    await supplier.waitForURL('**/cassSupplier/dashbord');
    await supplier.getByRole('menuitem', { name: '企业资料' }).hover();
    await supplier.getByRole('menuitem', { name: '合同管理' }).click();
    await supplier.waitForURL('**/cassSupplier/contract');
    await supplier.getByTestId('contract-add').click();
    const form = supplier.locator('.ant-modal').filter({ hasText: '新增合同' });
    await form.getByTestId('contract-institute').click();
    await supplier.locator('.ant-select-item-option').filter({ hasText: '中国科学院上海药物研究所' }).click();
    const contractNo = `HT-SIMM-${Date.now().toString().slice(-6)}`;
    await form.getByTestId('contract-no').fill(contractNo);
    await form.getByTestId('contract-title').fill('危险化学品专项供货协议');
    const year = new Date().getFullYear() + 1;
    const dates = form.locator('.ant-picker-range input');
    await dates.first().click();
    await dates.first().fill(`${year}-01-01`);
    await dates.first().press('Enter');
    await dates.nth(1).fill(`${year}-12-31`);
    await dates.nth(1).press('Enter');
    await form.getByTestId('contract-submit').click();
    await waitForMessage(supplier, '合同已提交，等待平台签署');
    const row = supplier.locator('.ant-table-row').filter({ hasText: contractNo });
    await row.getByText('待签署').waitFor();

    const admin = await suite.newPage();
    await submitLogin(admin, 'admin', 'Admin@2026');
    await admin.waitForURL('**/cass/dashbord');
    await admin.goto('/cass/system/contractReview');
    const pending = admin.locator('.ant-table-row').filter({ hasText: contractNo });
    await pending.getByTestId('contract-sign').click();
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /签署生效/ })
      .click();
    await waitForMessage(admin, '合同已签署生效');

    await supplier.reload();
    await supplier.locator('.ant-table-row').filter({ hasText: contractNo }).getByText('生效中').waitFor();
  });
});
