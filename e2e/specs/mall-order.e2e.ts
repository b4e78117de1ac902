import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';
import { cartBadgeCount, deliversTo, fenOf, inStock, pickRegion } from '../support/mall-page.ts';
import { openOrderReader } from '../support/order-db.ts';

const BUYER = 'buyer1';
const PASSWORD = 'Demo@2026';
const REGION = ['北京市', '北京市', '海淀区'];

// a smaller demo catalog starts faster; the generator still has several suppliers per product
const suite = useBrowserSuite({ name: 'mall-order', env: { CATALOG_ITEMS: '3000' } });
let page: Page;
beforeEach(() => {
  page = suite.page;
});

async function loginAsBuyer(): Promise<void> {
  await submitLogin(page, BUYER, PASSWORD);
  await page.waitForURL('**/cass/dashbord');
}

/** In-app navigation (the router follows popstate), for pages a direct load cannot reach. */
async function navigateInApp(path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({ idx: window.history.length }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

async function waitForItem(supplier?: string): Promise<void> {
  const name = page.getByTestId('item-supplier');
  await (supplier ? name.filter({ hasText: supplier }) : name).waitFor();
  await page.getByTestId('offer-row').first().waitFor();
}

/**
 * On the page of an item the buyer can order (in stock, delivered to the address), finds another
 * supplier's offer that is orderable too (checked on its own page), adds that offer from the
 * comparison table and the item itself from its buy box. Returns false when there is no such pair.
 */
async function addPairFromTwoSuppliers(): Promise<boolean> {
  const itemUrl = page.url();
  const supplierA = ((await page.getByTestId('item-supplier').textContent()) ?? '').trim();
  if (!(await inStock(page)) || !(await deliversTo(page, REGION[0]))) return false;

  const offers = page.getByTestId('offer-row');
  const suppliers = new Set(await offers.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-supplier'))));
  if (suppliers.size < 2) return false;
  // 同款比价 lists the item itself among the offers of at least two suppliers
  expect(await offers.filter({ has: page.getByText('当前商品') }).count()).toBe(1);

  const count = await offers.count();
  for (let j = 0; j < count; j++) {
    const row = offers.nth(j);
    const supplierB = await row.getAttribute('data-supplier');
    if (!supplierB || supplierB === supplierA || Number(await row.getAttribute('data-stock')) <= 0) continue;
    await row.locator('td').nth(1).getByRole('link').click();
    await page.waitForURL((u) => u.toString() !== itemUrl);
    await waitForItem(supplierB);
    const orderable = (await inStock(page)) && (await deliversTo(page, REGION[0]));
    await page.goBack();
    await page.waitForURL(itemUrl);
    await waitForItem(supplierA);
    if (!orderable) continue;

    await offers
      .nth(j)
      .getByRole('button', { name: /加入购物车/ })
      .click();
    await waitForMessage(page, '已加入购物车');
    await page.getByTestId('buy-add').click();
    await expect.poll(() => cartBadgeCount(page)).toBe(2);
    return true;
  }
  return false;
}

describe('商城下单', () => {
  it('an institute owner, who cannot buy, browses the mall without a cart and stays logged in', async () => {
    const cartCalls: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/mall/v1/cart/')) cartCalls.push(r.status());
    });
    await submitLogin(page, 'owner1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    await page.goto('/');
    await page.getByPlaceholder(/搜索/).first().waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('cart-badge').count()).toBe(0);
    expect(cartCalls).toEqual([]);
    // still logged in: the console opens without a detour through /login
    await page.goto('/cass/dashbord');
    await page.waitForURL('**/cass/dashbord');
    expect(page.url()).not.toContain('/login');
  });

  it('a visitor sees the public mall; opening an item asks for login', async () => {
    await page.goto('/');
    await page.getByText('商品分类').waitFor();
    await expect.poll(() => page.title()).toContain('欢迎使用科研采购平台');
    await page.getByText('平台公告').waitFor();
    await page.getByTestId('item-card').first().waitFor();
    await page.getByText('品牌专区').waitFor();
    await page.getByTestId('item-card').first().click();
    await page.waitForURL('**/login');

    await page.goto('/bigMall');
    await page.getByText('全部品牌').waitFor();
    await page.getByTestId('item-card').first().waitFor();
  });

  it('buyer1 searches 乙醇, filters by brand, compares suppliers and orders from two suppliers as one order', async () => {
    await loginAsBuyer();
    const orders = await openOrderReader(suite.server);
    try {
      const before = await orders.orderCount(BUYER);

      // search from the mall header
      await page.goto('/');
      const box = page.getByTestId('mall-search').locator('input');
      // suggestions come while typing, and Enter searches and closes them
      await box.fill('丙酮');
      const suggestions = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      await suggestions.waitFor();
      await box.press('Enter');
      await page.waitForURL(/\/search\?q=/);
      await suggestions.waitFor({ state: 'hidden' });

      await page.goto('/');
      await box.fill('乙醇');
      await page.getByRole('button', { name: /搜\s*索/ }).click();
      await page.waitForURL(/\/search\?q=/);
      expect(new URL(page.url()).searchParams.get('q')).toBe('乙醇');
      await page.getByTestId('search-result').first().waitFor();
      expect(await page.getByTestId('search-result-name').first().locator('em').first().textContent()).toBe('乙醇');

      // filter by the first brand; the result count follows its facet count
      const brand = page.getByTestId('filter-brand').locator('label.ant-checkbox-wrapper').first();
      const match = /^(.+) \((\d+)\)$/.exec(((await brand.textContent()) ?? '').trim());
      expect(match).not.toBeNull();
      const [, brandName, brandCount] = match as RegExpExecArray;
      await brand.click();
      await page.waitForURL(/brandId=/);
      await page
        .getByTestId('search-total')
        .filter({ hasText: new RegExp(`^${brandCount}$`) })
        .waitFor();
      const rows = page.getByTestId('search-result');
      await expect.poll(() => rows.count()).toBe(Math.min(Number(brandCount), 20));
      for (const text of await rows.allTextContents()) expect(text).toContain(`品牌：${brandName}`);

      // open results until one can be compared with, and ordered from, another supplier
      let added = false;
      const total = await rows.count();
      for (let i = 0; i < total && !added; i++) {
        await page.getByTestId('search-result-name').nth(i).click();
        await page.waitForURL(/\/item_detail\.lf\?id=\d+/);
        await waitForItem();
        added = await addPairFromTwoSuppliers();
        if (!added) {
          await page.goBack();
          await page.waitForURL(/\/search\?/);
          await rows.first().waitFor();
        }
      }
      expect(added, 'an orderable item with an orderable offer of another supplier').toBe(true);

      // the cart: two suppliers, both lines chosen
      await page.getByTestId('cart-badge').click();
      await page.waitForURL('**/cart');
      await expect.poll(() => page.getByTestId('cart-group').count()).toBe(2);
      await expect.poll(async () => page.getByTestId('cart-selected-count').textContent()).toBe('2');
      // the total of the chosen lines comes from sumMoney
      await expect.poll(() => fenOf(page.getByTestId('cart-total'))).toBeGreaterThan(0);
      const cartTotal = await fenOf(page.getByTestId('cart-total'));
      await page.getByRole('button', { name: /去结算/ }).click();
      await page.waitForURL(/\/confirmOrder\?cartIds=\d+,\d+/);
      await expect.poll(() => page.getByTestId('confirm-group').count()).toBe(2);

      // a new address through the dialog becomes the chosen one
      await page.getByRole('button', { name: /新增地址/ }).click();
      const dialog = page.getByRole('dialog', { name: '新增收货地址' });
      await dialog.getByLabel('收货人').fill('王晓明');
      await dialog.getByLabel('手机号').fill('13800138000');
      await pickRegion(page, REGION);
      await dialog.getByLabel('详细地址').fill('中关村北一街 2 号 化学楼 201 室');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      const address = page.getByTestId('address-picker').getByRole('radio', { name: /中关村北一街 2 号/ });
      await expect.poll(() => address.isChecked()).toBe(true);

      // the compliance notice, when the order holds hazardous goods
      const hazard = page.getByTestId('hazard-confirm');
      const submit = page.getByRole('button', { name: /提交订单/ });
      await expect.poll(() => submit.isEnabled().then((enabled) => enabled || hazard.isVisible())).toBe(true);
      if (await hazard.isVisible()) {
        expect(await submit.isEnabled()).toBe(false);
        await hazard.click();
        await page.getByRole('button', { name: '我已阅读并确认' }).click();
      }
      await expect.poll(() => submit.isEnabled()).toBe(true);
      const confirmTotal = await fenOf(page.getByTestId('confirm-total'));
      // goods at current prices plus any delivery fees
      expect(confirmTotal).toBeGreaterThanOrEqual(cartTotal);

      // a double click still makes one order
      await submit.dblclick();
      await page.waitForURL(/\/successOrder\?/);
      const orderNo = ((await page.getByTestId('order-no').textContent()) ?? '').trim();
      expect(orderNo).toMatch(/^PO\d+$/);
      const subNos = (await page.getByTestId('sub-order-no').allTextContents()).map((s) => s.trim());
      expect(subNos).toHaveLength(2);
      for (const s of subNos) expect(s.startsWith(orderNo)).toBe(true);
      expect(await fenOf(page.getByTestId('order-total'))).toBe(confirmTotal);
      await expect.poll(() => cartBadgeCount(page)).toBe(0);

      // exactly one new order, split into two sub-orders of two suppliers, with the confirmed total
      expect(await orders.orderCount(BUYER)).toBe(before + 1);
      const stored = await orders.order(orderNo);
      expect(stored?.totalAmount).toBe(confirmTotal);
      expect(stored?.subOrders.map((s) => s.subNo).sort()).toEqual([...subNos].sort());
      expect(new Set(stored?.subOrders.map((s) => s.supplierId)).size).toBe(2);
      expect(stored?.subOrders.reduce((sum, s) => sum + s.totalAmount, 0)).toBe(confirmTotal);

      // a reload keeps the numbers (query-string fallback of the router state)
      await page.reload();
      expect(((await page.getByTestId('order-no').textContent()) ?? '').trim()).toBe(orderNo);
      expect(await page.getByTestId('sub-order-no').count()).toBe(2);

      // 查看订单 opens this order, not a list or the dashboard
      await page.getByRole('button', { name: '查看订单' }).click();
      await page.waitForURL(new RegExp(`/cass/order/detail\\?orderId=${stored?.id}$`));
      await page.getByText(orderNo).first().waitFor();
      // the detail page says where it sits, with a way back to the list
      await page.getByTestId('detail-breadcrumb').getByRole('link', { name: '采购管理' }).waitFor();
    } finally {
      await orders.close();
    }
  });

  it('the cart changes a quantity, sums on the server and asks before deleting', async () => {
    await loginAsBuyer();
    await page.goto('/search?q=盐酸&inStock=1');
    await page.getByTestId('search-result').first().waitFor();
    // a result with at least 2 in stock
    const stocks = await page.getByTestId('search-result').evaluateAll((rows) => rows.map((r) => Number(/库存 (\d+)/.exec(r.textContent ?? '')?.[1] ?? 0)));
    const index = stocks.findIndex((n) => n >= 2);
    expect(index).toBeGreaterThanOrEqual(0);
    const result = page.getByTestId('search-result').nth(index);
    await result.getByRole('button', { name: /加入购物车/ }).click();
    await waitForMessage(page, '已加入购物车');
    await expect.poll(() => cartBadgeCount(page)).toBe(1);

    await page.getByTestId('cart-badge').click();
    await page.waitForURL('**/cart');
    const line = page.getByTestId('cart-group').locator('tr.ant-table-row');
    await expect.poll(() => line.count()).toBe(1);
    const price = await fenOf(line.locator('[data-fen]').first());
    await expect.poll(() => fenOf(page.getByTestId('cart-total'))).toBe(price);

    // a quantity above the stock is cut to the stock; 2 is within it and the server's sum follows
    await line.getByRole('spinbutton').fill('2');
    await expect.poll(() => fenOf(page.getByTestId('cart-total'))).toBe(2 * price);
    // the supplier's 小计 counts the ticked lines only: unticking the line empties it
    expect(await fenOf(page.getByTestId('group-subtotal'))).toBe(2 * price);
    await line.getByRole('checkbox').uncheck();
    await expect.poll(() => fenOf(page.getByTestId('group-subtotal'))).toBe(0);
    await line.getByRole('checkbox').check();
    await page.reload();
    await expect.poll(() => line.getByRole('spinbutton').inputValue()).toBe('2');

    await line.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定从购物车删除该商品吗？' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await waitForMessage(page, '已删除');
    await page.getByText('购物车还是空的').waitFor();
    await expect.poll(() => cartBadgeCount(page)).toBe(0);
  });

  it('a removed item leads to /NoItemDetailPage', async () => {
    await loginAsBuyer();
    await navigateInApp('/item_detail.lf?id=99999999');
    await page.waitForURL('**/NoItemDetailPage');
    await page.getByText('商品已下架或不存在').waitFor();
    await page.getByRole('button', { name: /返回商城/ }).click();
    await page.waitForURL('**/bigMall');
  });
});
