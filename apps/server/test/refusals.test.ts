import { ErrorCodes } from '@kc/contracts/platform/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { call, demoSessions } from './support/sessions.ts';
import { CJK } from './support/uac.ts';

/**
 * docs/domains/platform.md#error-catalogue: HTTP 401, 403 and 423 end the web client's session. An ordinary refusal must not:
 * it answers HTTP 400 with code 40300 and a Chinese message, and the session goes on.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const { deptId } = lookups(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expectRefusal = (r: { status: number; body: { code: number; message: string } }, what: string) => {
  expect([r.status, r.body.code], what).toEqual([400, ErrorCodes.FORBIDDEN.code]);
  expect(r.body.message, what).toMatch(CJK);
};

describe('ordinary refusals', () => {
  it('a missing permission, another account type, another institute, a notice type and a foreign department: 400 / 40300, and the session goes on', async () => {
    expectRefusal(await req('buyer1', 'GET', '/uac/v1/outbox/page'), 'missing permission');
    expectRefusal(await req('supplier1', 'GET', '/mall/v1/cart/num'), 'another account type');
    expectRefusal(await req('owner1', 'PUT', '/uac/v1/dept/deptCountLimit', { limit: 999 }), 'platform-only setting');
    expectRefusal(await req('supplier1', 'GET', '/uac/v1/notice/page?type=2&current=1&size=10'), 'notice type');
    expectRefusal(await req('buyer1', 'POST', '/uac/v1/dept/setCurrentDept', { deptId: await deptId('SIMM', '药物化学研究室') }), 'foreign department');
    for (const user of ['buyer1', 'supplier1', 'owner1']) expect((await req(user, 'GET', '/uac/v1/caas-user/getUserAllInfo')).status, user).toBe(200);
  });

  it('session-ending answers stay what the spec says: an unknown token is 401', async () => {
    const r = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { authorization: 'Bearer 1.nosuchfamily.nosuchtoken' });
    expect(r.status).toBe(401);
  });
});
