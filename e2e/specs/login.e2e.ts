import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, submitLoginAndWait, waitForMessage } from '../support/login-page.ts';

const PASSWORD = 'Demo@2026';

const suite = useBrowserSuite({ name: 'login' });
let page: Page;
beforeEach(() => {
  page = suite.page;
});

function pathOf(p: Page): string {
  return new URL(p.url()).pathname;
}

describe('登录', () => {
  it('buyer1 logs in, sees the dashboard with name and current unit, and logs out', async () => {
    await page.goto('/login');
    expect(await page.title()).toContain('登录');
    // the test server runs with CAPTCHA_ENABLED=false: no captcha field, no captcha picture
    await page.getByPlaceholder('密码').waitFor();
    expect(await page.getByPlaceholder('验证码').count()).toBe(0);
    expect(await page.getByTestId('captcha-image').count()).toBe(0);

    await submitLogin(page, 'buyer1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    await page.getByText('王晓明').first().waitFor();
    expect(await page.getByTestId('current-unit').textContent()).toBe('有机固体实验室');
    expect(await page.title()).toContain('控制台');

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL('**/login');
    await page.getByPlaceholder('用户名').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('pro__token'));
    expect(token).toBeNull();

    // With the session gone the dashboard sends back to login.
    await page.goto('/cass/dashbord');
    await page.waitForURL('**/login');
  });

  it('multi1 (several units, no default) chooses a unit and makes it the default in one dialog', async () => {
    await submitLogin(page, 'multi1', PASSWORD);
    await page.getByText('选择登录单位').waitFor();
    await page.getByRole('radio', { name: '高分子物理与化学实验室' }).check();
    // 设为常用单位 is ticked: no second dialog asks for a default
    expect(await page.getByTestId('dept-as-default').isChecked()).toBe(true);
    await page.getByRole('button', { name: /确\s*定/ }).click();

    await page.waitForURL('**/cass/dashbord');
    await page.getByText('刘洋').first().waitFor();
    expect(await page.getByTestId('current-unit').textContent()).toBe('高分子物理与化学实验室');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.ant-modal').filter({ hasText: '设置常用单位' }).count()).toBe(0);

    // the next login enters the default unit directly
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL('**/login');
    await submitLogin(page, 'multi1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    expect(await page.getByTestId('current-unit').textContent()).toBe('高分子物理与化学实验室');
  });

  it('freeze1 is frozen after 5 wrong passwords and lands on /UnFreeze, which sends the SMS code', async () => {
    await page.goto('/login');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const status = await submitLoginAndWait(page, 'freeze1', `Wrong@${attempt}000`);
      if (attempt < 5) {
        expect(status).toBe(400);
        await waitForMessage(page, '用户名或密码错误');
      }
    }
    await page.waitForURL('**/UnFreeze');
    await page.getByText('freeze1').first().waitFor();
    await page.getByText(/138\*{4}0010/).waitFor();
    expect(await page.title()).toContain('账号解冻');

    await page.getByRole('button', { name: '获取短信验证码' }).click();
    await waitForMessage(page, '短信验证码已发送');

    // Even the right password is refused now: the account stays frozen.
    await page.goto('/login');
    await submitLoginAndWait(page, 'freeze1', PASSWORD);
    await page.waitForURL('**/UnFreeze');
  });

  it('/UnFreeze opened directly without unfreeze data goes to /login', async () => {
    await page.goto('/UnFreeze');
    await page.waitForURL('**/login');
  });

  it('supplier1 lands on the supplier dashboard', async () => {
    await submitLogin(page, 'supplier1', PASSWORD);
    await page.waitForURL('**/cassSupplier/dashbord');
    await page.getByText('供应商').first().waitFor();

    // A supplier may not open the buyer side.
    await page.goto('/cass/dashbord');
    await page.waitForURL('**/403');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL('**/cassSupplier/dashbord');
  });

  it('newbie1 must change the password, is sent back to login and logs in with the new one', async () => {
    const newPassword = 'Newbie2026x';
    await submitLogin(page, 'newbie1', PASSWORD);
    const modal = page.locator('.ant-modal').filter({ hasText: '修改初始密码' });
    await modal.waitFor();
    await modal.getByLabel('新密码', { exact: true }).fill(newPassword);
    await modal.getByLabel('确认新密码').fill(newPassword);
    await modal.getByRole('button', { name: '确认修改' }).click();

    await waitForMessage(page, '密码修改成功');
    await modal.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('pro__token'))).toBeNull();

    await submitLogin(page, 'newbie1', newPassword);
    await page.waitForURL('**/cass/dashbord');
    await page.getByText('吴磊').first().waitFor();
  });

  it('a menu entry opens its page with a title and a breadcrumb back to the dashboard', async () => {
    // 统计分析 (issue 14) is a real page now; every menu of the seed has one (unavailable-page.tsx stays for a server newer than the web app)
    await submitLogin(page, 'leader1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    await page.getByRole('menuitem', { name: '统计分析' }).click();
    await page.waitForURL('**/cass/statistics');
    expect(await page.getByText('本功能暂未开放').count()).toBe(0);
    await page.getByRole('heading', { name: '统计分析' }).waitFor();
    expect(await page.title()).toContain('统计分析');
    await page.locator('.ant-breadcrumb').getByRole('link', { name: '控制台' }).click();
    await page.waitForURL('**/cass/dashbord');
  });

  it('multidef1 (several units with a default) enters directly and can switch the unit', async () => {
    await submitLogin(page, 'multidef1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    expect(await page.getByTestId('current-unit').textContent()).toBe('高分子物理与化学实验室');

    await page.getByTestId('unit-switcher').click();
    const reloaded = page.waitForEvent('load');
    await page.locator('.ant-select-item-option').filter({ hasText: '有机固体实验室' }).click();
    await reloaded;
    await page.getByTestId('current-unit').waitFor();
    expect(await page.getByTestId('current-unit').textContent()).toBe('有机固体实验室');
  });

  it('remembers the login name when asked', async () => {
    await page.goto('/login');
    await page.getByText('记住用户名').click();
    await submitLogin(page, 'leader1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByPlaceholder('用户名').inputValue()).toBe('leader1');
  });

  it('refreshes a token close to expiry before the next call', async () => {
    await submitLogin(page, 'buyer1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    // Let the dashboard's own calls finish first, so no call of the old page refreshes before the reload.
    await page.getByText('王晓明').first().waitFor();
    await page.waitForLoadState('networkidle');
    const before = await page.evaluate(() => {
      const raw = localStorage.getItem('pro__token') ?? '';
      const record = JSON.parse(raw) as { value: { accessToken: string; expire: number } };
      record.value.expire = Date.now() + 60_000; // within the 10-minute margin
      localStorage.setItem('pro__token', JSON.stringify(record));
      return record.value.accessToken;
    });

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/uac/oauth/token') && r.request().method() === 'POST');
    await page.reload();
    const answer = await refreshed;
    expect(answer.status()).toBe(200);
    expect(answer.request().postData()).toMatch(/^grant_type=refresh_token&refresh_token=/);
    await page.getByText('王晓明').first().waitFor();
    const after = await page.evaluate(() => (JSON.parse(localStorage.getItem('pro__token') ?? '') as { value: { accessToken: string } }).value);
    expect(after.accessToken).not.toBe(before);
    expect(pathOf(page)).toBe('/cass/dashbord');
  });

  it('two tabs refreshing at once share one refresh and both stay logged in', async () => {
    await submitLogin(page, 'buyer1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    await page.waitForLoadState('networkidle');
    const second = await suite.context.newPage();
    await second.goto('/cass/dashbord');
    await second.getByText('王晓明').first().waitFor();
    await second.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('pro__token') ?? '') as { value: { expire: number } };
      record.value.expire = Date.now() + 60_000;
      localStorage.setItem('pro__token', JSON.stringify(record));
    });

    // A slow refresh answer widens the window in which both tabs want to refresh.
    let refreshCalls = 0;
    await suite.context.route('**/uac/oauth/token', async (route) => {
      refreshCalls++;
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await Promise.all([page.reload(), second.reload()]);
    for (const p of [page, second]) {
      await p.getByText('王晓明').first().waitFor();
      await p.waitForLoadState('networkidle');
      expect(pathOf(p)).toBe('/cass/dashbord');
    }
    expect(refreshCalls).toBe(1);
  });

  it('an invalid token (401) logs out and goes to login', async () => {
    await submitLogin(page, 'buyer1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('pro__token') ?? '') as { value: { accessToken: string } };
      record.value.accessToken = `${record.value.accessToken}x`;
      localStorage.setItem('pro__token', JSON.stringify(record));
    });
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('pro__token'))).toBeNull();
  });

  it('logs out after an hour without activity', async () => {
    await submitLogin(page, 'buyer1', PASSWORD);
    await page.waitForURL('**/cass/dashbord');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      localStorage.setItem('pro__lastActivity', JSON.stringify({ value: Date.now() - 61 * 60 * 1000, expire: null }));
    });
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('pro__token'))).toBeNull();
  });

  it('an unknown page shows 404 with a way back', async () => {
    await page.goto('/cass/no-such-page');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL('**/login');
  });
});
