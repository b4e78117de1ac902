import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { demoSessions } from './support/sessions.ts';
import { CJK } from './support/uac.ts';

let t: TestApp;
const { req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
const { userId, rootDept, instituteId } = lookups(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('outbox and audit readers: access', () => {
  it('refuses buyer1 and supplier1; owner1 reads the audit log but not the outbox; admin reads both', async () => {
    for (const user of ['buyer1', 'supplier1']) {
      expect((await req(user, 'GET', '/uac/v1/outbox/page')).body.code).toBe(40300);
      expect((await req(user, 'GET', '/uac/v1/audit/page')).body.code).toBe(40300);
    }
    expect((await req('owner1', 'GET', '/uac/v1/outbox/page')).body.code).toBe(40300);
    expect((await req('owner1', 'GET', '/uac/v1/audit/page')).status).toBe(200);
    expect((await req('admin', 'GET', '/uac/v1/outbox/page')).status).toBe(200);
    expect((await req('admin', 'GET', '/uac/v1/audit/page')).status).toBe(200);
  });
});

describe('outbox', () => {
  it('lists messages newest first, filtered by channel and recipient, paged', async () => {
    await t.ctx.notifier.send({ channel: 'sms', to: '13810230001', subject: '验证码', body: '【科研采购平台】验证码 123456' });
    await t.ctx.notifier.send({ channel: 'mail', to: 'wangxm@iccas.example.cn', subject: '通知', body: '您的订单已发货' });
    await t.ctx.notifier.send({ channel: 'sms', to: '13916580001', subject: '验证码', body: '【科研采购平台】验证码 654321' });
    const all = await req('admin', 'GET', '/uac/v1/outbox/page?current=1&size=10');
    expect(all.status).toBe(200);
    const recs = all.body.data.records;
    expect(recs.map((r: any) => r.recipient)).toEqual(['13916580001', 'wangxm@iccas.example.cn', '13810230001']);
    expect(recs[0]).toMatchObject({ channel: 'sms', subject: '验证码', status: 'outbox', sentAt: null });
    expect(all.body.data.total).toBe(3);
    const mail = await req('admin', 'GET', '/uac/v1/outbox/page?channel=mail');
    expect(mail.body.data.records.map((r: any) => r.recipient)).toEqual(['wangxm@iccas.example.cn']);
    const byRecipient = await req('admin', 'GET', '/uac/v1/outbox/page?recipient=1381023');
    expect(byRecipient.body.data.records.map((r: any) => r.recipient)).toEqual(['13810230001']);
    const page2 = await req('admin', 'GET', '/uac/v1/outbox/page?current=2&size=2');
    expect(page2.body.data).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(page2.body.data.records.map((r: any) => r.recipient)).toEqual(['13810230001']);
  });
});

describe('audit log', () => {
  it('admin sees every row newest first, filters by action prefix and user; owners only their institute', async () => {
    const a = await req('owner1', 'POST', '/uac/v1/dept/add', { parentId: await rootDept('ICCAS'), deptName: '审计测试部' });
    expect(a.status).toBe(200);
    const b = await req('owner2', 'POST', '/uac/v1/dept/add', { parentId: await rootDept('SIMM'), deptName: '审计测试部' });
    expect(b.status).toBe(200);
    const c = await req('admin', 'POST', '/uac/v1/role/add', { name: '审计角色', code: 'audit_role', dataScope: 'self' });
    expect(c.status).toBe(200);
    const owner1 = await userId('owner1');
    const owner2 = await userId('owner2');
    const admin = await userId('admin');

    const all = await req('admin', 'GET', '/uac/v1/audit/page?size=100');
    const ids = all.body.data.records.map((r: any) => r.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const mine = all.body.data.records.filter((r: any) => ['dept.add', 'role.add'].includes(r.action));
    expect(mine.map((r: any) => [r.action, r.userName])).toEqual([
      ['role.add', 'admin'],
      ['dept.add', 'owner2'],
      ['dept.add', 'owner1'],
    ]);
    expect(mine[2]).toMatchObject({ userId: owner1, target: `dept:${a.body.data.id}` });
    expect(mine[2].ip).toBeTruthy();
    expect(JSON.parse(mine[2].detail)).toMatchObject({ deptName: '审计测试部' });

    const depts = await req('admin', 'GET', '/uac/v1/audit/page?action=dept.');
    expect(depts.body.data.records.map((r: any) => r.userId)).toEqual([owner2, owner1]);
    const byUser = await req('admin', 'GET', `/uac/v1/audit/page?userId=${admin}&action=role.add`);
    expect(byUser.body.data.records).toHaveLength(1);
    // wildcards in the action filter are literal
    expect((await req('admin', 'GET', '/uac/v1/audit/page?action=%25')).body.data.total).toBe(0);

    const o1 = await req('owner1', 'GET', '/uac/v1/audit/page?size=100');
    expect(o1.status).toBe(200);
    const seen = new Set(o1.body.data.records.map((r: any) => r.userId));
    expect(seen.has(owner1)).toBe(true);
    expect(seen.has(owner2)).toBe(false);
    expect(seen.has(admin)).toBe(false);
    const iccasUsers = new Set(
      (
        await db()
          .selectFrom('app_user')
          .select('id')
          .where('institute_id', '=', await instituteId('ICCAS'))
          .execute()
      ).map((r) => r.id),
    );
    expect([...seen].every((id) => iccasUsers.has(id as number))).toBe(true);
    expect((await req('owner1', 'GET', `/uac/v1/audit/page?userId=${owner2}`)).body.data).toMatchObject({ total: 0, records: [] });
    expect((await req('owner2', 'GET', '/uac/v1/audit/page?action=dept.add')).body.data.records.map((r: any) => r.userId)).toEqual([owner2]);
  });

  it('answers 400 with a Chinese message on malformed queries', async () => {
    for (const url of [
      '/uac/v1/audit/page?userId=abc',
      '/uac/v1/audit/page?current=-1',
      '/uac/v1/audit/page?other=1',
      '/uac/v1/outbox/page?size=x',
      '/uac/v1/outbox/page?recipient=' + 'x'.repeat(100),
    ]) {
      const r = await req('admin', 'GET', url);
      expect(r.status, url).toBe(400);
      expect(r.body.message, url).toMatch(CJK);
    }
  });
});
