import { creditCodeCheckChar } from '@kc/contracts/supply/supplier-registration';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, submitLoginAndWait, waitForMessage } from '../support/login-page.ts';
import { confirmDialog } from '../support/order-pages.ts';

const ADMIN_PASSWORD = 'Admin@2026';
const NEW_PASSWORD = 'Xinrui2026';

const suite = useBrowserSuite({ name: 'registration' });
let page: Page;
beforeEach(() => {
  page = suite.page;
});

function creditCode(first17: string): string {
  return first17 + creditCodeCheckChar(first17);
}

/** The field's error text under an input of the registration form. */
function fieldError(p: Page, label: string) {
  return p
    .locator('.ant-form-item')
    .filter({ has: p.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');
}

describe('供应商注册与审核', () => {
  it('registers with the live duplicate checks, waits for review, is approved by the admin and logs in', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: '供应商注册' }).click();
    await page.waitForURL('**/cassSupplierRegister');

    // Duplicates of seeded data are refused as the fields are left (docs/domains/supply.md#registration-duplicates).
    await page.getByLabel('公司名称', { exact: true }).fill('阿拉丁生化科技股份公司');
    await page.getByLabel('统一社会信用代码', { exact: true }).click();
    await fieldError(page, '公司名称').getByText('该公司名称已经被注册过').waitFor();
    await page.getByText('查重名称：阿拉丁生化科技股份').waitFor();
    await page.getByLabel('用户名', { exact: true }).fill('supplier1');
    await page.getByLabel('密码', { exact: true }).click();
    await fieldError(page, '用户名').getByText('该用户已经被注册过!').waitFor();

    // A wrong check character is caught before the server sees it.
    await page.getByLabel('统一社会信用代码', { exact: true }).fill('91330106MA2H3K5L7X');
    await page.getByLabel('联系人姓名', { exact: true }).click();
    await fieldError(page, '统一社会信用代码')
      .getByText(/校验位不正确|格式不正确/)
      .waitFor();

    await page.getByLabel('公司名称', { exact: true }).fill('浙江新锐试剂有限公司');
    await page.getByLabel('统一社会信用代码', { exact: true }).fill(creditCode('91330106MA2H3K5L7'));
    await page.getByText('查重名称：新锐试剂').waitFor();

    // Qualifications: the licence goes through; of two permits one is not a picture and is listed as refused.
    await page.getByTestId('license-input').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('link', { name: '营业执照.png' }).waitFor();
    await page.getByTestId('permits-input').setInputFiles([
      { name: '经营许可证.png', mimeType: 'image/png', buffer: TINY_PNG },
      { name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
    ]);
    const results = page.locator('.ant-modal-confirm').filter({ hasText: '1 张图片不符合要求，请检查后重新上传' });
    await results.waitFor();
    await results.getByText('说明.txt').waitFor();
    await results.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByRole('link', { name: '经营许可证.png' }).waitFor();
    expect(await page.getByRole('link', { name: '说明.txt' }).count()).toBe(0);

    await page.getByLabel('联系人姓名', { exact: true }).fill('方敏');
    await page.getByLabel('联系电话', { exact: true }).fill('13701234567');
    await page.getByLabel('电子邮箱', { exact: true }).fill('fangmin@xinrui.example.cn');
    await page.getByLabel('用户名', { exact: true }).fill('xinrui2026');
    await page.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('确认密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '提交注册申请' }).click();
    await page.getByText('注册申请已提交，请等待平台审核').waitFor();

    // Until approved, the login answers that the registration is being reviewed.
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL('**/login');
    expect(await submitLoginAndWait(page, 'xinrui2026', NEW_PASSWORD)).not.toBe(200);
    await waitForMessage(page, '正在审核中');

    // The platform admin approves it from 系统管理 → 供应商审核.
    const adminCtx = await suite.newContext();
    const ap = await adminCtx.newPage();
    await submitLogin(ap, 'admin', ADMIN_PASSWORD);
    await ap.waitForURL('**/cass/dashbord');
    await ap.getByRole('menuitem', { name: '系统管理' }).hover();
    await ap.getByRole('menuitem', { name: '供应商审核' }).click();
    await ap.waitForURL('**/cass/system/supplierReview');
    const row = ap.locator('tr').filter({ hasText: '浙江新锐试剂有限公司' });
    await row.getByText('待审核').waitFor();
    // the 待审核 tab holds new registrations only, not the working suppliers
    expect(await ap.locator('tr').filter({ hasText: '国药集团化学试剂有限公司' }).count()).toBe(0);
    await row.getByRole('link', { name: /营业执照/ }).waitFor();
    expect(await row.getByRole('link', { name: /营业执照/ }).getAttribute('href')).toMatch(/^\/uac\/file\/noauth\/download\?/);
    await row.getByRole('button', { name: '通过' }).click();
    await confirmDialog(ap, '通过');
    await waitForMessage(ap, '已通过');
    await ap.getByRole('tab', { name: '已通过' }).click();
    await ap.locator('tr').filter({ hasText: '浙江新锐试剂有限公司' }).waitFor();
    await adminCtx.close();

    // Now the new supplier logs in and lands on the supplier dashboard.
    await page.goto('/login');
    await submitLogin(page, 'xinrui2026', NEW_PASSWORD);
    await page.waitForURL('**/cassSupplier/dashbord');
    await page.getByText('xinrui2026').first().waitFor();
  });

  it('the admin refuses a registration with a reason', async () => {
    // A second registration, sent the way the form sends it.
    await page.goto('/cassSupplierRegister');
    await page.getByLabel('公司名称', { exact: true }).fill('江苏远山生物科技有限公司');
    await page.getByLabel('统一社会信用代码', { exact: true }).fill(creditCode('91320500MA1N2P3Q4'));
    await page.getByTestId('license-input').setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('link', { name: 'license.png' }).waitFor();
    await page.getByLabel('联系人姓名', { exact: true }).fill('周远');
    await page.getByLabel('联系电话', { exact: true }).fill('13701230000');
    await page.getByLabel('电子邮箱', { exact: true }).fill('zhouyuan@yuanshan.example.cn');
    await page.getByLabel('用户名', { exact: true }).fill('yuanshan01');
    await page.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('确认密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '提交注册申请' }).click();
    await page.getByText('注册申请已提交，请等待平台审核').waitFor();

    await page.goto('/login');
    await submitLogin(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    await page.goto('/cass/system/supplierReview');
    const row = page.locator('tr').filter({ hasText: '江苏远山生物科技有限公司' });
    await row.getByRole('button', { name: '驳回' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '驳回注册申请' });
    await modal.getByRole('button', { name: '确认驳回' }).click();
    await modal.getByText('请填写驳回原因').waitFor();
    await modal.getByLabel('驳回原因').fill('营业执照图片不清晰，请重新上传');
    await modal.getByRole('button', { name: '确认驳回' }).click();
    await waitForMessage(page, '已驳回');
    await page.getByRole('tab', { name: '已驳回' }).click();
    await page.locator('tr').filter({ hasText: '营业执照图片不清晰' }).waitFor();
  });
});
