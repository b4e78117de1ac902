import { usccCheckChar } from '@kc/contracts/platform/uscc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { demoSessions } from './support/sessions.ts';

/** The 统一社会信用代码 is checked (GB 32100 check character) on every body that carries one. */
let t: TestApp;
const { req } = demoSessions(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = (first17: string) => first17 + usccCheckChar(first17);

describe('统一社会信用代码 on every change', () => {
  it('the demo suppliers’ codes are valid', async () => {
    const rows = await t.ctx.database.db.selectFrom('supplier').select('credit_code').execute();
    for (const r of rows) expect(usccCheckChar(r.credit_code.slice(0, 17))).toBe(r.credit_code[17]);
  });

  it('resetSupplierInfo corrects a code only when it is valid, and keeps it otherwise', async () => {
    const db = t.ctx.database.db;
    const s = await db.selectFrom('supplier').selectAll().where('company_name', 'like', '%麦克林%').executeTakeFirstOrThrow();
    const body = { id: s.id, contactName: s.contact_name, contactPhone: s.contact_phone, email: null, childAccountLimit: s.child_account_limit };
    const code = valid('91310115MA1H8WQ45');
    for (const wrong of [`${code.slice(0, 17)}${code[17] === 'A' ? 'B' : 'A'}`, '91310115MA1H8WQ4I2', '9131011', '91310115ma1h8wq452']) {
      const res = await req('admin', 'POST', '/supplier/v1/suser/resetSupplierInfo', { ...body, creditCode: wrong });
      expect([res.status, res.body.code]).toEqual([400, 40000]);
      expect(res.body.message).toMatch(/^请求体字段 creditCode：统一社会信用代码/);
    }
    expect((await db.selectFrom('supplier').select('credit_code').where('id', '=', s.id).executeTakeFirstOrThrow()).credit_code).toBe(s.credit_code);

    const corrected = valid('91310115MA1H8WQ46');
    expect((await req('admin', 'POST', '/supplier/v1/suser/resetSupplierInfo', { ...body, creditCode: corrected })).body.code).toBe(200);
    expect((await db.selectFrom('supplier').select('credit_code').where('id', '=', s.id).executeTakeFirstOrThrow()).credit_code).toBe(corrected);
    // without the field the code stays
    expect((await req('admin', 'POST', '/supplier/v1/suser/resetSupplierInfo', body)).body.code).toBe(200);
    expect((await db.selectFrom('supplier').select('credit_code').where('id', '=', s.id).executeTakeFirstOrThrow()).credit_code).toBe(corrected);
  });
});
