import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, login } from './support/sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('smoke', () => {
  it('logs in and reads user info', async () => {
    const s = await login(t.app, 'buyer1');
    expect(s.data.user.realName).toBe('王晓明');
    const info = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo?t=1', { session: s });
    expect(info.status).toBe(200);
    expect(info.body.data.menuVOList.length).toBeGreaterThan(0);
  });
});
