import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';
import { clickUntilClosed, confirmDialog } from '../support/order-pages.ts';
import { lastCodeSentTo } from '../support/outbox-db.ts';

const PASSWORD = 'Demo@2026';
/** two actors logging in and a page each: more than the default minute on a loaded machine */
const FLOW_TIMEOUT = 180_000;
const ADMIN_PASSWORD = 'Admin@2026';
// the server may take minutes to start on a loaded shared machine
const suite = useBrowserSuite({ name: 'dictionaries', env: { CATALOG_ITEMS: '300' }, pagePerTest: false, startTimeoutMs: 300_000 });

async function actor(userName: string, password = PASSWORD): Promise<Page> {
  const page = await suite.newPage();
  await submitLogin(page, userName, password);
  await page.waitForURL('**/cass/dashbord', { timeout: 45_000 });
  return page;
}

describe('dictionaries, reviews and the account centre in the browser', () => {
  it(
    'the admin renames a pay-time item; a logged-in buyer sees it without logging in again',
    async () => {
      const buyer = await actor('buyer1');
      await buyer.goto('/cass/personal');
      const terms = buyer.getByTestId('invoice-terms');
      await terms.getByText('报销完成后 30 日内付款').waitFor({ timeout: 30_000 });

      const admin = await actor('admin', ADMIN_PASSWORD);
      await admin.goto('/cass/system/dict?keyword=pay_time');
      const row = admin.locator('tr', { hasText: 'pay_time' }).first();
      await row.locator('.ant-table-row-expand-icon').click();
      const item = admin.getByTestId('dict-items-pay_time').locator('tr', { hasText: 'claim30' });
      await item.getByRole('button', { name: '编辑' }).click();
      const dialog = admin.locator('.ant-modal:visible');
      await dialog.getByLabel('显示名称').fill('报销审核完成后 25 日内付款');
      await clickUntilClosed(dialog, dialog.getByRole('button', { name: /保\s*存/ }));
      await waitForMessage(admin, '已保存');

      // no reload, no new login: the page polls the dictionary version
      await terms.getByText('报销审核完成后 25 日内付款').waitFor({ timeout: 20_000 });
    },
    FLOW_TIMEOUT,
  );

  it(
    'a platform-department user submits real-name information, the admin approves, the watermark goes',
    async () => {
      const guest = await actor('guest1');
      await guest.getByTestId('watermark').waitFor({ state: 'attached' });
      await guest.goto('/cass/personal');
      const form = guest.locator('form#real-name');
      await form.getByLabel('真实姓名').fill('许可');
      await form.getByLabel('工作单位').fill('北京大学化学与分子工程学院');
      await form.getByRole('button', { name: '提交审核' }).click();
      await waitForMessage(guest, '已提交，请等待审核');

      const admin = await actor('admin', ADMIN_PASSWORD);
      await admin.goto('/cass/system/userInfoReview');
      const row = admin.locator('tr', { hasText: 'guest1' }).first();
      await row.getByRole('button', { name: /^通\s*过$/ }).click();
      await confirmDialog(admin, '通过');
      await waitForMessage(admin, '已通过');

      await guest.reload();
      await guest.getByTestId('profile').getByText('已认证').waitFor({ timeout: 20_000 });
      expect(await guest.getByTestId('watermark').count()).toBe(0);
    },
    FLOW_TIMEOUT,
  );

  it(
    'a user changes their phone with the code sent to the new number',
    async () => {
      const buyer = await actor('buyer2');
      await buyer.goto('/cass/personal');
      const form = buyer.locator('form#change-phone');
      await form.getByLabel('新手机号').fill('13999995678');
      await form.getByRole('button', { name: '发送验证码' }).click();
      await waitForMessage(buyer, /验证码已发送/);
      await form.getByLabel('验证码').fill(await lastCodeSentTo(suite.server, '13999995678'));
      await form.getByRole('button', { name: '确认更换' }).click();
      await waitForMessage(buyer, '手机号已更换');
      await buyer.getByTestId('profile').getByText('13999995678').waitFor({ timeout: 10_000 });
    },
    FLOW_TIMEOUT,
  );
});
