import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiSession, TINY_PNG } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';

const PASSWORD = 'Demo@2026';
const suite = useBrowserSuite({ name: 'shop-content', env: { CATALOG_ITEMS: '3000' } });
let page: Page;
beforeEach(() => {
  page = suite.page;
});

describe('店铺管理', () => {
  it('supplier1 adds a banner, the platform approves it in 店铺内容审核, and the buyer sees it on the shop page', async () => {
    const title = '年终试剂节 色谱溶剂满千减百';
    await submitLogin(page, 'supplier1', PASSWORD);
    await page.waitForURL('**/cassSupplier/dashbord');
    await page.getByRole('menuitem', { name: '店铺管理' }).click();
    await page.waitForURL('**/cassSupplier/shop');
    await page.getByRole('tab', { name: '横幅' }).click();
    await page.getByTestId('shop-banner-add').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增横幅' });
    await dialog.getByLabel('标题').fill(title);
    await dialog.getByTestId('shop-banner-image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: TINY_PNG });
    await dialog.getByRole('link', { name: 'banner.png' }).waitFor();
    await dialog.getByLabel('链接').fill('/platform/search.lf?q=乙腈');
    await dialog.getByRole('button', { name: /提交审核/ }).click();
    await waitForMessage(page, '已提交，平台审核通过后买家可见');
    await page.locator('.ant-table-row').filter({ hasText: title }).getByText('待审核').waitFor();

    const buyerApi = await ApiSession.login(suite.server.baseUrl, 'buyer1', PASSWORD);
    let supplierId = 0;
    for (let id = 1; id <= 10 && !supplierId; id++) {
      const shop = await buyerApi.get<{ supplierName: string; banners: { title: string }[] }>(`/mall/v1/shop/detail/${id}`).catch(() => null);
      if (shop?.supplierName === '国药集团化学试剂有限公司') {
        supplierId = id;
        expect(shop.banners.map((b) => b.title)).not.toContain(title);
      }
    }
    expect(supplierId).toBeGreaterThan(0);

    const adminCtx = await suite.newContext();
    const admin = await adminCtx.newPage();
    await submitLogin(admin, 'admin', 'Admin@2026');
    await admin.waitForURL('**/cass/**');
    await admin.goto('/cass/system/shopReview');
    const row = admin.locator('.ant-table-row').filter({ hasText: title });
    await row.getByRole('button', { name: '通过' }).click();
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await waitForMessage(admin, '已通过');
    await adminCtx.close();

    const buyerCtx = await suite.newContext();
    const buyer = await buyerCtx.newPage();
    await submitLogin(buyer, 'buyer1', PASSWORD);
    await buyer.waitForURL('**/cass/dashbord');
    await buyer.goto(`/platform/shop.lf?supplierId=${supplierId}`);
    await buyer.getByTestId('shop-banner').filter({ hasText: title }).first().waitFor({ state: 'attached' });
    await buyer.getByTestId('shop-notices').getByText('春节发货安排').waitFor();
    await buyerCtx.close();
  });
});
