import type { BillableVO } from '@kc/contracts/finance/invoices';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { SELLERS } from '../support/digital-invoice.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';
import { acceptedOrder, fulfilOrder, placedOrder } from '../support/order-lifecycle.ts';
import { label, submitReason } from '../support/order-pages.ts';

const PASSWORD = 'Demo@2026';
const suite = useBrowserSuite({ name: 'settlement-flow', env: { CATALOG_ITEMS: '3000' }, pagePerTest: false });

/** Several actors, a card, a claim and a statement's whole life: more than the default minute on a loaded machine. */
const FLOW_TIMEOUT = 240_000;

/** A logged-in page of its own browser context. */
async function actor(userName: string, home: string): Promise<Page> {
  const page = await suite.newPage();
  await submitLogin(page, userName, PASSWORD);
  await page.waitForURL(`**${home}`, { timeout: 45_000 });
  return page;
}

/** The data of an API answer (a business refusal fails the test with its message). */
async function answerOf<T>(response: Promise<Response>): Promise<T> {
  const body = (await (await response).json()) as { code: number; message: string; data: T };
  if (body.code !== 200) throw new Error(`${body.code} ${body.message}`);
  return body.data;
}
/** The answer of the next POST to `path`. */
const waitCall = (page: Page, path: string) => page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST', { timeout: 60_000 });

/**
 * Clicks `button` until the call to `path` goes out and answers it: a click during antd's opening
 * animation (modal, drawer) can be lost on a loaded machine; once the call is sent no click repeats it.
 */
async function clickForCall<T>(page: Page, button: Locator, path: string): Promise<T> {
  let sent = false;
  const answer = waitCall(page, path);
  const onRequest = (r: { url(): string; method(): string }) => {
    if (r.url().includes(path) && r.method() === 'POST') sent = true;
  };
  page.on('request', onRequest);
  try {
    for (let attempt = 0; attempt < 8 && !sent; attempt++) {
      await button.click({ timeout: 10_000 }).catch(() => undefined);
      for (let i = 0; i < 50 && !sent; i++) await page.waitForTimeout(100);
    }
    if (!sent) {
      answer.catch(() => undefined);
      throw new Error(`no call to ${path} after clicking`);
    }
  } finally {
    page.off('request', onRequest);
  }
  return answerOf<T>(answer);
}

/**
 * Chooses the option containing `option` of a searchable antd Select by typing `search` into it,
 * again until the field shows the choice: a click during the dropdown's opening animation can be lost.
 */
async function pickSearched(page: Page, item: Locator, input: Locator, search: string, option: string): Promise<void> {
  const shown = async () => (await item.innerText()).includes(option);
  for (let attempt = 0; attempt < 10 && !(await shown()); attempt++) {
    await input.fill(search);
    const target = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
    await target.click({ timeout: 3_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
  }
  if (!(await shown())) throw new Error(`未能选中 ${option}`);
  // a multiple select keeps its dropdown open over the dialog's buttons: a click outside closes it
  const dropdown = page.locator('.ant-select-dropdown:visible');
  for (let attempt = 0; attempt < 5 && (await dropdown.count()); attempt++) {
    await page.locator('.ant-modal-title').filter({ visible: true }).first().click();
    await dropdown
      .first()
      .waitFor({ state: 'hidden', timeout: 3_000 })
      .catch(() => undefined);
  }
}

/** Clicks `opener` until `opened` (a dialog or drawer) shows: a click while the page still settles can be lost. */
async function openWith(opener: Locator, opened: Locator): Promise<void> {
  for (let attempt = 0; attempt < 5 && !(await opened.isVisible()); attempt++) {
    await opener.click();
    await opened.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  await opened.waitFor({ timeout: 1_000 });
}

/** The OK button of the open confirmation dialog (Modal.confirm) whose OK says `ok`. */
const confirmButton = (page: Page, ok: string) =>
  page
    .locator('.ant-modal-confirm')
    .filter({ visible: true })
    .getByRole('button', { name: label(ok) })
    .first();

/** Types a date (YYYY-MM-DD, or YYYY-MM in a month picker) into an antd DatePicker and checks it took. */
async function typeDate(input: Locator, value: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.pressSequentially(value, { delay: 20 });
    await input.press('Enter');
    await input.page().waitForTimeout(300);
    if ((await input.inputValue()) === value) return;
  }
  throw new Error(`the date picker did not take ${value}`);
}

/** The Shanghai calendar month (YYYY-MM) now: the statement month of what is accepted today (cut-off day 0). */
const shanghaiMonth = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
const shanghaiDay = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** The supplier bills the sub-order with a 数电专票 over the API (invoices.e2e.ts proves the upload page). */
async function invoiceSubOrder(base: string, supplierUser: string, subOrderId: number, number: string) {
  const supplier = await ApiSession.login(base, supplierUser, PASSWORD);
  const billable = await supplier.get<{ records: BillableVO[] }>('/supplier/v1/order/invoiceBillable?match=none&size=100');
  const sub = billable.records.find((s) => s.subOrderId === subOrderId);
  if (!sub) throw new Error(`sub-order ${subOrderId} is not billable`);
  const seller = SELLERS[supplierUser];
  const lines = sub.match.buckets
    .map((b) => ({ name: '*化学试剂*试剂一批', amount: b.accepted - b.refunded - b.invoiced, taxRate: b.taxRate }))
    .filter((l) => l.amount > 0);
  const r = await supplier.post<{ status: string; exception: string | null }>('/supplier/v1/order/invoiceUpload', {
    kind: 'digital_special',
    number,
    issueDate: shanghaiDay(),
    sellerName: seller.name,
    sellerTaxId: seller.taxId,
    buyerName: sub.buyerTitle,
    buyerTaxId: sub.buyerTaxId,
    lines,
    subOrderIds: [subOrderId],
  });
  expect(r).toMatchObject({ status: 'matched', exception: null });
}

describe('经费卡与对账结算', () => {
  it('the PI creates a 经费卡, buyer1 orders on it, the approver sees the balance, and the completed claim draws the card', {
    timeout: FLOW_TIMEOUT,
  }, async () => {
    const base = suite.server.baseUrl;
    const cardNo = `E2E${String(Date.now()).slice(-8)}`;
    const totalYuan = 500_000;

    // leader1 (the PI) creates the card on 经费卡 with buyer1 among its members
    const leader = await actor('leader1', '/cass/dashbord');
    await leader.goto('/cass/budget/grantCards');
    const form = leader.getByTestId('grant-card-form');
    await openWith(leader.getByTestId('grant-card-add'), form);
    const dialog = leader.getByRole('dialog', { name: '新增经费卡' });
    await form.getByLabel('经费卡号').fill(cardNo);
    await form.getByLabel('课题名称').fill('国家自然科学基金面上项目：端到端经费卡');
    await form.getByLabel('总额（元）').fill(String(totalYuan));
    const members = form.locator('.ant-form-item').filter({ hasText: '成员（可使用该卡下单）' });
    await pickSearched(leader, members, form.getByLabel('成员（可使用该卡下单）'), 'buyer1', '（buyer1）');
    const added = await clickForCall<{ id: number }>(leader, dialog.getByRole('button', { name: label('保存') }), '/mall/v1/grantCard/add');
    await dialog.waitFor({ state: 'hidden' });
    const cardRow = leader.locator('tr.ant-table-row').filter({ hasText: cardNo });
    await expect.poll(() => cardRow.count(), { timeout: 15_000 }).toBe(1);

    // buyer1 orders on the card (the order page's card select is proven by the mall spec); leader1's step first
    const placed = await placedOrder(base, 20_000, { grantCardId: added.id });

    // leader1 opens the order: 本单占用 is the order's amount, 可用余额 the whole card; passes it
    await leader.goto(`/cass/order/detail?orderId=${placed.orderId}`);
    const budget = leader.getByTestId('order-budget');
    await budget.getByText(cardNo).waitFor();
    expect(Number(await budget.getByTestId('budget-order-amount').getAttribute('data-fen'))).toBe(placed.totalAmount);
    expect(Number(await budget.getByTestId('budget-available').getAttribute('data-fen'))).toBe(totalYuan * 100);
    await expect.poll(() => leader.getByTestId('budget-shortfall').count()).toBe(0);
    await openWith(leader.getByRole('button', { name: label('通过') }).first(), confirmButton(leader, '通过'));
    await clickForCall(leader, confirmButton(leader, '通过'), '/order-caas/');
    await waitForMessage(leader, '审批通过');
    // the final approval freezes the order's amount on the card; above ¥5,000 the institute's step is still to come
    const after = await placed.buyer.get<{ status: string }>(`/mall/v1/order-detail/${placed.orderId}`);
    const tag = after.status === 'pending_institute' ? '终审时冻结' : '已冻结';
    await leader.reload();
    await budget.getByTestId('budget-order-amount').getByText(tag).waitFor();

    // supplier, buyer and checker take it to completion over the API (order-flow.e2e.ts proves those pages)
    const done = await fulfilOrder(base, placed);
    const sub = done.subOrder;
    await invoiceSubOrder(base, done.supplierUser, sub.id, `253120001${String(Date.now()).slice(-10)}1`);

    // the claim: buyer1 applies, leader1 passes (the team step), finance1 merges and completes
    const buyer = await ApiSession.login(base, 'buyer1', PASSWORD);
    const [claim] = await buyer.post<{ id: number; claimNo: string }[]>('/mall/v1/reimbursement/buyer/batchApplyClaim', { subOrderIds: [sub.id] });
    const leaderApi = await ApiSession.login(base, 'leader1', PASSWORD);
    await leaderApi.post('/mall/v1/reimbursement/team/claim/batchPass', { ids: [claim.id] });
    const claimState = async () =>
      (await buyer.get<{ records: { claimNo: string; status: string }[] }>('/mall/v1/merge-reimbursement/page/all?scope=mine&size=50')).records.find(
        (c) => c.claimNo === claim.claimNo,
      )?.status;
    if ((await claimState()) === 'team_approved') {
      const owner = await ApiSession.login(base, 'owner1', PASSWORD);
      await owner.post('/mall/v1/reimbursement/institute/claim/batchPass', { ids: [claim.id] });
    }
    const finance = await ApiSession.login(base, 'finance1', PASSWORD);
    const merged = await finance.post<{ id: number }>('/mall/v1/reimbursement/finance/mergeClaim/batchPass', { ids: [claim.id] });
    await finance.post('/mall/v1/reimbursement/finance/mergeClaim/complete', { id: merged.id });
    expect(await claimState()).toBe('completed');

    // leader1 opens the card's ledger: drawn equals the order, nothing frozen, the draw names the claim
    await leader.goto('/cass/budget/grantCards');
    const ledgerButton = leader.getByTestId(`grant-card-ledger-${cardNo}`);
    const drawer = leader.locator('.ant-drawer').filter({ hasText: `经费卡台账 ${cardNo}` });
    await openWith(ledgerButton, drawer);
    const fen = (testId: string) => drawer.getByTestId(testId).getAttribute('data-fen').then(Number);
    expect(await fen('ledger-drawn')).toBe(placed.totalAmount);
    expect(await fen('ledger-frozen')).toBe(0);
    expect(await fen('ledger-available')).toBe(totalYuan * 100 - placed.totalAmount);
    await drawer.getByTestId('ledger-table').getByText(`报销单 ${claim.claimNo}`).waitFor();
  });

  it('finance sends a month statement, the supplier disputes one line, finance removes it and re-sends, the supplier confirms, finance pays in two parts', {
    timeout: FLOW_TIMEOUT,
  }, async () => {
    const base = suite.server.baseUrl;
    const supplierUser = 'supplier1';
    const supplierName = SELLERS[supplierUser].name;
    // two accepted sub-orders of one supplier for ICCAS (buyer1)
    const orders = [await acceptedOrder(base, 20_000, { supplierUser }), await acceptedOrder(base, 30_000, { supplierUser })];
    const [disputed, kept] = orders.map((o) => o.subOrder);
    const month = shanghaiMonth();

    // finance1 generates this month's statement of 国药 on 对账结算 and sends it
    const finance = await actor('finance1', '/cass/dashbord');
    await finance.goto('/cass/settle/statements');
    const generate = finance.getByRole('dialog', { name: '生成对账单' });
    await openWith(finance.getByTestId('statement-generate-open'), generate);
    const supplierItem = generate.locator('.ant-form-item').filter({ hasText: '供应商' });
    await pickSearched(finance, supplierItem, generate.getByLabel('供应商'), '国药', supplierName);
    await typeDate(generate.locator('.ant-form-item').filter({ hasText: '对账月份' }).locator('input'), month);
    await generate.getByText(/该月验收、尚未对账的子订单 \d+ 个/).waitFor();
    const made = await clickForCall<{ id: number; statementNo: string; lineCount: number }>(
      finance,
      generate.getByRole('button', { name: label('生成') }),
      '/mall/v1/statement/generate',
    );
    expect(made.lineCount).toBeGreaterThanOrEqual(2);
    const drawer = finance.getByTestId('statement-detail').filter({ hasText: made.statementNo });
    const status = () => drawer.getByTestId('statement-status').getAttribute('data-status');
    const line = (d: Locator, subNo: string) => d.locator('tr.ant-table-row').filter({ hasText: subNo });
    await drawer.waitFor();
    for (const s of orders) await line(drawer, s.subOrder.subNo).waitFor();
    await clickForCall(finance, drawer.getByTestId('statement-send'), '/mall/v1/statement/send');
    await expect.poll(status, { timeout: 15_000 }).toBe('sent');

    // supplier1 on 对账单 disputes one line with a reason
    const supplier = await actor(supplierUser, '/cassSupplier/dashbord');
    await supplier.goto('/cassSupplier/statement');
    const supplierDrawer = supplier.getByTestId('statement-detail').filter({ hasText: made.statementNo });
    const openSupplierDrawer = async () => {
      const opener = supplier.locator('tr.ant-table-row').filter({ hasText: made.statementNo }).getByTestId('statement-open');
      await openWith(opener, supplierDrawer);
    };
    await openSupplierDrawer();
    const reason = '该单货物已于上月对账结清，请核实';
    await line(supplierDrawer, disputed.subNo).locator('.ant-checkbox-input').check();
    const disputeButton = supplierDrawer.getByTestId('statement-dispute');
    await expect.poll(() => disputeButton.isEnabled()).toBe(true);
    const reasonDialog = supplier.getByRole('dialog', { name: '对 1 行提出异议' });
    await openWith(disputeButton, reasonDialog);
    const disputedCall = waitCall(supplier, '/supplier/v1/statement/dispute');
    await submitReason(supplier, '对 1 行提出异议', reason, '提交异议');
    await answerOf(disputedCall);
    await expect.poll(() => supplierDrawer.getByTestId('statement-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('disputed');

    // finance sees only that line reopened, removes it with a note and re-sends
    await finance.reload();
    await finance.locator('tr.ant-table-row').filter({ hasText: made.statementNo }).getByTestId('statement-open').waitFor();
    await openWith(finance.locator('tr.ant-table-row').filter({ hasText: made.statementNo }).getByTestId('statement-open'), drawer);
    await expect.poll(status, { timeout: 15_000 }).toBe('disputed');
    await line(drawer, disputed.subNo).getByText(reason).waitFor();
    expect(await drawer.getByTestId('statement-line-remove').count()).toBe(1);
    expect(await line(drawer, kept.subNo).getByTestId('statement-line-remove').count()).toBe(0);
    const removeDialog = finance.getByRole('dialog', { name: `移除 ${disputed.subNo}` });
    await openWith(line(drawer, disputed.subNo).getByTestId('statement-line-remove'), removeDialog);
    const removed = waitCall(finance, '/mall/v1/statement/removeLine');
    await submitReason(finance, `移除 ${disputed.subNo}`, '已核实上月结清，移出本单', '移除');
    await answerOf(removed);
    await expect.poll(() => line(drawer, disputed.subNo).count(), { timeout: 15_000 }).toBe(0);
    await line(drawer, kept.subNo).waitFor();
    await clickForCall(finance, drawer.getByTestId('statement-resend'), '/mall/v1/statement/resend');
    await expect.poll(status, { timeout: 15_000 }).toBe('sent');

    // supplier1 confirms the corrected statement
    await supplier.reload();
    await openSupplierDrawer();
    await expect.poll(() => supplierDrawer.getByTestId('statement-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('sent');
    expect(await line(supplierDrawer, disputed.subNo).count()).toBe(0);
    await clickForCall(supplier, supplierDrawer.getByTestId('statement-confirm'), '/supplier/v1/statement/confirm');
    await expect.poll(() => supplierDrawer.getByTestId('statement-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('supplier_confirmed');

    // finance approves and pays: first a part (部分付款), then the rest (已付款)
    await finance.reload();
    await openWith(finance.locator('tr.ant-table-row').filter({ hasText: made.statementNo }).getByTestId('statement-open'), drawer);
    await expect.poll(status, { timeout: 15_000 }).toBe('supplier_confirmed');
    await clickForCall(finance, drawer.getByTestId('statement-approve'), '/mall/v1/statement/approve');
    await expect.poll(status, { timeout: 15_000 }).toBe('finance_approved');
    const net = Number(await drawer.getByTestId('statement-net').getAttribute('data-fen'));
    expect(net).toBeGreaterThan(100);
    const part = Math.floor(net / 2);
    for (const [amount, bankRef, after] of [
      [part, `BANK-E2E-${Date.now()}-1`, 'partially_paid'],
      [net - part, `BANK-E2E-${Date.now()}-2`, 'paid'],
    ] as const) {
      const pay = finance.getByRole('dialog', { name: `登记付款：${made.statementNo}` });
      await openWith(drawer.getByTestId('statement-pay-open'), pay);
      await pay.getByRole('spinbutton').fill((amount / 100).toFixed(2));
      await pay.getByLabel('银行流水号').fill(bankRef);
      await typeDate(pay.locator('.ant-form-item').filter({ hasText: '付款日期' }).locator('input'), shanghaiDay());
      const paid = await clickForCall<{ paymentNo: string }>(finance, pay.getByRole('button', { name: label('登记') }), '/mall/v1/check/adminCheckMoney');
      expect(paid.paymentNo).toBeTruthy();
      await pay.waitFor({ state: 'hidden' });
      await expect.poll(status, { timeout: 15_000 }).toBe(after);
      await drawer
        .getByTestId('statement-status')
        .getByText(after === 'paid' ? '已付款' : '部分付款')
        .waitFor();
      await drawer.getByRole('cell', { name: bankRef, exact: true }).waitFor();
    }
  });
});
