import type { Page } from 'playwright-core';

/** Fills the login form and submits it; the test server runs without the captcha, so the page shows no captcha field. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  const captcha = page.getByPlaceholder('验证码');
  if (await captcha.count()) await captcha.fill('abcd');
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Submits the login form and waits for the token call's answer. */
export async function submitLoginAndWait(page: Page, username: string, password: string): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().includes('/uac/oauth/token') && r.request().method() === 'POST');
  await submitLogin(page, username, password);
  return (await answer).status();
}

/** Text of the antd message currently shown (waits for one containing `text`). */
export async function waitForMessage(page: Page, text: string | RegExp): Promise<string> {
  const notice = page.locator('.ant-message-notice').filter({ hasText: text }).first();
  await notice.waitFor({ state: 'visible' });
  return (await notice.textContent()) ?? '';
}
