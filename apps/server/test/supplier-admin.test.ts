import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { demoSessions } from './support/sessions.ts';

/** The platform's supplier lists and its correction of a supplier's details (issue 10 §4, admin). */
let t: TestApp;
const { req } = demoSessions(() => t);
const { userId, audits } = lookups(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const supplierId = async (name: string) =>
  (await t.ctx.database.db.selectFrom('supplier').select('id').where('company_name', '=', name).executeTakeFirstOrThrow()).id;

describe('供应商（平台）', () => {
  it('lists every supplier for the admin and the working ones for buyers; suppliers get neither', async () => {
    // one registration waits for review
    await t.ctx.database.db
      .insertInto('supplier')
      .values({
        company_name: '江苏远山生物科技有限公司',
        company_key: '远山生物科技',
        credit_code: '91320500MA1N2P3Q4X',
        contact_name: '周远',
        contact_phone: '13800000001',
        email: null,
        status: 0,
        child_account_limit: 10,
        refuse_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const all = (await req('admin', 'GET', '/supplier/v1/suser/allSupplier')).body.data.map((s: { companyName: string }) => s.companyName);
    expect(all).toContain('江苏远山生物科技有限公司');
    expect(all).toContain('国药集团化学试剂有限公司');
    const active = (await req('buyer1', 'GET', '/supplier/v1/suser/allActivatedSupplier')).body.data;
    expect(active.map((s: { companyName: string }) => s.companyName)).not.toContain('江苏远山生物科技有限公司');
    expect(active.every((s: { status: number }) => s.status === 1)).toBe(true);
    expect((await req('buyer1', 'GET', '/supplier/v1/suser/allSupplier')).body.code).toBe(40300);
    expect((await req('supplier1', 'GET', '/supplier/v1/suser/allActivatedSupplier')).body.code).toBe(40300);
  });

  it('filters by state name, since the client never sends the code 0 (docs/domains/platform.md#empty-query-values): 待审核 is status=pending', async () => {
    const pending = (await req('admin', 'GET', '/supplier/v1/suser/review/page?status=pending&current=1&size=50')).body.data.records;
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((s: { status: number }) => s.status === 0)).toBe(true);
    const approved = (await req('admin', 'GET', '/supplier/v1/suser/review/page?status=approved&current=1&size=50')).body.data.records;
    expect(approved.every((s: { status: number }) => s.status === 1)).toBe(true);
    const bad = await req('admin', 'GET', '/supplier/v1/suser/review/page?status=whatever');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('状态不正确');
    const drafts = (await req('admin', 'GET', '/uac/v1/notice/page?status=draft&current=1&size=50')).body;
    expect(drafts.code).toBe(200);
    expect(drafts.data.records.every((n: { status: number }) => n.status === 0)).toBe(true);
  });

  it('the admin corrects the contact details and the child-account limit, audited with before and after', async () => {
    const id = await supplierId('国药集团化学试剂有限公司');
    const body = { id, contactName: '钱国栋', contactPhone: '13601700099', email: 'qian@sinoreagent.example.cn', childAccountLimit: 25 };
    expect((await req('admin', 'POST', '/supplier/v1/suser/resetSupplierInfo', body)).body.message).toBe('已保存');
    const page = await req('supplier1', 'GET', '/supplier/v1/childUser/page?current=1&size=10');
    expect(page.body.data.limit).toBe(25);
    const [audit] = await audits('supplier.resetInfo', `supplier:${id}`);
    expect(audit.user_id).toBe(await userId('admin'));
    expect(JSON.parse(audit.detail as string).before.childAccountLimit).toBe(10);

    expect((await req('supplier1', 'POST', '/supplier/v1/suser/resetSupplierInfo', body)).body.code).toBe(40300);
    const bad = await req('admin', 'POST', '/supplier/v1/suser/resetSupplierInfo', { ...body, childAccountLimit: 500 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('请求体字段 childAccountLimit：子账号上限最多 200 个');
    expect((await req('admin', 'POST', '/supplier/v1/suser/resetSupplierInfo', { ...body, id: 999_999 })).body.code).toBe(404);
  });
});
