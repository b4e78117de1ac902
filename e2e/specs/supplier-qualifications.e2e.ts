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
    await page.getByRole('menuitem', { name: '资质管理' }).click();
    await page.waitForURL('**/cassSupplier/qualification');
    // the demo licences are there, approved
    await page.locator('.ant-table-row').filter({ hasText: '沪（黄）应急管危经许[2024]201037' }).getByText('已通过').waitFor();

    await page.getByTestId('qualification-add').click();
    const form = page.locator('.ant-modal').filter({ hasText: '新增资质' });
    await form.getByLabel('资质类型').click();
    await page.locator('.ant-select-dropdown').getByText('医疗器械经营许可证', { exact: true }).click();
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
});
