import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BillableVO } from '@kc/contracts/finance/invoices';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { digitalInvoiceXml, SELLERS } from '../support/digital-invoice.ts';
import { submitLogin } from '../support/login-page.ts';

const PASSWORD = 'Demo@2026';
// the demo orders include one the checker accepted (已完成)
const suite = useBrowserSuite({ name: 'invoices', env: { CATALOG_ITEMS: '3000', DEMO_ORDERS: 'true' } });
let page: Page;
beforeEach(() => {
  page = suite.page;
});

describe('发票：上传数电发票与异常处理', () => {
  it('a supplier uploads a 数电 XML with a wrong buyer tax id: flagged 异常; finance accepts it with a reason and the sub-order is 已匹配', async () => {
    const base = suite.server.baseUrl;
    // the supplier of the accepted demo sub-order
    let who = '';
    let sub: BillableVO | undefined;
    for (const s of Object.keys(SELLERS)) {
      const api = await ApiSession.login(base, s, PASSWORD);
      const page1 = await api.get<{ records: BillableVO[] }>('/supplier/v1/order/invoiceBillable?match=none');
      if (page1.records.length) {
        who = s;
        sub = page1.records[0];
        break;
      }
    }
    expect(sub, 'a completed demo sub-order').toBeDefined();
    const billable = sub as BillableVO;
    const wrongTaxId = `${(billable.buyerTaxId ?? '').slice(0, 17)}${billable.buyerTaxId?.endsWith('1') ? '2' : '1'}`;
    const number = `2531200000${String(Date.now()).slice(-10)}`;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kc-invoice-')), '数电发票.xml');
    fs.writeFileSync(file, digitalInvoiceXml(billable, SELLERS[who], number, wrongTaxId));

    await submitLogin(page, who, PASSWORD);
    await page.waitForURL('**/cassSupplier/**');
    await page.goto('/cassSupplier/invoice?tab=none');
    const row = page.locator('tr').filter({ hasText: billable.subNo });
    await row.getByTestId('match-badge').filter({ hasText: '未开票' }).waitFor();
    await row.getByTestId('invoice-upload').click();
    await page.getByTestId('invoice-file').setInputFiles(file);
    await page.getByTestId('invoice-parsed').waitFor();
    expect(await page.getByTestId('invoice-number').inputValue()).toBe(number);
    await page.getByRole('button', { name: /确认上传/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByText(/已记为异常/)
      .waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button').click();
    await page.goto('/cassSupplier/invoice?tab=exception');
    await page.locator('tr').filter({ hasText: billable.subNo }).getByTestId('match-badge').filter({ hasText: '异常' }).waitFor();

    // finance of the institute opens the order and accepts the exception with a reason
    const finance = await suite.newPage();
    await submitLogin(finance, 'finance1', PASSWORD);
    await finance.waitForURL('**/cass/dashbord');
    await finance.goto(`/cass/order/detail?orderId=${await orderIdOf(base, billable.subOrderId)}`);
    const card = finance.getByTestId('detail-sub-order').filter({ hasText: billable.subNo });
    await card.getByTestId('match-badge').filter({ hasText: '异常' }).click();
    await finance.getByTestId('invoice-accept-exception').click();
    await finance.getByTestId('invoice-accept-reason').fill('购方税号录入笔误，已电话核实为本所发票');
    await finance
      .locator('.ant-modal')
      .getByRole('button', { name: /^接\s?受$/ })
      .click();
    await finance.getByTestId('sub-order-invoices').getByTestId('match-badge').filter({ hasText: '已匹配' }).waitFor();
    await finance.getByText(/已于 .* 接受：购方税号录入笔误/).waitFor();

    // the supplier sees it matched too
    await page.goto('/cassSupplier/invoice?tab=billable');
    await page.locator('tr').filter({ hasText: billable.subNo }).getByTestId('match-badge').filter({ hasText: '已匹配' }).waitFor();
  });
});

/** The order of a sub-order, as its buyer's order list shows it. */
async function orderIdOf(base: string, subOrderId: number): Promise<number> {
  const buyer = await ApiSession.login(base, 'finance1', PASSWORD);
  const list = await buyer.get<{ records: { id: number; subOrders: { id: number }[] }[] }>('/mall/v1/order-caas/finance/page?tab=all&size=100');
  const hit = list.records.find((o) => o.subOrders.some((s) => s.id === subOrderId));
  if (!hit) throw new Error(`sub-order ${subOrderId} not in finance's list`);
  return hit.id;
}
