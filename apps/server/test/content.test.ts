import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { PNG_1X1, upload } from './support/multipart.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

let t: TestApp;
const { as } = demoSessions(() => t);
let admin: Session;
let buyer: Session;
let supplier: Session;
beforeAll(async () => {
  t = await createTestApp();
  [admin, buyer, supplier] = await Promise.all([as('admin'), as('buyer1'), as('supplier1')]);
});
afterAll(() => t.close());

async function publishedNotice(title: string, type: number, content = '<p>内容</p>') {
  const add = await call(t.app, 'POST', '/uac/v1/notice/add', { session: admin, json: { title, content, type } });
  expect(add.body.code).toBe(200);
  const id = add.body.data.id;
  expect((await call(t.app, 'POST', `/uac/v1/notice/publish/${id}`, { session: admin })).body.code).toBe(200);
  return id as number;
}

describe('notices', () => {
  it('shows buyers types 1 and 2, suppliers 1 and 3, the public only 1, and only published ones', async () => {
    const pub = await publishedNotice('平台春节放假通知', 1);
    const forBuyers = await publishedNotice('试剂采购新规', 2);
    const forSuppliers = await publishedNotice('供应商资质年审', 3);
    const draft = (await call(t.app, 'POST', '/uac/v1/notice/add', { session: admin, json: { title: '草稿', content: 'x', type: 2 } })).body.data.id as number;

    // demo notices exist too: look only at the ones this test made
    const mine = new Set([pub, forBuyers, forSuppliers, draft]);
    const ids = (r: { body: { data: { records: { id: number }[] } } }) =>
      r.body.data.records
        .map((n) => n.id)
        .filter((id) => mine.has(id))
        .sort();
    const b = await call(t.app, 'GET', '/uac/v1/notice/page?status=1&type=2&current=1&size=999', { session: buyer });
    expect(ids(b)).toEqual([forBuyers]);
    const ball = await call(t.app, 'GET', '/uac/v1/notice/page?status=0&current=1&size=999', { session: buyer });
    expect(ids(ball)).toEqual([pub, forBuyers].sort());
    const s = await call(t.app, 'GET', '/uac/v1/notice/page?status=1&type=3&size=999', { session: supplier });
    expect(ids(s)).toEqual([forSuppliers]);
    expect((await call(t.app, 'GET', '/uac/v1/notice/page?type=3', { session: buyer })).body.code).toBe(40300);
    const open = await call(t.app, 'GET', '/uac/v1/notice/noauth/page?size=999');
    expect(ids(open)).toEqual([pub]);
    expect((await call(t.app, 'GET', `/uac/v1/notice/getNoticeById/${forSuppliers}`, { session: buyer })).status).toBe(404);
    expect((await call(t.app, 'GET', `/uac/v1/notice/noauth/getNoticeById/${forBuyers}`)).status).toBe(404);
  });

  it('sanitises content and refuses management to buyers and suppliers', async () => {
    const id = await publishedNotice('带脚本', 2, '<p style="color:red" onclick="x()">红字</p><script>alert(1)</script><a href="javascript:alert(1)">链接</a>');
    const n = await call(t.app, 'GET', `/uac/v1/notice/getNoticeById/${id}`, { session: buyer });
    expect(n.body.data.content).toContain('style="color:red"');
    expect(n.body.data.content).not.toMatch(/script|onclick|javascript/);
    for (const s of [buyer, supplier]) {
      expect((await call(t.app, 'POST', '/uac/v1/notice/add', { session: s, json: { title: 'x', content: 'x', type: 2 } })).body.code).toBe(40300);
      expect((await call(t.app, 'DELETE', `/uac/v1/notice/delete/${id}`, { session: s })).body.code).toBe(40300);
    }
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('target', '=', `notice:${id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(['notice.add', 'notice.publish']);
  });
});

describe('notice states', () => {
  it('publishes a draft, takes a published notice offline, and refuses a draft taken offline', async () => {
    const add = await call(t.app, 'POST', '/uac/v1/notice/add', { session: admin, json: { title: '实验室安全检查安排', content: '<p>周三下午</p>', type: 1 } });
    const id = add.body.data.id;
    const withdrawDraft = await call(t.app, 'POST', `/uac/v1/notice/withdraw/${id}`, { session: admin });
    expect(withdrawDraft.body.code).toBe(40009);
    expect(withdrawDraft.body.message).toBe('公告未发布，无需下线');
    expect((await call(t.app, 'POST', `/uac/v1/notice/publish/${id}`, { session: admin })).body.code).toBe(200);
    expect((await call(t.app, 'POST', `/uac/v1/notice/publish/${id}`, { session: admin })).body.message).toBe('公告已发布');
    expect((await call(t.app, 'POST', `/uac/v1/notice/withdraw/${id}`, { session: admin })).body.code).toBe(200);
    expect((await call(t.app, 'POST', `/uac/v1/notice/publish/${id}`, { session: admin })).body.code).toBe(200);
  });
});

describe('page configuration', () => {
  it('publishes only started configurations to the public pages', async () => {
    const up = await upload(t.app, '/uac/file/upload?purpose=pageConfig', [{ name: '登录轮播1.png', data: PNG_1X1 }], admin);
    const fileId = up.body.data.succeeded[0].id;
    const add = await call(t.app, 'POST', '/mall/v1/webPageConfig/add', {
      session: admin,
      json: { kind: 'loginSwiper', title: '国药试剂节', imageFileId: fileId, sort: 1 },
    });
    const id = add.body.data.id;
    const list = async () =>
      (await call(t.app, 'GET', '/mall/v1/webPageConfig/noauth/validWebPageConfig?kind=loginSwiper')).body.data as { id: number; imageUrl: string }[];
    // a fresh install starts with three drawn slides
    const seeded = await list();
    expect(seeded).toHaveLength(3);
    for (const s of seeded) expect(s.imageUrl).toMatch(/^\/mall\/v1\/noauth\/picture\/ban-[a-z-]+\.svg$/);
    expect((await call(t.app, 'GET', `/mall/v1/webPageConfig/noauth/getLoginFileUrl/${seeded[0].id}`)).body.data.url).toBe(seeded[0].imageUrl);
    expect((await t.app.inject({ method: 'GET', url: seeded[0].imageUrl })).headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await list()).find((s) => s.id === id)).toBeUndefined();
    await call(t.app, 'POST', `/mall/v1/webPageConfig/start/${id}`, { session: admin });
    const started = (await list()).find((s) => s.id === id);
    expect(started?.imageUrl).toMatch(/^\/uac\/file\/noauth\/download\?id=/);
    expect((await call(t.app, 'GET', `/mall/v1/webPageConfig/noauth/getLoginFileUrl/${id}`)).body.data.url).toMatch(/download/);
    // the transitions table: a started configuration cannot be started again
    expect((await call(t.app, 'POST', `/mall/v1/webPageConfig/start/${id}`, { session: admin })).body.code).toBe(40009);
    await call(t.app, 'POST', `/mall/v1/webPageConfig/stop/${id}`, { session: admin });
    expect((await list()).find((s) => s.id === id)).toBeUndefined();
    expect((await call(t.app, 'POST', `/mall/v1/webPageConfig/stop/${id}`, { session: admin })).body.message).toBe('该配置已停用');
    expect((await call(t.app, 'GET', `/mall/v1/webPageConfig/noauth/getLoginFileUrl/${id}`)).status).toBe(404);
    // an uploaded image replaces a drawn slide for good
    const up2 = await upload(t.app, '/uac/file/upload?purpose=pageConfig', [{ name: '新轮播.png', data: PNG_1X1 }], admin);
    const newFile = up2.body.data.succeeded[0].id;
    const edit = await call(t.app, 'PUT', '/mall/v1/webPageConfig/update', {
      session: admin,
      json: { id: seeded[0].id, kind: 'loginSwiper', title: '一站式科研采购', imageFileId: newFile, sort: 0 },
    });
    expect(edit.body.code).toBe(200);
    expect((await list()).find((s) => s.id === seeded[0].id)?.imageUrl).toMatch(/^\/uac\/file\/noauth\/download\?id=/);
    const cleared = await call(t.app, 'PUT', '/mall/v1/webPageConfig/update', {
      session: admin,
      json: { id: seeded[0].id, kind: 'loginSwiper', title: '一站式科研采购', imageFileId: null, sort: 0 },
    });
    expect(cleared.body.code).toBe(200);
    expect((await list()).find((s) => s.id === seeded[0].id)?.imageUrl).toBeNull();
    expect((await call(t.app, 'GET', '/mall/v1/webPageConfig/page', { session: buyer })).body.code).toBe(40300);
  });

  it('refuses an unknown kind and a javascript link', async () => {
    expect((await call(t.app, 'GET', '/mall/v1/webPageConfig/noauth/validWebPageConfig?kind=evil')).status).toBe(400);
    const bad = await call(t.app, 'POST', '/mall/v1/webPageConfig/add', {
      session: admin,
      json: { kind: 'indexBanner', title: 'x', linkUrl: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/链接/);
    // a protocol-relative or backslash link leads to another site too
    for (const linkUrl of ['//evil.example/x', '/\\evil.example', 'https:///x', '/有 空格']) {
      const r = await call(t.app, 'POST', '/mall/v1/webPageConfig/add', { session: admin, json: { kind: 'indexBanner', title: 'x', linkUrl } });
      expect(r.status, linkUrl).toBe(400);
    }
    for (const linkUrl of ['/notice', 'https://www.sinoreagent.com/news?id=1']) {
      const r = await call(t.app, 'POST', '/mall/v1/webPageConfig/add', { session: admin, json: { kind: 'indexBanner', title: '链接', linkUrl } });
      expect(r.body.code, linkUrl).toBe(200);
    }
  });
});

describe('help centre', () => {
  it('builds a three-level menu, sanitised, and refuses a fourth level', async () => {
    const add = async (parentId: number | null, meun: string, content = '') =>
      (await call(t.app, 'POST', '/uac/v1/help/add', { session: admin, json: { parentId, meun, content } })).body;
    const l1 = (await add(null, '采购指南')).data.id;
    const l2 = (await add(l1, '下单流程')).data.id;
    const l3 = (await add(l2, '危化品下单', '<div style="font-size:14px">须先确认合规告知<img src=x onerror=alert(1)></div>')).data.id;
    const l4 = await add(l3, '第四级');
    expect(l4.code).toBe(40000);
    expect(l4.message).toMatch(/三级/);
    const tree = (await call(t.app, 'GET', '/uac/v1/help/tree', { session: buyer })).body.data;
    const node = tree.find((n: { id: number }) => n.id === l1);
    expect(node.child[0].child[0].meun).toBe('危化品下单');
    expect(node.child[0].child[0].content).toContain('style="font-size:14px"');
    expect(node.child[0].child[0].content).not.toMatch(/onerror/);
    expect((await call(t.app, 'DELETE', `/uac/v1/help/delete/${l1}`, { session: admin })).body.message).toMatch(/子条目/);
    expect((await call(t.app, 'POST', '/uac/v1/help/add', { session: buyer, json: { meun: 'x' } })).body.code).toBe(40300);
  });
});

describe('public pages on a fresh install', () => {
  it('the privacy policy, the service agreement and the download centre have content before any admin writes one', async () => {
    const valid = async (kind: string) =>
      (await call(t.app, 'GET', `/mall/v1/webPageConfig/noauth/validWebPageConfig?kind=${kind}`)).body.data as {
        title: string;
        content: string | null;
        linkUrl: string | null;
      }[];
    const [privacy] = await valid('privacy');
    expect(privacy.content).toMatch(/我们收集的信息/);
    const [agreement] = await valid('serviceAgreement');
    expect(agreement.content).toMatch(/危险化学品安全管理条例/);
    const downloads = await valid('download');
    expect(downloads.length).toBeGreaterThanOrEqual(3);
    // links are http(s) or site paths, as the page-config rules require of an admin
    for (const d of downloads) expect(d.linkUrl).toMatch(/^(https:\/\/|\/[^/])/);
  });
});
