import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { PNG_1X1, upload } from './support/multipart.ts';
import { call, demoSessions, login } from './support/sessions.ts';

/** 店铺管理 (issue 10 §4): shop profile, sections, banners and notices, shown to buyers only once the platform approves them. */
let t: TestApp;
const { req, as } = demoSessions(() => t);
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Beijing wall-clock time `hours` from now, as windows are written. */
const bj = (hours: number) => new Date(Date.now() + (hours + 8) * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const supplierIdOf = async (userName: string) =>
  (await db().selectFrom('app_user').select('supplier_id').where('user_name', '=', userName).executeTakeFirstOrThrow()).supplier_id as number;
const shopPage = async (userName: string) => (await req('buyer1', 'GET', `/mall/v1/shop/detail/${await supplierIdOf(userName)}`)).body.data;
const image = async (userName: string) =>
  (await upload(t.app, '/uac/file/upload?purpose=shop', [{ name: '横幅.png', data: PNG_1X1 }], await as(userName))).body.data.succeeded[0].id as number;
const queue = async (kind?: string) =>
  (await req('admin', 'GET', `/mall/v1/shopReview/plist?current=1&size=100${kind ? `&kind=${kind}` : ''}`)).body.data.records as {
    kind: string;
    id: number;
    title: string;
    content: string | null;
    isNew: boolean;
    current: { title: string } | null;
  }[];
const decide = (items: { kind: string; id: number }[], pass: boolean, reason?: string) =>
  req('admin', 'POST', '/mall/v1/shopReview/review', { items, pass, reason });
const inbox = async (userName: string) =>
  (await req(userName, 'GET', '/mall/v1/message/page?current=1&size=20')).body.data?.records?.map(
    (m: { title: string; content: string }) => `${m.title}|${m.content}`,
  ) ?? [];

describe('演示数据', () => {
  it('the demo shops show approved notices, and the admin’s queue holds a pending banner', async () => {
    const page = await shopPage('supplier1');
    expect(page.notices.map((n: { title: string }) => n.title)).toContain('春节发货安排');
    expect(page.banners.map((b: { title: string }) => b.title)).toContain('双十一试剂节 满千减百');
    expect(page.banners.map((b: { title: string }) => b.title)).not.toContain('新年开工季 生化试剂 8 折');
    expect((await queue('banner')).map((r) => r.title)).toContain('新年开工季 生化试剂 8 折');
  });
});

describe('横幅', () => {
  it('a new banner waits for review, shows once approved; a change keeps the approved one until it is approved', async () => {
    const fileId = await image('supplier1');
    const saved = await req('supplier1', 'POST', '/supplier/v1/shop/banner/save', {
      title: '年终试剂节 满千减百',
      imageFileId: fileId,
      linkUrl: '/platform/search.lf?q=乙腈',
      sort: 0,
    });
    expect(saved.body).toMatchObject({ code: 200, message: '已提交，平台审核通过后买家可见' });
    const id = saved.body.data.id;
    expect((await shopPage('supplier1')).banners.map((b: { title: string }) => b.title)).not.toContain('年终试剂节 满千减百');
    const mine = (await req('supplier1', 'GET', '/supplier/v1/shop/banner/plist?status=pending&current=1&size=10')).body.data.records;
    expect(mine.find((r: { id: number }) => r.id === id)).toMatchObject({ id, status: 1, live: false, title: '年终试剂节 满千减百' });

    const q = await queue('banner');
    expect(q.find((r) => r.id === id)).toMatchObject({ title: '年终试剂节 满千减百', isNew: true });
    expect((await decide([{ kind: 'banner', id }], true)).body.message).toBe('已通过');
    const shown = (await shopPage('supplier1')).banners.find((b: { id: number }) => b.id === id);
    expect(shown).toMatchObject({ title: '年终试剂节 满千减百', imageFileId: fileId, linkUrl: '/platform/search.lf?q=乙腈' });
    expect(shown.imageUrl).toContain('/uac/file/noauth/download');
    expect(await inbox('supplier1')).toEqual(
      expect.arrayContaining([expect.stringContaining('店铺内容审核通过|您提交的横幅「年终试剂节 满千减百」已审核通过')]),
    );

    // a change waits; buyers keep seeing the approved title; a refusal needs a reason and is told
    await req('supplier1', 'POST', '/supplier/v1/shop/banner/save', { id, title: '双十一 全场五折', imageFileId: fileId, sort: 0 });
    expect((await shopPage('supplier1')).banners.find((b: { id: number }) => b.id === id).title).toBe('年终试剂节 满千减百');
    expect((await queue('banner')).find((r) => r.id === id)).toMatchObject({
      title: '双十一 全场五折',
      isNew: false,
      current: { title: '年终试剂节 满千减百' },
    });
    expect((await decide([{ kind: 'banner', id }], false)).body.message).toContain('请填写驳回原因');
    expect((await decide([{ kind: 'banner', id }], false, '折扣力度与报价不符')).body.message).toBe('已驳回');
    expect((await shopPage('supplier1')).banners.find((b: { id: number }) => b.id === id).title).toBe('年终试剂节 满千减百');
    const after = (await req('supplier1', 'GET', '/supplier/v1/shop/banner/plist?current=1&size=50')).body.data.records.find(
      (r: { id: number }) => r.id === id,
    );
    expect(after).toMatchObject({
      status: 3,
      refuseReason: '折扣力度与报价不符',
      live: true,
      title: '年终试剂节 满千减百',
      pending: { title: '双十一 全场五折' },
    });
    expect(await inbox('supplier1')).toEqual(expect.arrayContaining([expect.stringContaining('原因：折扣力度与报价不符')]));
    // a decided submission cannot be decided again
    expect((await decide([{ kind: 'banner', id }], true)).body.code).toBe(40009);
  });

  it('accepts only links inside the site or https', async () => {
    const fileId = await image('supplier1');
    for (const linkUrl of ['javascript:alert(1)', 'http://example.com', '//evil.example.com/x', 'data:text/html,hi', 'https://', ' /x y', 'ftp://a.b']) {
      const res = await req('supplier1', 'POST', '/supplier/v1/shop/banner/save', { title: '坏链接', imageFileId: fileId, linkUrl, sort: 0 });
      expect(res.body.code, linkUrl).toBe(40000);
      expect(res.body.message, linkUrl).toContain('链接只能是本站内的相对路径');
    }
    for (const linkUrl of ['/platform/shop.lf?supplierId=1', 'https://www.sinoreagent.com/activity']) {
      expect(
        (await req('supplier1', 'POST', '/supplier/v1/shop/banner/save', { title: '好链接', imageFileId: fileId, linkUrl, sort: 1 })).body.code,
        linkUrl,
      ).toBe(200);
    }
  });

  it('withdrawal takes a pending change back; deleting takes a banner down at once', async () => {
    const fileId = await image('supplier1');
    const id = (await req('supplier1', 'POST', '/supplier/v1/shop/banner/save', { title: '色谱溶剂专场', imageFileId: fileId, sort: 2 })).body.data.id;
    expect((await req('supplier1', 'POST', '/supplier/v1/shop/withdraw', { kind: 'banner', id })).body.message).toBe('已撤回');
    expect((await queue('banner')).map((r) => r.id)).not.toContain(id);
    expect((await req('supplier1', 'POST', '/supplier/v1/shop/withdraw', { kind: 'banner', id })).body.code).toBe(40009);
    expect((await decide([{ kind: 'banner', id }], true)).body.code).toBe(40009);
    // resubmitted and approved, then deleted
    await req('supplier1', 'POST', '/supplier/v1/shop/banner/save', { id, title: '色谱溶剂专场', imageFileId: fileId, sort: 2 });
    await decide([{ kind: 'banner', id }], true);
    expect((await shopPage('supplier1')).banners.map((b: { id: number }) => b.id)).toContain(id);
    expect((await req('supplier1', 'POST', '/supplier/v1/shop/banner/delete', { ids: [id] })).body.message).toBe('已删除');
    expect((await shopPage('supplier1')).banners.map((b: { id: number }) => b.id)).not.toContain(id);
  });

  it('a picture uploaded by someone else, or for another purpose, is refused', async () => {
    const theirs = await image('supplier2');
    const res = await req('supplier1', 'POST', '/supplier/v1/shop/banner/save', { title: '借图', imageFileId: theirs, sort: 0 });
    expect(res.body.message).toBe('只能使用本人上传的附件');
  });
});

describe('时间窗口', () => {
  it('shows a section, banner or notice only between its start and end (Beijing time)', async () => {
    const fileId = await image('supplier1');
    const make = async (kind: string, body: Record<string, unknown>) =>
      (await req('supplier1', 'POST', `/supplier/v1/shop/${kind}/save`, body)).body.data.id as number;
    const future = { startAt: bj(24), endAt: bj(48) };
    const past = { startAt: bj(-48), endAt: bj(-1) };
    const now = { startAt: bj(-1), endAt: bj(24) };
    const ids = {
      futureSection: await make('section', { name: '春季新品', sort: 9, ...future }),
      pastSection: await make('section', { name: '往期促销', sort: 9, ...past }),
      nowSection: await make('section', { name: '限时特价', sort: 9, ...now }),
      futureBanner: await make('banner', { title: '未开始横幅', imageFileId: fileId, sort: 5, ...future }),
      pastBanner: await make('banner', { title: '已结束横幅', imageFileId: fileId, sort: 5, ...past }),
      futureNotice: await make('notice', { title: '未开始公告', content: '<p>稍后</p>', ...future }),
      nowNotice: await make('notice', { title: '春季到货通知', content: '<p>进口色谱柱 3 月中旬到货</p>' }),
    };
    const items = Object.entries(ids).map(([k, id]) => ({ kind: k.replace(/^(future|past|now)/, '').toLowerCase(), id }));
    expect((await decide(items, true)).body.code).toBe(200);
    const page = await shopPage('supplier1');
    const sections = page.sections.map((s: { name: string }) => s.name);
    expect(sections).toContain('限时特价');
    expect(sections).not.toContain('春季新品');
    expect(sections).not.toContain('往期促销');
    const banners = page.banners.map((b: { title: string }) => b.title);
    expect(banners).not.toContain('未开始横幅');
    expect(banners).not.toContain('已结束横幅');
    const notices = page.notices.map((n: { title: string }) => n.title);
    expect(notices).toContain('春季到货通知');
    expect(notices).not.toContain('未开始公告');
  });

  it('refuses an end before the start and a malformed time', async () => {
    const bad = await req('supplier1', 'POST', '/supplier/v1/shop/section/save', { name: '倒置', sort: 0, startAt: bj(10), endAt: bj(5) });
    expect(bad.body).toMatchObject({ code: 40000 });
    expect(bad.body.message).toContain('结束时间须晚于开始时间');
    const malformed = await req('supplier1', 'POST', '/supplier/v1/shop/section/save', { name: '格式', sort: 0, startAt: '2026/01/01' });
    expect(malformed.body.message).toContain('YYYY-MM-DD HH:mm:ss');
  });
});

describe('公告与栏目', () => {
  it('sanitises a notice: scripts and event handlers are removed before review and display', async () => {
    const res = await req('supplier1', 'POST', '/supplier/v1/shop/notice/save', {
      title: '元旦放假通知',
      content: '<p onclick="steal()">1 月 1 日放假<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">详情</a></p>',
    });
    const id = res.body.data.id;
    const pending = (await queue('notice')).find((r) => r.id === id);
    expect(pending?.content).toContain('1 月 1 日放假');
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:']) expect(pending?.content).not.toContain(bad);
    await decide([{ kind: 'notice', id }], true);
    const shown = (await shopPage('supplier1')).notices.find((n: { id: number }) => n.id === id);
    expect(shown.content).not.toContain('<script');
    // only tags: nothing left to show
    const empty = await req('supplier1', 'POST', '/supplier/v1/shop/notice/save', { title: '空公告', content: '<script>alert(1)</script>' });
    expect(empty.body.message).toContain('公告内容不能为空');
  });

  it('a section is reviewed; the supplier puts its own items into it in a batch', async () => {
    const id = (await req('supplier1', 'POST', '/supplier/v1/shop/section/save', { name: '色谱溶剂', sort: 1 })).body.data.id;
    const supplierId = await supplierIdOf('supplier1');
    const own = await db().selectFrom('item').select('id').where('supplier_id', '=', supplierId).where('deleted', '=', 0).limit(3).execute();
    const foreign = await db()
      .selectFrom('item')
      .select('id')
      .where('supplier_id', '=', await supplierIdOf('supplier2'))
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(
      (await req('supplier1', 'POST', '/supplier/v1/shop/section/items', { sectionId: id, itemIds: [...own.map((i) => i.id), foreign.id] })).body.code,
    ).toBe(404);
    expect((await req('supplier1', 'POST', '/supplier/v1/shop/section/items', { sectionId: id, itemIds: own.map((i) => i.id) })).body.message).toBe('已保存');
    const list = (await req('supplier1', 'GET', '/supplier/v1/shop/section/plist?current=1&size=100')).body.data.records;
    expect(list.find((s: { id: number }) => s.id === id)).toMatchObject({ itemCount: 3, status: 1, live: false });
    expect((await shopPage('supplier1')).sections.map((s: { id: number }) => s.id)).not.toContain(id);
    await decide([{ kind: 'section', id }], true);
    expect((await shopPage('supplier1')).sections.map((s: { id: number }) => s.id)).toContain(id);
    // deleting a section takes its items back to 全部商品
    expect((await req('supplier1', 'POST', '/supplier/v1/shop/section/delete', { ids: [id] })).body.code).toBe(200);
    const left = await db().selectFrom('item').select('id').where('section_id', '=', id).execute();
    expect(left).toHaveLength(0);
  });
});

describe('店铺信息', () => {
  it('a profile change waits; the shop keeps its approved name until approval', async () => {
    const before = await shopPage('supplier2');
    const logo = await image('supplier2');
    const sent = await req('supplier2', 'POST', '/supplier/v1/shop/profile', {
      name: '阿拉丁试剂旗舰店',
      intro: '阿拉丁官方直营，现货 6 万余种。',
      logoFileId: logo,
    });
    expect(sent.body.code).toBe(200);
    expect((await shopPage('supplier2')).name).toBe(before.name);
    const mine = (await req('supplier2', 'GET', '/supplier/v1/shop/profile')).body.data;
    expect(mine).toMatchObject({ status: 1, name: before.name, pending: { name: '阿拉丁试剂旗舰店', logoFileId: logo } });
    const row = (await queue('profile')).find((r) => r.id === mine.id);
    expect(row).toMatchObject({ title: '阿拉丁试剂旗舰店', current: { title: before.name } });
    const bySupplier = async (name: string) =>
      (await req('admin', 'GET', `/mall/v1/shopReview/plist?kind=profile&supplierName=${encodeURIComponent(name)}&current=1&size=10`)).body.data.records.map(
        (r: { id: number }) => r.id,
      );
    expect(await bySupplier('阿拉丁')).toContain(mine.id);
    expect(await bySupplier('麦克林')).not.toContain(mine.id);
    await decide([{ kind: 'profile', id: mine.id }], true);
    const after = await shopPage('supplier2');
    expect(after).toMatchObject({ name: '阿拉丁试剂旗舰店', intro: '阿拉丁官方直营，现货 6 万余种。', logoFileId: logo });
    expect(after.logoUrl).toContain('/uac/file/noauth/download');
  });
});

describe('范围与权限', () => {
  it('another supplier’s ids are not found; buyers and admins cannot use the supplier calls; suppliers cannot review', async () => {
    const fileId = await image('supplier1');
    const id = (await req('supplier1', 'POST', '/supplier/v1/shop/banner/save', { title: '国药专享', imageFileId: fileId, sort: 0 })).body.data.id;
    const theirFile = await image('supplier2');
    for (const [method, url, json] of [
      ['POST', '/supplier/v1/shop/banner/save', { id, title: '冒改', imageFileId: theirFile, sort: 0 }],
      ['POST', '/supplier/v1/shop/banner/delete', { ids: [id] }],
      ['POST', '/supplier/v1/shop/withdraw', { kind: 'banner', id }],
    ] as const) {
      expect((await req('supplier2', method, url, json)).body.code, url).toBe(404);
    }
    const shop1 = (await req('supplier1', 'GET', '/supplier/v1/shop/profile')).body.data.id;
    expect((await req('supplier2', 'POST', '/supplier/v1/shop/withdraw', { kind: 'profile', id: shop1 })).body.code).toBe(404);
    expect(
      (await req('supplier2', 'GET', '/supplier/v1/shop/banner/plist?current=1&size=100')).body.data.records.map((r: { id: number }) => r.id),
    ).not.toContain(id);
    for (const user of ['buyer1', 'admin', 'leader1']) {
      expect((await req(user, 'GET', '/supplier/v1/shop/banner/plist?current=1&size=10')).body.code, user).toBe(40300);
    }
    for (const user of ['supplier1', 'buyer1']) {
      expect((await req(user, 'GET', '/mall/v1/shopReview/plist?current=1&size=10')).body.code, user).toBe(40300);
      expect((await req(user, 'POST', '/mall/v1/shopReview/review', { items: [{ kind: 'banner', id }], pass: true })).body.code, user).toBe(40300);
    }
  });

  it('a child account needs the 店铺管理员 role', async () => {
    const roleId = async (code: string) => (await db().selectFrom('role').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    const open = async (userName: string, role: string) => {
      await req('supplier1', 'POST', '/supplier/v1/childUser/add', {
        userName,
        realName: '周琳',
        phoneNum: '13912345670',
        roleIds: [await roleId(role)],
        password: 'Start2026a',
      });
      const s = await login(t.app, userName, 'Start2026a');
      await call(t.app, 'POST', '/uac/v1/caas-user/verifyAndModify', { session: s, json: { oldPassword: 'Start2026a', newPassword: 'Mine2026bb' } });
      return login(t.app, userName, 'Mine2026bb');
    };
    const items = await open('gy_item01', 'supplier_item');
    expect((await call(t.app, 'GET', '/supplier/v1/shop/banner/plist?current=1&size=10', { session: items })).body.code).toBe(40300);
    const shop = await open('gy_shop01', 'supplier_shop');
    expect((await call(t.app, 'GET', '/supplier/v1/shop/banner/plist?current=1&size=10', { session: shop })).body.code).toBe(200);
    const saved = await call(t.app, 'POST', '/supplier/v1/shop/section/save', { session: shop, json: { name: '生化试剂', sort: 3 } });
    expect(saved.body.code).toBe(200);
  });
});
