import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';

const PASSWORD = 'Demo@2026';
const suite = useBrowserSuite({ name: 'tech-services', env: { CATALOG_ITEMS: '3000' }, pagePerTest: false });

async function actor(userName: string, home: string): Promise<Page> {
  const page = await suite.newPage();
  await submitLogin(page, userName, PASSWORD);
  await page.waitForURL(`**${home}`, { timeout: 45_000 });
  return page;
}

/** Chooses `option` in the antd Select `select`, again until it shows (a click during the dropdown's animation can be lost). */
async function choose(page: Page, select: ReturnType<Page['locator']>, option: string) {
  for (let attempt = 0; attempt < 8 && !(await select.innerText()).includes(option); attempt++) {
    await select.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    await page.waitForTimeout(200);
  }
  expect(await select.innerText()).toContain(option);
}

describe('技术服务', () => {
  it('lists the published services on the public page, by category', async () => {
    const page = await suite.newPage();
    await page.goto('/techService');
    const table = page.getByTestId('tech-service-table');
    await table.getByText('一代测序（Sanger 测序）').waitFor();
    expect(await table.locator('tr', { hasText: '一代测序（Sanger 测序）' }).innerText()).toContain('¥15.00/反应');
    await page.goto(`/techService?category=${encodeURIComponent('检测')}`);
    await table.getByText('高分辨质谱（HRMS）检测').waitFor();
    expect(await table.getByText('一代测序（Sanger 测序）').count()).toBe(0);
  });

  it('a buyer requests Sanger sequencing with the sample form and the supplier quotes it', { timeout: 180_000 }, async () => {
    const buyer = await actor('buyer1', '/cass/dashbord');
    await buyer.goto('/cass/techService/browse');
    const row = buyer.locator('.ant-table-tbody tr', { hasText: '一代测序（Sanger 测序）' });
    await row.locator('[data-testid^="tech-request-"]').click();
    const form = buyer.getByTestId('tech-request-form');
    await form.waitFor();
    const cells = form.locator('.ant-table-tbody tr.ant-table-row').first().locator('td');
    // 样品名称, 样品类型, 片段长度, 测序引物, 浓度
    await cells.nth(1).locator('input').fill('pET28a-e2e');
    await choose(buyer, cells.nth(2).locator('.ant-select'), '质粒');
    await cells.nth(4).locator('input').fill('T7');
    await buyer.getByRole('button', { name: '提交委托' }).click();
    const message = await waitForMessage(buyer, '已提交');
    const requestNo = /TS\d+/.exec(message)?.[0] ?? '';
    expect(requestNo).not.toBe('');
    await buyer.waitForURL('**/cass/techService/requests');
    await buyer.locator('.ant-table-tbody tr', { hasText: requestNo }).getByText('待报价').first().waitFor();

    const supplier = await actor('supplier2', '/cassSupplier/dashbord');
    await supplier.goto('/cassSupplier/tsRequest');
    await supplier.getByTestId(`ts-request-open-${requestNo}`).click();
    await supplier.getByTestId('tech-request-detail').getByText('pET28a-e2e').waitFor();
    await supplier.getByRole('button', { name: /^报\s*价$/ }).click();
    const quote = supplier.locator('.ant-modal:visible');
    await quote.locator('input').first().fill('15');
    await supplier.getByRole('button', { name: '提交报价' }).click();
    await waitForMessage(supplier, '已报价');

    await buyer.reload();
    await buyer.locator('.ant-table-tbody tr', { hasText: requestNo }).getByText('已报价').first().waitFor();
  });
});
