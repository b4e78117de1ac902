import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CasServer, startCasServer } from '../../apps/server/test/support/cas-server.ts';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';

const suite = useBrowserSuite({ name: 'sso', env: { CATALOG_ITEMS: '3000' } });
let page: Page;
let cas: CasServer;

beforeAll(async () => {
  cas = await startCasServer();
  const admin = await ApiSession.login(suite.server.baseUrl, 'admin', 'Admin@2026');
  const institutes = await admin.get<{ id: number; name: string }[]>('/uac/v1/dept/institutes');
  const iccas = institutes.find((i) => i.name === '中国科学院化学研究所');
  await admin.post('/api/sso/cas/add', {
    instituteId: iccas?.id,
    code: 'iccas',
    casBaseUrl: cas.base,
    casVersion: '3.0',
    serviceOrigin: suite.server.baseUrl,
    userAttribute: '',
    matchField: 'user_name',
    enabled: true,
  });
});
afterAll(async () => {
  await cas?.close();
});
beforeEach(() => {
  page = suite.page;
});

describe('单点登录', () => {
  it('a first login through the institute’s CAS server accepts the privacy policy and lands on the dashboard', async () => {
    await page.goto('/casSSO');
    await page.getByRole('button', { name: '中国科学院化学研究所' }).click();
    // the CAS server's own login form
    await page.waitForURL((u) => u.href.startsWith(`${cas.base}/login`));
    await page.getByLabel('用户名').fill('buyer1');
    await page.getByRole('button', { name: '登录' }).click();
    // back with a ticket, validated by the platform: the privacy policy first
    await page.getByText('首次通过统一身份认证登录本平台').waitFor();
    await page.getByTestId('sso-privacy').waitFor();
    await page.getByRole('button', { name: '同意并登录' }).click();
    await page.waitForURL('**/cass/dashbord', { timeout: 30_000 });
    await page.getByText('王晓明').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pro__token'))).not.toBeNull();
  });

  it('an identity without an account goes to /noUser', async () => {
    await page.goto('/casSSO?org=iccas');
    await page.waitForURL((u) => u.href.startsWith(`${cas.base}/login`));
    await page.getByLabel('用户名').fill('nobody');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/noUser');
    await page.getByText('账号不存在').waitFor();
  });
});
