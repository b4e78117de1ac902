import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin } from '../support/login-page.ts';
import { orderRow, rowStatus } from '../support/order-pages.ts';
import { addAddress, findOrderableItem } from '../support/order-setup.ts';

const PASSWORD = 'Demo@2026';

const suite = useBrowserSuite({ name: 'agent-order', env: { CATALOG_ITEMS: '3000' }, pagePerTest: false });

/** A page logged in as `userName` in a context of its own, on its home page. */
async function loggedIn(userName: string, home: string): Promise<Page> {
  const page = await suite.newPage();
  await submitLogin(page, userName, PASSWORD);
  await page.waitForURL(`**${home}`, { timeout: 45_000 });
  return page;
}

interface Detail {
  status: string;
  subOrders: { id: number; lines: { id: number; quantity: number }[]; deliveries: { id: number }[] }[];
}

/**
 * Takes the order past approval (team, and the institute when the flow asks for it) and has the
 * supplier confirm it and ship it: the first unit in one parcel, the rest in another.
 */
async function approveAndShip(orderId: number, supplierUser: string): Promise<Detail['subOrders'][number]> {
  const [buyer, leader, owner, supplier] = await Promise.all(
    ['buyer1', 'leader1', 'owner1', supplierUser].map((u) => ApiSession.login(suite.server.baseUrl, u, PASSWORD)),
  );
  const detail = () => buyer.get<Detail>(`/mall/v1/order-detail/${orderId}`);
  expect((await leader.post<{ ok: boolean }[]>('/mall/v1/order-caas/team/pass', { ids: [orderId] }))[0].ok).toBe(true);
  if ((await detail()).status === 'pending_institute') {
    expect((await owner.post<{ ok: boolean }[]>('/mall/v1/order-caas/institute/pass', { ids: [orderId] }))[0].ok).toBe(true);
  }
  const sub = (await detail()).subOrders[0];
  await supplier.post('/supplier/v1/order/confirm', { subOrderId: sub.id });
  const [channel] = await supplier.get<{ id: number }[]>('/mall/v1/expChannel/list');
  const line = sub.lines[0];
  await supplier.post('/supplier/v1/order/deliver', {
    subOrderId: sub.id,
    expressChannelId: channel.id,
    trackingNo: 'SF2026000001',
    lines: [{ lineId: line.id, quantity: 1 }],
  });
  if (line.quantity > 1) await supplier.post('/supplier/v1/order/deliver', { subOrderId: sub.id, expressChannelId: channel.id, trackingNo: 'SF2026000002' });
  return (await detail()).subOrders[0];
}

describe('代下单', () => {
  it('assistant1 orders for buyer1 on the confirm page; buyer1 finds the order with 周婷 as 代下单人 and what each parcel carried', {
    timeout: 180_000,
  }, async () => {
    // the assistant's own delivery address, and an item it can order to Beijing
    const assistantApi = await ApiSession.login(suite.server.baseUrl, 'assistant1', PASSWORD);
    await addAddress(assistantApi);
    const { item } = await findOrderableItem(assistantApi, 1, '北京市');
    const quantity = Math.min(2, item.stock);

    const [assistant, buyer] = await Promise.all([loggedIn('assistant1', '/cass/dashbord'), loggedIn('buyer1', '/cass/dashbord')]);

    // 立即购买 from the item page
    await assistant.goto(`/item_detail.lf?id=${item.id}`);
    await assistant.getByLabel('购买数量').fill(String(quantity));
    await assistant.getByTestId('buy-now').click();
    await assistant.waitForURL(/\/confirmOrder\?itemId=\d+/);

    // 采购人: 本人 until a buyer of the team is chosen; the hint names the buyer
    const choice = assistant.getByTestId('agent-buyer');
    await choice.waitFor();
    expect(await choice.locator('.ant-select').first().textContent()).toContain('本人');
    await choice.getByRole('combobox').click();
    const options = assistant.locator('.ant-select-dropdown .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['本人', '王晓明（buyer1）']);
    await options.filter({ hasText: '王晓明（buyer1）' }).click();
    await assistant.getByTestId('agent-buyer-hint').filter({ hasText: '将为 王晓明（buyer1） 代下单' }).waitFor();

    const submit = assistant.getByRole('button', { name: /提交订单/ });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const created = assistant.waitForRequest((r) => r.url().includes('/mall/v1/order/create'));
    await submit.click();
    expect((await created).postDataJSON()).toMatchObject({ direct: { itemId: item.id, quantity } });
    expect(typeof (await created).postDataJSON().buyerId).toBe('number');
    await assistant.waitForURL(/\/successOrder\?/);
    const orderNo = ((await assistant.getByTestId('order-no').textContent()) ?? '').trim();
    const orderId = Number(new URL(assistant.url()).searchParams.get('orderId'));
    expect(orderNo).toMatch(/^PO\d+$/);

    // 我的订单 of buyer1: the order is theirs, waiting for their team leader
    await buyer.goto('/cass/order/myOrder');
    await orderRow(buyer, orderNo).waitFor();
    expect(await rowStatus(orderRow(buyer, orderNo))).toBe('pending_team');

    const sub = await approveAndShip(orderId, item.supplierUser);
    expect(sub.deliveries).toHaveLength(quantity);

    // the detail names buyer, 代下单人 and unit, and lists what each parcel carried
    await buyer.reload();
    await orderRow(buyer, orderNo).getByTestId('order-no').click();
    await buyer.waitForURL(/\/cass\/order\/detail\?orderId=\d+/);
    expect(await buyer.getByTestId('detail-order-no').textContent()).toBe(orderNo);
    expect(await buyer.getByTestId('detail-buyer').textContent()).toBe('王晓明');
    expect(await buyer.getByTestId('detail-placed-by').textContent()).toBe('由 周婷 代下单');
    expect(await buyer.getByTestId('detail-unit').textContent()).toContain('李明华课题组');
    const parcels = buyer.getByTestId('delivery-timeline').getByTestId('delivery-item');
    await expect.poll(() => parcels.count()).toBe(quantity);
    for (let i = 0; i < quantity; i++) {
      const carried = parcels.nth(i).getByTestId('parcel-line');
      expect(await carried.count()).toBe(1);
      expect(await carried.getAttribute('data-quantity')).toBe('1');
      expect(await carried.textContent()).toContain(`${item.name} × 1`);
    }

    // the last parcel's delivery note carries that parcel: 1 this time, everything so far
    const supplier = await loggedIn(item.supplierUser, '/cassSupplier/dashbord');
    const last = sub.deliveries[quantity - 1];
    await supplier.goto(`/cassSupplierPrintSubOrder?deliveryId=${last.id}&orderId=${orderId}&subOrderId=${sub.id}`);
    await supplier.getByTestId('print-sheet').waitFor();
    expect(await supplier.getByTestId('print-doc-no').textContent()).toMatch(new RegExp(`^${orderNo}.*-0${quantity}$`));
    const printed = supplier.getByTestId('print-line');
    expect(await printed.count()).toBe(1);
    const cells = await printed.locator('td').allTextContents();
    expect(cells.slice(-3)).toEqual([String(quantity), String(quantity), '1']);
  });
});
