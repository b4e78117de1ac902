import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';
import { chooseOption, confirmDialog, hasMessage, label, orderRow, rowStatus, submitReason, subOrderRow, supplierRow } from '../support/order-pages.ts';
import { addAddress, findOrderableItem, placeOrder } from '../support/order-setup.ts';

const PASSWORD = 'Demo@2026';
/** The default flow sends orders from ¥5,000 to the institute too. */
const INSTITUTE_THRESHOLD = 500_000;

const suite = useBrowserSuite({ name: 'order-flow', env: { CATALOG_ITEMS: '3000' }, pagePerTest: false });
let buyerApi: ApiSession;
let addressId: number;

beforeAll(async () => {
  buyerApi = await ApiSession.login(suite.server.baseUrl, 'buyer1', PASSWORD);
  addressId = (await addAddress(buyerApi)).id;
});

/** A logged-in page of its own browser context (each actor has their own storage and session). */
async function actor(userName: string, home: string): Promise<Page> {
  const page = await suite.newPage();
  await submitLogin(page, userName, PASSWORD);
  // several actors log in at once: give the dashboards time on a busy machine
  await page.waitForURL(`**${home}`, { timeout: 45_000 });
  return page;
}

const buyerHome = '/cass/dashbord';
const supplierHome = '/cassSupplier/dashbord';

/** Six actors and a dozen moves: more than the default minute on a loaded machine. */
const FLOW_TIMEOUT = 180_000;

describe('订单流转', () => {
  it('an order above the institute threshold climbs team and institute approval, is confirmed, shipped, received and accepted', {
    timeout: FLOW_TIMEOUT,
  }, async () => {
    // setup through the API: the cart holds enough of one item for more than ¥5,000
    const { item, quantity } = await findOrderableItem(buyerApi, INSTITUTE_THRESHOLD + 1000, '北京市');
    await buyerApi.post('/mall/v1/cart/add', { itemId: item.id, quantity });

    // every actor in their own browser context, logged in at once
    const [buyer, leader, owner, supplier, checker] = await Promise.all([
      actor('buyer1', buyerHome),
      actor('leader1', buyerHome),
      actor('owner1', buyerHome),
      actor(item.supplierUser, supplierHome),
      actor('checker1', buyerHome),
    ]);

    // buyer1 checks out the cart
    await buyer.goto('/cart');
    await buyer.getByRole('button', { name: /去结算/ }).click();
    await buyer.waitForURL(/\/confirmOrder\?/);
    const submit = buyer.getByRole('button', { name: /提交订单/ });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    // the default card has budget lines: the reagents' sub-order is preselected on 材料费
    await expect.poll(async () => (await buyer.getByTestId('budget-line-select').first().textContent()) ?? '').toContain('材料费');
    // before submitting, the buyer sees who will approve and why
    const preview = buyer.getByTestId('approval-preview');
    await preview.getByText('课题组长审批', { exact: true }).waitFor();
    await preview.getByText('研究所审批', { exact: true }).waitFor();
    expect(await preview.getByTestId('approval-why').last().textContent()).toContain('金额达到');
    await submit.click();
    await buyer.waitForURL(/\/successOrder\?/);
    const orderNo = ((await buyer.getByTestId('order-no').textContent()) ?? '').trim();
    expect(orderNo).toMatch(/^PO\d+$/);

    // 我的订单: waiting for the team leader
    await buyer.goto('/cass/order/myOrder');
    const myRow = orderRow(buyer, orderNo);
    await myRow.waitFor();
    expect(await rowStatus(myRow)).toBe('pending_team');
    expect(Number(await myRow.getByTestId('order-amount').getAttribute('data-fen'))).toBeGreaterThanOrEqual(INSTITUTE_THRESHOLD);
    const orderId = Number(new URL((await myRow.getByTestId('order-no').getAttribute('href')) ?? '', suite.server.baseUrl).searchParams.get('orderId'));
    expect(orderId).toBeGreaterThan(0);

    // leader1: the dashboard counts it under 待审批 and opens the list; a notice; the row says what and who; passes it
    await leader.goto('/cass/dashbord');
    const todo = leader.getByTestId('todo-team');
    await expect.poll(async () => Number((await todo.locator('.ant-statistic-content-value').textContent()) ?? 0)).toBeGreaterThanOrEqual(1);
    await todo.click();
    await leader.waitForURL('**/cass/order/approve?tab=team');
    expect(await hasMessage(leader, orderNo)).toBe(true);
    await leader.getByRole('tab', { name: '课题组长待审批' }).waitFor();
    expect(await orderRow(leader, orderNo).getByTestId('order-buyer').textContent()).toContain('王晓明');
    await orderRow(leader, orderNo)
      .getByRole('button', { name: label('通过') })
      .click();
    await confirmDialog(leader, '通过');
    await waitForMessage(leader, '审批通过');
    await orderRow(leader, orderNo).waitFor({ state: 'detached' });
    await leader.getByRole('tab', { name: '已处理' }).click();
    await orderRow(leader, orderNo).waitFor();

    // owner1: the order in 研究所待审批, passes it
    await owner.goto('/cass/order/approve');
    expect(await hasMessage(owner, orderNo)).toBe(true);
    await owner.getByRole('tab', { name: '研究所待审批' }).waitFor();
    await orderRow(owner, orderNo)
      .getByRole('button', { name: label('通过') })
      .click();
    await confirmDialog(owner, '通过');
    await waitForMessage(owner, '审批通过');

    await buyer.reload();
    // approved: the list now says where the sub-orders stand (one status, not 审批通过 beside the sub-orders' own)
    await expect.poll(() => rowStatus(orderRow(buyer, orderNo))).toBe('to_confirm');

    // the item's supplier: confirms, then ships everything with a tracking number
    await supplier.goto('/cassSupplier/order');
    expect(await hasMessage(supplier, orderNo)).toBe(true);
    const toConfirm = supplierRow(supplier, orderNo);
    await toConfirm.waitFor();
    await toConfirm.getByRole('button', { name: '确认接单' }).click();
    await confirmDialog(supplier, '确认接单');
    await waitForMessage(supplier, '已确认接单');
    await supplier.getByRole('tab', { name: '待发货' }).click();
    await supplierRow(supplier, orderNo)
      .getByRole('button', { name: label('发货') })
      .click();
    const ship = supplier.getByRole('dialog', { name: /^发货/ });
    const carrier = ship.locator('.ant-form-item', { hasText: '快递公司' }).first();
    await chooseOption(supplier, ship.getByLabel('快递公司'), null, async () => !(await carrier.innerText()).includes('请选择'));
    await ship.getByLabel('快递单号').fill('SF1234567890');
    await ship.getByRole('button', { name: '确认发货' }).click();
    await waitForMessage(supplier, '已发货');
    await supplier.getByRole('tab', { name: '已发货' }).click();
    await supplierRow(supplier, orderNo).waitFor();

    // buyer1 confirms arrival of the shipped sub-order
    await buyer.reload();
    const sub = subOrderRow(buyer, orderNo);
    await sub.getByRole('button', { name: '确认到货' }).click();
    await confirmDialog(buyer, '确认到货');
    await waitForMessage(buyer, '已确认到货');

    // checker1: the notice, the sub-order in 待验收, accepts it
    await checker.goto('/cass/order/check');
    expect(await hasMessage(checker, orderNo)).toBe(true);
    await subOrderRow(checker, orderNo).getByRole('button', { name: '验收通过' }).click();
    await confirmDialog(checker, '验收通过');
    await waitForMessage(checker, '验收通过');

    // completed for buyer1, with the whole history in the detail
    await buyer.reload();
    await expect.poll(() => rowStatus(orderRow(buyer, orderNo))).toBe('completed');
    await orderRow(buyer, orderNo).getByTestId('order-no').click();
    await buyer.waitForURL(/\/cass\/order\/detail\?orderId=\d+/);
    expect(await buyer.getByTestId('detail-order-no').textContent()).toBe(orderNo);
    const actions = await buyer.getByTestId('log-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions).toEqual(['submit', 'pass', 'pass', 'confirm', 'deliver', 'arrived', 'accept', 'complete']);
    await buyer.getByTestId('delivery-timeline').getByText('SF1234567890').waitFor();

    // the print page shows the order; its PDF carries the same order in Chinese
    await buyer.goto(`/printBuyOrder?orderId=${orderId}`);
    await buyer.getByTestId('print-sheet').waitFor();
    expect(await buyer.getByTestId('print-doc-no').textContent()).toBe(orderNo);
    expect(await buyer.getByTestId('print-line').count()).toBe(1);
    expect(await buyer.getByTestId('print-total').textContent()).toContain('大写');
    const dir = await mkdtemp(path.join(tmpdir(), 'kc-pdf-'));
    try {
      const download = buyer.waitForEvent('download');
      await buyer.getByRole('button', { name: /下载 PDF/ }).click();
      const file = path.join(dir, 'order.pdf');
      await (await download).saveAs(file);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(orderNo);
      expect(text).toMatch(/订单/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a refused order shows 审批驳回 and the reason to the buyer', { timeout: FLOW_TIMEOUT }, async () => {
    const { item } = await findOrderableItem(buyerApi, 1, '北京市');
    const { orderNo } = await placeOrder(buyerApi, item.id, 1, addressId);
    const reason = '预算不足，请下月再采购';

    const leader = await actor('leader1', buyerHome);
    await leader.goto('/cass/order/approve');
    await orderRow(leader, orderNo)
      .getByRole('button', { name: label('驳回') })
      .click();
    await submitReason(leader, `驳回订单 ${orderNo}`, reason, '驳回');
    await waitForMessage(leader, '审批驳回');

    const buyer = await actor('buyer1', buyerHome);
    await buyer.goto('/cass/order/myOrder');
    const row = orderRow(buyer, orderNo);
    await row.waitFor();
    expect(await rowStatus(row)).toBe('refused');
    expect(await row.getByTestId('order-status').textContent()).toBe('审批驳回');
    expect(await row.getByTestId('close-reason').textContent()).toContain(reason);
    expect(await hasMessage(buyer, orderNo)).toBe(true);

    await row.getByTestId('order-no').click();
    await buyer.getByTestId('detail-close-reason').filter({ hasText: reason }).waitFor();
  });
});
