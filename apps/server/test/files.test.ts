import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { PDF_MINI, PNG_1X1, upload } from './support/multipart.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

let t: TestApp;
const { as } = demoSessions(() => t);
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await as('admin');
});
afterAll(() => t.close());

describe('files', () => {
  it('stores files whose real bytes match the purpose and reports each failure', async () => {
    const res = await upload(
      t.app,
      '/uac/file/upload?purpose=pageConfig',
      [
        { name: '横幅.png', data: PNG_1X1, type: 'image/png' },
        { name: '伪装.png', data: Buffer.from('<script>alert(1)</script>'), type: 'image/png' },
        { name: '空.png', data: Buffer.alloc(0) },
      ],
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.succeeded).toHaveLength(1);
    expect(res.body.data.failed.map((f: { name: string }) => f.name)).toEqual(['伪装.png', '空.png']);
    expect(res.body.data.failed[0].reason).toMatch(/格式不支持/);
    const url: string = res.body.data.succeeded[0].url;
    const dl = await t.app.inject({ method: 'GET', url });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('refuses a tampered or expired download link', async () => {
    const res = await upload(t.app, '/uac/file/upload?purpose=pageConfig', [{ name: 'a.png', data: PNG_1X1 }], admin);
    const url: string = res.body.data.succeeded[0].url;
    const other = url.replace(/id=(\d+)/, (_, n) => `id=${Number(n) + 1}`);
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(400);
    const expired = url.replace(/expires=(\d+)/, 'expires=1000');
    expect((await t.app.inject({ method: 'GET', url: expired })).json().code).toBe(40300);
  });

  it('lets anyone upload registration qualifications but not other purposes without login', async () => {
    const ok = await upload(t.app, '/uac/file/noauth/uploadQualification', [{ name: '营业执照.pdf', data: PDF_MINI }]);
    expect(ok.body.data.succeeded).toHaveLength(1);
    const anon = await upload(t.app, '/uac/file/upload?purpose=pageConfig', [{ name: 'a.png', data: PNG_1X1 }]);
    expect(anon.status).toBe(401);
  });

  it('answers 400 for a non-multipart upload', async () => {
    const res = await call(t.app, 'POST', '/uac/file/upload?purpose=pageConfig', { session: admin, json: { a: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/multipart/);
  });
});

describe('downloads from the store', () => {
  const bytes = Buffer.concat([PNG_1X1, Buffer.alloc(1000, 7)]);
  async function uploaded() {
    const res = await upload(t.app, '/uac/file/upload?purpose=pageConfig', [{ name: '横幅.png', data: bytes, type: 'image/png' }], admin);
    return { url: res.body.data.succeeded[0].url as string, id: Number(/id=(\d+)/.exec(res.body.data.succeeded[0].url)?.[1]) };
  }

  it('answers one byte range with 206, and an impossible one with 416', async () => {
    const { url } = await uploaded();
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=5-14' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-14/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(5, 15))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-4' } });
    expect(tail.rawPayload.equals(bytes.subarray(-4))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    const whole = await t.app.inject({ method: 'GET', url });
    expect([whole.statusCode, whole.headers['accept-ranges'], whole.rawPayload.equals(bytes)]).toEqual([200, 'bytes', true]);
  });

  it('answers a file whose bytes are gone with 404 in the envelope, not 500', async () => {
    const { url, id } = await uploaded();
    const row = await t.ctx.database.db.selectFrom('file_object').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
    await t.ctx.database.db
      .updateTable('file_object')
      .set({ storage_key: `${row.storage_key.replace(/\.[a-z]+$/, '')}-lost.png` })
      .where('id', '=', id)
      .execute();
    const lost = await t.app.inject({ method: 'GET', url });
    expect(lost.statusCode).toBe(404);
    expect(lost.json()).toMatchObject({ code: 404, message: '文件不存在或已被删除' });
  });
});
