import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';

const PASSWORD = 'Demo@2026';
const suite = useBrowserSuite({ name: 'supplier-accounts' });
let page: Page;
beforeEach(() => {
  page = suite.page;
});

describe('子账号管理', () => {
  it('supplier1 opens an 订单处理 account; its owner changes the initial password and sees only orders; disabled, it is logged out', async () => {
    await submitLogin(page, 'supplier1', PASSWORD);
    await page.waitForURL('**/cassSupplier/dashbord');
    await page.getByRole('menuitem', { name: '企业资料' }).hover();
    await page.getByRole('menuitem', { name: '子账号管理' }).click();
    await page.waitForURL('**/cassSupplier/childUser');
    await page
      .getByTestId('child-quota')
      .getByText(/已用名额 \d+ \/ 10/)
      .waitFor();

    await page.getByTestId('child-add').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增子账号' });
    await dialog.getByLabel('用户名').fill('gy_fahuo01');
    await dialog.getByLabel('姓名').fill('孙磊');
    await dialog.getByLabel('手机号').fill('13912345678');
    await dialog.getByLabel('角色').click();
    await page.locator('.ant-select-dropdown').getByText('订单处理', { exact: true }).click();
    await dialog.getByLabel('初始密码').fill('Start2026a');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByText(/子账号 gy_fahuo01 已新增/)
      .waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|知道了/ })
      .click();
    const row = page.locator('tr').filter({ hasText: 'gy_fahuo01' });
    await row.getByText('订单处理').waitFor();
    await row.getByText('待修改初始密码').waitFor();

    // the new colleague logs in elsewhere, must change the initial password, then sees only the order work
    // (orders, and the after-sales, complaint and comment answers grouped under 售后服务)
    const staffCtx = await suite.newContext();
    const staff = await staffCtx.newPage();
    await staff.goto('/login');
    await submitLogin(staff, 'gy_fahuo01', 'Start2026a');
    const modal = staff.locator('.ant-modal').filter({ hasText: '修改初始密码' });
    await modal.waitFor();
    await modal.getByLabel('新密码', { exact: true }).fill('Fahuo2026b');
    await modal.getByLabel('确认新密码').fill('Fahuo2026b');
    await modal.getByRole('button', { name: '确认修改' }).click();
    await waitForMessage(staff, '密码修改成功');
    await modal.waitFor({ state: 'hidden' });
    await staff.waitForURL('**/login');
    await submitLogin(staff, 'gy_fahuo01', 'Fahuo2026b');
    await staff.waitForURL('**/cassSupplier/dashbord');
    await staff.getByRole('menuitem', { name: '订单管理' }).waitFor();
    const menus = await staff.locator('.ant-menu-horizontal').getByRole('menuitem').allInnerTexts();
    expect(menus.map((m) => m.trim()).filter(Boolean)).toEqual(['控制台', '订单管理', '售后服务', '导出记录']);

    // the main account disables it: the colleague's next step ends the session
    await page.reload();
    await row.getByRole('button', { name: '停用' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /停\s*用/ })
      .click();
    await waitForMessage(page, '已停用');
    await row.getByText('已停用').waitFor();
    await staff.getByRole('menuitem', { name: '订单管理' }).click();
    await staff.waitForURL('**/login');
    await staffCtx.close();
  });
});
