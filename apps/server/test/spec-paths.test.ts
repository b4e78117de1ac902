import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { PNG_1X1, upload } from './support/multipart.ts';
import { call, demoSessions } from './support/sessions.ts';

/** The paths docs/domains/platform.md#spec-paths names, served as named (beside the forms the web app calls). */
let t: TestApp;
const { as } = demoSessions(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('SPEC paths', () => {
  it('page configuration: start and stop with the id in the body, the public list without noauth', async () => {
    const admin = await as('admin');
    const up = await upload(t.app, '/uac/file/upload?purpose=pageConfig', [{ name: '商城横幅.png', data: PNG_1X1 }], admin);
    const add = await call(t.app, 'POST', '/mall/v1/webPageConfig/add', {
      session: admin,
      json: { kind: 'indexBanner', title: '阿拉丁年终特惠', imageFileId: up.body.data.succeeded[0].id, sort: 1 },
    });
    const id = add.body.data.id;
    const list = async () =>
      (await call(t.app, 'GET', '/mall/v1/webPageConfig/validWebPageConfig?kind=indexBanner')).body.data.map((c: { id: number }) => c.id);
    expect(await list()).not.toContain(id);
    expect((await call(t.app, 'POST', '/mall/v1/webPageConfig/start', { session: admin, json: { id } })).body.code).toBe(200);
    expect(await list()).toContain(id);
    expect((await call(t.app, 'POST', '/mall/v1/webPageConfig/stop', { session: admin, json: { id } })).body.code).toBe(200);
    expect(await list()).not.toContain(id);
    expect((await call(t.app, 'POST', '/mall/v1/webPageConfig/start', { session: await as('buyer1'), json: { id } })).body.code).toBe(40300);
  });

  it('delivery notes by ?id=, for suppliers only', async () => {
    const supplier = await as('supplier1');
    for (const p of ['printDeliverOrder', 'printSubDeliverOrder']) {
      const missing = await call(t.app, 'GET', `/supplier/v1/deliver/${p}?id=999999`, { session: supplier });
      expect(missing.status).toBe(404);
      expect((await call(t.app, 'GET', `/supplier/v1/deliver/${p}?id=1`, { session: await as('buyer1') })).body.code).toBe(40300);
      expect((await call(t.app, 'GET', `/supplier/v1/deliver/${p}?id=abc`, { session: supplier })).status).toBe(400);
    }
  });

  it('documents /version.json in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.paths['/version.json']).toBeDefined();
  });
});
