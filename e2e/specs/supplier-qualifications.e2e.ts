import type { Page } from 'playwright-core';
import { beforeEach, describe, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';

const PASSWORD = 'Demo@2026';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const suite = useBrowserSuite({ name: 'supplier-qualifications', env: { CATALOG_ITEMS: '3000' } });
let page: Page;
beforeEach(() => {
  page = suite.page;
});

describe('资质管理与资质审核', () => {
  it('supplier1 adds a licence with its scan; the platform approves it from 资质审核', async () => {
    await submitLogin(page, 'supplier1', PASSWORD);
    await page.waitForURL('**/cassSupplier/dashbord');
    await page.getByRole('menuitem', { name: '企业资料' }).hover();
    await page.getByRole('menuitem', { name: '资质管理' }).click();
    await page.waitForURL('**/cassSupplier/qualification');
    // the demo licences are there, approved
    await page.locator('.ant-table-row').filter({ hasText: '沪（黄）应急管危经许[2024]201037' }).getByText('已通过').waitFor();

    await page.getByTestId('qualification-add').click();
    const form = page.locator('.ant-modal').filter({ hasText: '新增资质' });
    await form.getByLabel('资质类型').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('医疗器械经营许可证', { exact: true }).click();
    await form.getByLabel('证书编号').fill('沪浦食药监械经营许20250123号');
    await form.getByLabel('发证机关').fill('上海市浦东新区市场监督管理局');
    await form.getByLabel('有效期自').fill('2025-01-10');
    await form.getByLabel('有效期自').press('Enter');
    await form.getByLabel('有效期至').fill('2030-01-09');
    await form.getByLabel('有效期至').press('Enter');
    await form.getByTestId('qualification-file').setInputFiles({ name: '医疗器械经营许可证.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('link', { name: '医疗器械经营许可证.pdf' }).waitFor();
    await form.getByLabel('许可范围').fill('第二类、第三类医疗器械（体外诊断试剂）');
    await form.getByRole('button', { name: '提交审核' }).click();
    await waitForMessage(page, '已提交，等待平台审核');
    const mine = page.locator('.ant-table-row').filter({ hasText: '沪浦食药监械经营许20250123号' });
    await mine.getByText('待审核').waitFor();

    const adminCtx = await suite.newContext();
    const admin = await adminCtx.newPage();
    await submitLogin(admin, 'admin', 'Admin@2026');
    await admin.waitForURL('**/cass/dashbord');
    await admin.goto('/cass/system/qualificationReview');
    const row = admin.locator('.ant-table-row').filter({ hasText: '沪浦食药监械经营许20250123号' });
    await row.getByRole('button', { name: '通过' }).click();
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await waitForMessage(admin, '已通过');
    await adminCtx.close();

    await page.reload();
    await mine.getByText('已通过').waitFor();
    await mine.getByText('有效', { exact: true }).waitFor();
  });

  it('supplier3 sees its licence about to expire and sets a delivery fee for a city', async () => {
    await submitLogin(page, 'supplier3', PASSWORD);
    await page.waitForURL('**/cassSupplier/dashbord');
    await page.goto('/cassSupplier/qualification');
    await page
      .locator('.ant-table-row')
      .filter({ hasText: '沪（浦）应急管危经许[2023]201566' })
      .getByText(/即将过期（还剩 21 天）/)
      .waitFor();

    await page.getByRole('menuitem', { name: '价格与客户' }).hover();

    await page.getByRole('menuitem', { name: '运费设置' }).click();
    await page.waitForURL('**/cassSupplier/deliveryFee');
    await page.locator('.ant-table-row').filter({ hasText: '全国其他地区' }).waitFor();
    await page.getByTestId('delivery-fee-add').click();
    const form = page.locator('.ant-modal').filter({ hasText: '新增运费' });
    await form.getByLabel('地区', { exact: true }).click();
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: /^江苏省$/ })
      .click();
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: /^苏州市$/ })
      .click();
    await form.getByLabel('首单运费（元）').fill('8.5');
    await form.getByLabel('包邮门槛（元）').fill('150');
    await form.getByLabel('危险品附加费（元）').fill('30');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await waitForMessage(page, '已保存');
    const row = page.locator('.ant-table-row').filter({ hasText: '江苏省 苏州市' });
    await row.getByText('¥8.50').waitFor();
    await row.getByText('¥30.00').waitFor();
  });
});
