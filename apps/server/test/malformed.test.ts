import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, login, type Session } from './support/sessions.ts';
import { CJK } from './support/uac.ts';

/**
 * Malformed input on every route the OpenAPI document lists (so routes added later are covered
 * without touching this file): never a 5xx, and every 4xx JSON answer carries a Chinese message.
 */
const JUNK_QUERY = 'current=abc&size=-5&t=1&t=2&x[y]=1&__proto__[polluted]=1&constructor[prototype][polluted]=1&deptId=zz&id=abc&ids=1,a&%E4%B8%AD=%ZZ';

let deep: unknown = 1;
for (let i = 0; i < 3000; i++) deep = { a: deep };

interface Case {
  name: string;
  json?: unknown;
  raw?: { body: string; type: string };
  query?: string;
}
const CASES: Case[] = [
  { name: 'body that is not JSON', raw: { body: '{bad', type: 'application/json' } },
  { name: 'wrong types and unknown fields', json: { x: [1, {}], deptId: 'zz' } },
  { name: 'junk query', query: JUNK_QUERY },
  { name: 'JSON array', raw: { body: '[1,{"a":null}]', type: 'application/json' } },
  { name: 'JSON null', raw: { body: 'null', type: 'application/json' } },
  { name: 'JSON number', raw: { body: '1e400', type: 'application/json' } },
  {
    name: 'prototype pollution attempt',
    raw: { body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"deptId":1e400,"id":-0}', type: 'application/json' },
  },
  { name: 'junk form', raw: { body: 'a=1&a=2&deptId[]=x&__proto__=1&%ZZ=1', type: 'application/x-www-form-urlencoded' } },
  { name: 'deeply nested JSON', json: deep },
  { name: 'huge strings', json: { userName: 'x'.repeat(200_000), deptId: '9'.repeat(400), code: '1'.repeat(50), password: 'p'.repeat(10_000) } },
  { name: 'unsupported body type', raw: { body: '<x/>', type: 'application/xml' } },
];

interface Operation {
  method: string;
  url: string;
  /** a path parameter that fails validation first: one case is enough to see how it is answered */
  badParam: boolean;
}

function operationsOf(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      if (!item[method]) continue;
      const ids = path.includes('{') ? ['1', 'abc', '-1', '99999999999999999999', '1.5'] : [null];
      for (const id of ids) {
        out.push({ method: method.toUpperCase(), url: id === null ? path : path.replace(/\{[^}]+\}/g, id), badParam: id !== null && id !== '1' });
      }
    }
  }
  return out;
}

for (const who of [
  { user: 'admin', password: 'Admin@2026' },
  { user: 'buyer1', password: 'Demo@2026' },
]) {
  describe(`malformed input on every route, as ${who.user}`, () => {
    let t: TestApp;
    let s: Session;
    let rebuilt = 0;

    /** A fresh session; when the account itself was changed by a call (deleted, password changed), a fresh app. */
    async function renew() {
      try {
        s = await login(t.app, who.user, who.password, { remoteAddress: '10.90.0.1' });
      } catch {
        await t.close();
        t = await createTestApp();
        rebuilt++;
        s = await login(t.app, who.user, who.password, { remoteAddress: '10.90.0.1' });
      }
    }

    beforeAll(async () => {
      t = await createTestApp();
      await renew();
    });
    afterAll(() => t.close());

    it('lists the routes in the OpenAPI document', async () => {
      const r = await t.app.inject({ method: 'GET', url: '/docs/json' });
      expect(r.statusCode).toBe(200);
      const ops = operationsOf(r.json());
      const names = ops.map((o) => `${o.method} ${o.url}`);
      expect(names).toContain('POST /uac/oauth/token');
      expect(names).toContain('GET /uac/v1/caas-user/getUserAllInfo');
      expect(names).toContain('DELETE /uac/v1/caas-user/logout');
      expect(ops.length).toBeGreaterThan(15);
    });

    it('never answers 5xx, and every 4xx carries a Chinese message', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
      const ops = operationsOf(doc);
      const problems: string[] = [];
      let sent = 0;
      for (const op of ops) {
        for (const c of op.badParam ? CASES.slice(1, 3) : CASES) {
          const url = c.query ? `${op.url}${op.url.includes('?') ? '&' : '?'}${c.query}` : op.url;
          const send = () => call(t.app, op.method, url, { session: s, json: c.json, raw: c.raw, remoteAddress: '10.90.1.1' });
          let r = await send();
          sent++;
          if (r.status === 401) {
            // an earlier call ended this session (logout, password change…): log in again and repeat
            await renew();
            r = await send();
            sent++;
          }
          const where = `${op.method} ${url.slice(0, 120)} [${c.name}]`;
          if (r.status >= 500) {
            problems.push(`${where} → ${r.status} ${r.raw.body.slice(0, 200)}`);
            continue;
          }
          if (r.status >= 400) {
            const msg = r.body?.message;
            if (typeof msg !== 'string' || !CJK.test(msg)) problems.push(`${where} → ${r.status} without a Chinese message: ${r.raw.body.slice(0, 200)}`);
            if (r.status === 400 && typeof r.body?.code !== 'number') problems.push(`${where} → 400 without a numeric code`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(ops.filter((o) => !o.badParam).length * CASES.length);
      // nothing leaked into the prototypes
      expect(({} as any).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(rebuilt).toBeLessThan(5);
    });

    it('the server still works afterwards', async () => {
      await renew();
      const r = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s });
      expect(r.status).toBe(200);
    });
  });
}
