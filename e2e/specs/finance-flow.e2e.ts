import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BillableVO } from '@kc/contracts/finance/invoices';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { digitalInvoiceXml, SELLERS } from '../support/digital-invoice.ts';
import { submitLogin } from '../support/login-page.ts';
import { acceptedOrder } from '../support/order-lifecycle.ts';

const PASSWORD = 'Demo@2026';
const suite = useBrowserSuite({ name: 'finance-flow', env: { CATALOG_ITEMS: '3000' }, pagePerTest: false });

/** A logged-in page of its own browser context. */
async function actor(userName: string, home: string): Promise<Page> {
  const page = await suite.newPage();
  await submitLogin(page, userName, PASSWORD);
  await page.waitForURL(`**${home}`, { timeout: 45_000 });
  return page;
}

/** Ticks a list row's checkbox (ListPage and the wizard use antd row selection). */
const tick = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text }).locator('.ant-checkbox-input').check();

/** Six actors, two uploads, a wizard and a PDF: more than the default minute on a loaded machine. */
const FLOW_TIMEOUT = 240_000;

describe('报销流转', () => {
  it('the supplier uploads 数电 invoices, the buyer claims, team (and institute) pass, finance merges two claims, completes and prints', {
    timeout: FLOW_TIMEOUT,
  }, async () => {
    const base = suite.server.baseUrl;
    // buyer orders → approvals → delivery → acceptance, over the API (order-flow.e2e.ts proves it in the browser)
    // the second is above the default flow's ¥5,000, so its claim climbs to the institute too
    const orders = [await acceptedOrder(base, 20_000), await acceptedOrder(base, 600_000)];
    const dir = await mkdtemp(path.join(tmpdir(), 'kc-finance-'));
    try {
      // the supplier uploads a 数电 invoice for each sub-order through 发票管理
      const numbers: string[] = [];
      for (const [i, o] of orders.entries()) {
        const api = await ApiSession.login(base, o.supplierUser, PASSWORD);
        const billable = await api.get<{ records: BillableVO[] }>('/supplier/v1/order/invoiceBillable?match=none&size=100');
        const sub = billable.records.find((s) => s.subOrderId === o.subOrder.id);
        expect(sub, `sub-order ${o.subOrder.subNo} billable`).toBeDefined();
        const number = `253120000${String(Date.now()).slice(-10)}${i}`;
        numbers.push(number);
        const file = path.join(dir, `数电发票-${i}.xml`);
        await writeFile(file, digitalInvoiceXml(sub as BillableVO, SELLERS[o.supplierUser], number));

        const supplier = await actor(o.supplierUser, '/cassSupplier/dashbord');
        await supplier.goto('/cassSupplier/invoice?tab=none');
        const row = supplier.locator('tr').filter({ hasText: o.subOrder.subNo });
        await row.getByTestId('match-badge').filter({ hasText: '未开票' }).waitFor();
        await row.getByTestId('invoice-upload').click();
        await supplier.getByTestId('invoice-file').setInputFiles(file);
        await supplier.getByTestId('invoice-parsed').waitFor();
        expect(await supplier.getByTestId('invoice-number').inputValue()).toBe(number);
        const uploaded = supplier.waitForResponse((r) => r.url().includes('/supplier/v1/order/invoiceUpload'));
        await supplier.getByRole('button', { name: /确认上传/ }).click();
        // accepted as it is, not 异常: title and tax id are the institute's own
        expect(((await (await uploaded).json()) as { data: { exception: string | null } }).data.exception).toBeNull();
        await supplier.goto('/cassSupplier/invoice?tab=billable');
        await supplier.locator('tr').filter({ hasText: o.subOrder.subNo }).getByTestId('match-badge').filter({ hasText: '已匹配' }).waitFor();
        await supplier.context().close();
      }

      // buyer1 sees both sub-orders 已匹配 in the wizard, one claim per sub-order, and submits
      const buyer = await actor('buyer1', '/cass/dashbord');
      await buyer.goto('/cass/claim/my');
      await buyer.getByTestId('claim-new').click();
      const wizard = buyer.getByTestId('claim-wizard');
      for (const o of orders) {
        const row = wizard.locator('tr.ant-table-row').filter({ hasText: o.orderNo });
        await row.getByText('已匹配').waitFor();
        await row.getByText('可报销').waitFor();
        await tick(buyer, o.orderNo);
      }
      await wizard.getByTestId('claim-next').click();
      await wizard.getByTestId('claim-next').click();
      await wizard.getByRole('switch').click();
      await wizard.getByText('每个订单一张报销单（共 2 张）').waitFor();
      const preview = wizard.getByTestId('claim-preview');
      for (const n of numbers) await preview.getByText(n).waitFor();
      await preview.getByText(/大写：人民币.+/).waitFor();
      const applied = buyer.waitForResponse((r) => r.url().includes('/reimbursement/buyer/batchApplyClaim'));
      await wizard.getByTestId('claim-submit').click();
      const made = ((await (await applied).json()) as { data: { id: number; claimNo: string }[] }).data;
      expect(made).toHaveLength(2);
      const claimNos = made.map((c) => c.claimNo);
      for (const no of claimNos) await buyer.locator('tr.ant-table-row').filter({ hasText: no }).getByTestId('claim-status').waitFor();

      // leader1 passes both in 报销审批; the institute too when the flow asks for it
      const buyerApi = await ApiSession.login(base, 'buyer1', PASSWORD);
      const statuses = async () => {
        const mine = await buyerApi.get<{ records: { claimNo: string; status: string }[] }>('/mall/v1/merge-reimbursement/page/all?scope=mine&size=50');
        return claimNos.map((no) => mine.records.find((c) => c.claimNo === no)?.status);
      };
      const acted: string[] = [];
      for (const [user, tab, waiting] of [
        ['leader1', '课题组长待审批', 'submitted'],
        ['owner1', '研究所待审批', 'team_approved'],
      ] as const) {
        const now = await statuses();
        const mine = claimNos.filter((_, i) => now[i] === waiting);
        if (mine.length === 0) continue;
        const approver = await actor(user, '/cass/dashbord');
        await approver.goto('/cass/claim/approve');
        await approver.getByRole('tab', { name: new RegExp(tab) }).click();
        for (const no of mine) await tick(approver, no);
        await approver.getByTestId('claim-batch-pass').click();
        await expect.poll(statuses, { timeout: 15_000 }).not.toContain(waiting);
        await approver.context().close();
        acted.push(user);
      }
      // the second claim (over ¥5,000) needed the institute after the team leader
      expect(acted).toEqual(['leader1', 'owner1']);
      expect(await statuses()).toEqual(['institute_approved', 'institute_approved']);

      // finance1 (孙静) merges the two claims in 合并报销, passes and completes them
      const finance = await actor('finance1', '/cass/dashbord');
      await finance.goto('/cass/claim/merge');
      for (const no of claimNos) await tick(finance, no);
      const merged = finance.waitForResponse((r) => r.url().includes('/finance/mergeClaim/batchPass'));
      await finance.getByTestId('claim-merge').click();
      const mergeNo = ((await (await merged).json()) as { data: { mergeNo: string } }).data.mergeNo;
      const card = finance.getByTestId('merged-claims');
      const mergedRow = card.locator('tr.ant-table-row').filter({ hasText: mergeNo });
      await mergedRow.getByTestId('merge-complete').click();
      await finance
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /报销完成/ })
        .click();
      await expect.poll(statuses, { timeout: 15_000 }).toEqual(['completed', 'completed']);

      // the merged claim's PDF: its text names the claims, the invoices and the total in 大写
      await card.getByText('全部', { exact: true }).click();
      // 打印 fetches the PDF and opens it in a new tab as a blob: keep a copy of what the browser downloads
      let pdf: Buffer | undefined;
      await finance.route('**/merge-reimbursement/printPDF/**', async (route) => {
        const response = await route.fetch();
        pdf = await response.body();
        await route.fulfill({ response });
      });
      await card
        .locator('tr.ant-table-row')
        .filter({ hasText: mergeNo })
        .getByRole('button', { name: /打\s?印/ })
        .click();
      await expect.poll(() => pdf?.length ?? 0).toBeGreaterThan(1000);
      expect((pdf as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      const file = path.join(dir, 'merged.pdf');
      await writeFile(file, pdf as Buffer);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      for (const no of claimNos) expect(text).toContain(no);
      for (const n of numbers) expect(text).toContain(n);
      expect(text).toMatch(/人民币/);
      expect(text).toMatch(/[壹贰叁肆伍陆柒捌玖].*[元圆]/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
