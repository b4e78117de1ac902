import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { call, demoSessions } from './support/sessions.ts';

/** 接口客户端: issue (secret shown once), bind, count calls, rotate, revoke; admin only; the web client untouched. */
let t: TestApp;
const { req } = demoSessions(() => t);
const { instituteId } = lookups(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asClient = (c: { clientId: string; secret: string; signKey: string }) =>
  call(t.app, 'GET', '/mall/v1/secret/noauth/getSecretByType?type=2', {
    authorization: `Basic ${Buffer.from(`${c.clientId}:${c.secret}`).toString('base64')}`,
    signKey: c.signKey,
  });

describe('api clients', () => {
  it('the admin issues a client bound to an institute; its calls are counted; rotation and revocation take effect at once', async () => {
    const issued = (await req('admin', 'POST', '/uac/v1/apiClient/add', { name: '化学所财务系统', instituteId: await instituteId('ICCAS') })).body;
    expect(issued.code).toBe(200);
    const c = issued.data;
    expect(c.clientId).toMatch(/^kc-[0-9a-f]{12}$/);
    for (let i = 0; i < 3; i++) expect((await asClient(c)).body.code).toBe(200);
    // a wrong secret: refused
    expect((await asClient({ ...c, secret: 'wrong' })).body.code).not.toBe(200);

    await new Promise((r) => setTimeout(r, 100)); // the counter is written after the answer
    const listed = (await req('admin', 'GET', '/uac/v1/apiClient/page')).body.data.records;
    expect(listed.map((r: { clientId: string }) => r.clientId)).toEqual([c.clientId]); // the web client is not listed
    expect(listed[0]).toMatchObject({ name: '化学所财务系统', instituteName: '中国科学院化学研究所', status: 'active', todayCalls: 3, last30Calls: 3 });
    expect(JSON.stringify(listed)).not.toContain(c.secret);

    const rotated = (await req('admin', 'POST', `/uac/v1/apiClient/rotate/${c.id}`)).body.data;
    expect(rotated.clientId).toBe(c.clientId);
    expect((await asClient(c)).body.code).not.toBe(200);
    expect((await asClient(rotated)).body.code).toBe(200);

    expect((await req('admin', 'POST', `/uac/v1/apiClient/revoke/${c.id}`)).body.code).toBe(200);
    expect((await asClient(rotated)).body.code).not.toBe(200);
    expect((await req('admin', 'POST', `/uac/v1/apiClient/revoke/${c.id}`)).body.code).toBe(40009);
    expect((await req('admin', 'POST', `/uac/v1/apiClient/rotate/${c.id}`)).body.code).toBe(40009);
    expect((await req('admin', 'GET', '/uac/v1/apiClient/page?status=revoked')).body.data.records[0].revokedAt).not.toBeNull();
  });

  it('scopes: chosen when issuing and editing, listed, enforced on the routes API clients call', async () => {
    const iccas = await instituteId('ICCAS');
    const issued = (await req('admin', 'POST', '/uac/v1/apiClient/add', { name: '化学所结算系统', instituteId: iccas, scopes: ['zkpd.settleBillBatch'] })).body
      .data;
    const as = (path: string, json: unknown) =>
      call(t.app, 'POST', path, {
        json,
        authorization: `Basic ${Buffer.from(`${issued.clientId}:${issued.secret}`).toString('base64')}`,
        signKey: issued.signKey,
      });
    const listed = (await req('admin', 'GET', `/uac/v1/apiClient/page?name=${issued.clientId}`)).body.data.records[0];
    expect(listed.scopes).toEqual(['zkpd.settleBillBatch']);
    // without zkpd.grantCard: FORBIDDEN before the handler reads anything
    const refused = await as('/mall/v1/api-order/zkpd/getItemInfoByPI', { piUserName: 'leader1' });
    expect(refused.body.code).toBe(40300);
    expect(refused.body.message).toMatch(/接口权限|权限/);
    // with the scope it is allowed (the settle batch route, an empty but valid batch shape is refused by its schema, not by the scope)
    const settle = await as('/mall/v1/api-order/zkpd/settleBillBatch', { batchNo: `B-${issued.id}`, bills: [] });
    expect(settle.body.code).not.toBe(40300);
    // the admin grants zkpd.grantCard and takes settleBillBatch away: both take effect at once
    const upd = await req('admin', 'POST', '/uac/v1/apiClient/update', {
      id: issued.id,
      name: '化学所结算系统',
      instituteId: iccas,
      scopes: ['zkpd.grantCard'],
    });
    expect(upd.body.code).toBe(200);
    expect((await as('/mall/v1/api-order/zkpd/getItemInfoByPI', { piUserName: 'leader1' })).body.code).toBe(200);
    expect((await as('/mall/v1/api-order/zkpd/settleBillBatch', { batchNo: `B2-${issued.id}`, bills: [] })).body.code).toBe(40300);
    expect((await req('admin', 'GET', `/uac/v1/apiClient/page?name=${issued.clientId}`)).body.data.records[0].scopes).toEqual(['zkpd.grantCard']);
    // an unknown scope: a Chinese 400
    const bad = await req('admin', 'POST', '/uac/v1/apiClient/add', { name: '未知权限', instituteId: null, scopes: ['orders.all'] });
    expect(bad.body.code).toBe(40000);
    expect(bad.body.message).toMatch(/未知的接口权限/);
    // the web client has no scope: refused on the zkpd routes
    expect((await call(t.app, 'POST', '/mall/v1/api-order/zkpd/getItemInfoByPI', { json: { piUserName: 'leader1' } })).body.code).toBe(40300);
  });

  it('only the platform admin manages clients; the web client cannot be touched', async () => {
    for (const u of ['owner1', 'finance1', 'buyer1']) expect((await req(u, 'GET', '/uac/v1/apiClient/page')).body.code, u).toBe(40300);
    expect((await req('owner1', 'POST', '/uac/v1/apiClient/add', { name: '越权签发', instituteId: null })).body.code).toBe(40300);
    const web = await t.ctx.database.db.selectFrom('api_client').select('id').where('client_id', '=', 'caas-web').executeTakeFirstOrThrow();
    expect((await req('admin', 'POST', `/uac/v1/apiClient/revoke/${web.id}`)).body.code).toBe(404);
    expect((await req('admin', 'POST', `/uac/v1/apiClient/rotate/${web.id}`)).body.code).toBe(404);
    expect((await req('admin', 'POST', '/uac/v1/apiClient/add', { name: '无效单位', instituteId: 999999 })).body.code).toBe(40000);
  });
});
