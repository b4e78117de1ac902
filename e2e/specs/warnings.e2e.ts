import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';
import { fulfilOrder } from '../support/order-lifecycle.ts';
import { addAddress, findOrderableItem } from '../support/order-setup.ts';

const PASSWORD = 'Demo@2026';
const suite = useBrowserSuite({ name: 'warnings', env: { CATALOG_ITEMS: '3000' }, pagePerTest: false });
/** An order through four actors, then two people in the browser: more than the default minute on a loaded machine. */
const FLOW_TIMEOUT = 180_000;

interface Container {
  id: number;
  unit: string;
  quantityTotal: number;
  quantityLeft: number;
}

async function actor(userName: string): Promise<Page> {
  const page = await suite.newPage();
  await submitLogin(page, userName, PASSWORD);
  await page.waitForURL('**/cass/dashbord', { timeout: 45_000 });
  return page;
}

/** 预警规则 › 立即检查 as the institute owner; answers how many warnings it created. */
async function checkNow(owner: Page): Promise<number> {
  await owner.goto('/cass/warning/rules');
  const answer = owner.waitForResponse((r) => r.url().includes('/mall/v1/warning/scan') && r.request().method() === 'POST', { timeout: 60_000 });
  await owner.getByTestId('warning-scan').click();
  const body = (await (await answer).json()) as { code: number; data: { created: number } };
  expect(body.code).toBe(200);
  return body.data.created;
}

describe('预警', () => {
  it(
    'a 领用 that leaves the team under the low-stock threshold raises a warning in the badge, which the buyer acknowledges',
    async () => {
      const base = suite.server.baseUrl;
      // two units of one item accepted into stock: two containers, two containers' worth, above the default threshold of 1
      const buyer = await ApiSession.login(base, 'buyer1', PASSWORD);
      const { item } = await findOrderableItem(buyer, 1, '北京市');
      const { item: same, quantity } = await findOrderableItem(buyer, item.price * 2, '北京市');
      expect(same.id).toBe(item.id);
      expect(quantity).toBe(2);
      const address = await addAddress(buyer);
      const placed = await buyer.post<{ orderId: number; orderNo: string; totalAmount: number }>('/mall/v1/order/create', {
        direct: { itemId: item.id, quantity: 2 },
        addressId: address.id,
        idempotencyKey: randomBytes(8).toString('hex'),
      });
      const done = await fulfilOrder(base, { ...placed, item, supplierUser: item.supplierUser, buyer });
      const [stock] = await buyer.get<{ containers: Container[] }[]>(`/mall/v1/inventory/listBySupplierOrderIds?ids=${done.subOrder.id}`);
      expect(stock.containers.length).toBeGreaterThanOrEqual(2);

      const owner = await actor('owner1');
      await checkNow(owner);
      const lowOf = async () =>
        (await buyer.get<{ records: { id: number; title: string; state: string }[] }>('/mall/v1/warning/page?type=low_stock&size=50')).records.filter((w) =>
          w.title.startsWith(item.name),
        );
      expect(await lowOf()).toEqual([]);

      // 领用: all of the first container and most of the second
      const [a, b] = stock.containers;
      await buyer.post('/mall/v1/inventory/stockOut', {
        lines: [
          { containerId: a.id, amount: a.quantityLeft, unit: a.unit },
          { containerId: b.id, amount: Math.round(b.quantityLeft * 0.6 * 1000) / 1000, unit: b.unit },
        ],
        purpose: '有机合成实验',
      });
      // still more containers than two? take them all but the last
      for (const c of stock.containers.slice(2))
        await buyer.post('/mall/v1/inventory/stockOut', { lines: [{ containerId: c.id, amount: c.quantityLeft, unit: c.unit }] });
      expect(await checkNow(owner)).toBeGreaterThanOrEqual(1);
      const [warning] = await lowOf();
      expect(warning.state).toBe('new');

      // the buyer sees it in the header's badge, opens the list from it and acknowledges it
      const page = await actor('buyer1');
      const shown = page.getByTestId('header-warnings-count').locator('.ant-scroll-number');
      const badgeCount = async () => ((await shown.count()) ? Number((await shown.first().getAttribute('title')) ?? 0) : 0);
      await expect.poll(badgeCount, { timeout: 20_000 }).toBeGreaterThan(0);
      const before = await badgeCount();
      await page.getByTestId('header-warnings').click();
      await page.waitForURL('**/cass/warning/list?state=open');
      await page.getByText(`${item.name}`, { exact: false }).first().waitFor();
      await page.getByTestId(`warning-ack-${warning.id}`).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /确\s*认/ })
        .click();
      await waitForMessage(page, '已确认');
      await expect.poll(() => page.getByTestId(`warning-state-${warning.id}`).textContent()).toBe('已确认');
      // acknowledged is still open: the badge keeps counting it until it is resolved
      await page.getByTestId(`warning-resolve-${warning.id}`).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /解\s*决/ })
        .click();
      await waitForMessage(page, '已解决');
      await expect.poll(badgeCount, { timeout: 20_000 }).toBe(before - 1);
    },
    FLOW_TIMEOUT,
  );
});
