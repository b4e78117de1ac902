import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { PDF_MINI, PNG_1X1, upload } from './support/multipart.ts';
import { demoSessions } from './support/sessions.ts';

let t: TestApp;
const { as, req } = demoSessions(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const roleId = async (code: string) =>
  (await db().selectFrom('role').select('id').where('code', '=', code).where('institute_id', 'is', null).executeTakeFirstOrThrow()).id;
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const HOUR = 3600_000;

async function notice(user: string, body: Record<string, unknown>, publish = true) {
  const add = await req(user, 'POST', '/uac/v1/notice/add', { content: '<p>内容</p>', type: 2, ...body });
  expect(add.body.code, JSON.stringify(add.body)).toBe(200);
  const id = add.body.data.id as number;
  if (publish) expect((await req(user, 'POST', `/uac/v1/notice/publish/${id}`)).body.code).toBe(200);
  return id;
}
const listed = async (user: string, id: number) =>
  ((await req(user, 'GET', '/uac/v1/notice/page?current=1&size=999')).body.data.records as { id: number }[]).some((n) => n.id === id);
const detail = (user: string, id: number) => req(user, 'GET', `/uac/v1/notice/getNoticeById/${id}`);

async function uploadAs(user: string, purpose: string, name: string, data: Buffer) {
  const r = await upload(t.app, `/uac/file/upload?purpose=${purpose}`, [{ name, data }], await as(user));
  expect(r.body.data.succeeded, JSON.stringify(r.body)).toHaveLength(1);
  return r.body.data.succeeded[0] as { id: number; url: string };
}

async function sheet(rows: (string | undefined)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('公告');
  ws.addRow(['标题', '类型', '面向角色', '正文', '发布时间', '下线时间', '附件', '置顶', '所属研究所']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const noticeCount = async () =>
  Number(
    (
      await db()
        .selectFrom('notice')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('notice windows, audiences and read receipts', () => {
  it('shows a notice only inside its window', async () => {
    const later = await notice('admin', { title: '下周停电检修', publishAt: iso(2 * HOUR) });
    expect(await listed('buyer1', later)).toBe(false);
    expect((await detail('buyer1', later)).status).toBe(404);
    const mark = await req('buyer1', 'POST', `/uac/v1/notice/read/${later}`);
    expect(mark.status).toBe(404);
    // moved into the window by the admin: visible
    const upd = await req('admin', 'PUT', '/uac/v1/notice/update', {
      id: later,
      title: '下周停电检修',
      content: '<p>内容</p>',
      type: 2,
      top: false,
      publishAt: iso(-HOUR),
      withdrawAt: iso(HOUR),
    });
    expect(upd.body.code).toBe(200);
    expect(await listed('buyer1', later)).toBe(true);
    // the window closed: gone again for readers, still listed for the manager
    await db()
      .updateTable('notice')
      .set({ publish_at: iso(-3 * HOUR), withdraw_at: iso(-HOUR) })
      .where('id', '=', later)
      .execute();
    expect(await listed('buyer1', later)).toBe(false);
    expect((await detail('buyer1', later)).status).toBe(404);
    const managed = (await req('admin', 'GET', '/uac/v1/notice/manage/page?current=1&size=999')).body.data.records.find((n: { id: number }) => n.id === later);
    expect(managed.visible).toBe(false);
    // a window ending before it starts is refused
    const bad = await req('admin', 'POST', '/uac/v1/notice/add', { title: 'x', content: 'x', type: 2, publishAt: iso(2 * HOUR), withdrawAt: iso(HOUR) });
    expect(bad.body).toMatchObject({ code: 40000, message: '下线时间须晚于发布时间' });
  });

  it('addresses a notice to roles: other roles neither list nor open it', async () => {
    const leaders = await notice('admin', { title: '课题组长经费会议', roleIds: [await roleId('team_leader')] });
    expect(await listed('leader1', leaders)).toBe(true);
    expect(await listed('buyer1', leaders)).toBe(false);
    expect((await detail('buyer1', leaders)).status).toBe(404);
    // a supplier role on a buyers' notice is refused
    const wrong = await req('admin', 'POST', '/uac/v1/notice/add', { title: 'x', content: 'x', type: 2, roleIds: [await roleId('supplier_admin')] });
    expect(wrong.body.code).toBe(40000);
  });

  it('records who read a notice; the badge, the list flag and the admin counts follow', async () => {
    const id = await notice('admin', { title: '试剂柜年检通知' });
    const before = (await req('buyer1', 'GET', '/uac/v1/notice/unreadCount')).body.data.count as number;
    expect(before).toBeGreaterThan(0);
    const unreadList = (await req('buyer1', 'GET', '/uac/v1/notice/page?unread=true&current=1&size=999')).body.data.records;
    expect(unreadList.find((n: { id: number }) => n.id === id).read).toBe(false);

    expect((await detail('buyer1', id)).body.data.read).toBe(true);
    expect((await req('buyer2', 'POST', `/uac/v1/notice/read/${id}`)).body.code).toBe(200);
    // reading twice keeps the first time
    const first = await db()
      .selectFrom('notice_read')
      .select('read_at')
      .where('notice_id', '=', id)
      .where('user_id', '=', (await as('buyer1')).data.userId ?? -1)
      .executeTakeFirst();
    await detail('buyer1', id);
    const receipts = await db().selectFrom('notice_read').selectAll().where('notice_id', '=', id).execute();
    expect(receipts).toHaveLength(2);
    if (first) expect(receipts.some((r) => r.read_at === first.read_at)).toBe(true);

    expect((await req('buyer1', 'GET', '/uac/v1/notice/unreadCount')).body.data.count).toBe(before - 1);
    const page = (await req('buyer1', 'GET', '/uac/v1/notice/page?current=1&size=999')).body.data.records;
    expect(page.find((n: { id: number }) => n.id === id).read).toBe(true);
    expect((await req('buyer1', 'GET', '/uac/v1/notice/page?unread=true&current=1&size=999')).body.data.records.some((n: { id: number }) => n.id === id)).toBe(
      false,
    );

    const managed = (await req('admin', 'GET', '/uac/v1/notice/manage/page?current=1&size=999')).body.data.records.find((n: { id: number }) => n.id === id);
    expect(managed.readCount).toBe(2);
    expect(managed.unreadCount).toBeGreaterThan(0);
    const readers = (await req('admin', 'GET', `/uac/v1/notice/readers?id=${id}&read=true&current=1&size=50`)).body.data;
    expect(readers.records.map((r: { userName: string }) => r.userName).sort()).toEqual(['buyer1', 'buyer2']);
    expect(readers.records[0].readAt).toBeTruthy();
    const unread = (await req('admin', 'GET', `/uac/v1/notice/readers?id=${id}&read=false&current=1&size=999`)).body.data;
    expect(unread.total).toBe(managed.unreadCount);
    const names = unread.records.map((r: { userName: string }) => r.userName);
    expect(names).toContain('leader1');
    expect(names).not.toContain('buyer1');
    // a buyers' notice: suppliers are not its audience
    expect(names).not.toContain('supplier1');
  });
});

describe('institute notices', () => {
  it('an institute admin manages only its own institute’s notices, seen only by its users', async () => {
    const own = await notice('owner1', { title: '化学所实验室安全培训' });
    const row = await db().selectFrom('notice').select('institute_id').where('id', '=', own).executeTakeFirstOrThrow();
    const owner1 = await db().selectFrom('app_user').select('institute_id').where('user_name', '=', 'owner1').executeTakeFirstOrThrow();
    expect(row.institute_id).toBe(owner1.institute_id);
    expect(await listed('buyer1', own)).toBe(true);
    expect(await listed('buyer2', own)).toBe(false);
    expect((await detail('buyer2', own)).status).toBe(404);

    // another institute's admin: not found, not listed, cannot name the institute
    expect((await req('owner2', 'POST', `/uac/v1/notice/withdraw/${own}`)).status).toBe(404);
    expect((await req('owner2', 'DELETE', `/uac/v1/notice/delete/${own}`)).status).toBe(404);
    expect((await req('owner2', 'PUT', '/uac/v1/notice/update', { id: own, title: '改', content: 'x', type: 2, top: false })).status).toBe(404);
    expect((await req('owner2', 'GET', `/uac/v1/notice/readers?id=${own}&current=1&size=10`)).status).toBe(404);
    const theirs = (await req('owner2', 'GET', '/uac/v1/notice/manage/page?current=1&size=999')).body.data.records as { id: number }[];
    expect(theirs.some((n) => n.id === own)).toBe(false);
    const named = await req('owner2', 'POST', '/uac/v1/notice/add', { title: 'x', content: 'x', type: 2, instituteId: owner1.institute_id });
    expect(named.body.code).toBe(40300);
    // platform notices are not the institute admin's either
    const platform = await notice('admin', { title: '平台维护通知' });
    expect((await req('owner1', 'POST', `/uac/v1/notice/withdraw/${platform}`)).status).toBe(404);
    // an institute notice is for buyers only
    expect((await req('owner1', 'POST', '/uac/v1/notice/add', { title: 'x', content: 'x', type: 3 })).body.code).toBe(40000);
    // the platform admin manages it
    expect((await req('admin', 'POST', `/uac/v1/notice/withdraw/${own}`)).body.code).toBe(200);
  });

  it('refuses management to buyers and suppliers', async () => {
    for (const u of ['buyer1', 'supplier1']) {
      expect((await req(u, 'GET', '/uac/v1/notice/manage/page?current=1&size=10')).body.code).toBe(40300);
      expect((await req(u, 'GET', '/uac/v1/notice/readers?id=1&current=1&size=10')).body.code).toBe(40300);
    }
  });
});

describe('notice batch upload', () => {
  it('lists every bad row with its reason and writes nothing', async () => {
    const before = await noticeCount();
    const xlsx = await sheet([
      ['正常的一条', '采购方', '', '正文', '', '', '', '否', ''],
      ['类型错误', '未知', '', '正文', '', '', '', '', ''],
      ['角色不存在', '采购方', '外星人', '正文', '', '', '', '', ''],
      ['附件缺失', '公开', '', '正文', '', '', '不存在的附件.pdf', '', ''],
      ['窗口颠倒', '公开', '', '正文', '2027-01-02 08:00', '2027-01-01 08:00', '', '', ''],
      ['正常的一条', '采购方', '', '正文', '', '', '', '', ''],
      ['', '采购方', '', '缺标题', '', '', '', '', ''],
    ]);
    const r = await upload(t.app, '/uac/v1/notice/batchUpload', [{ name: '公告.xlsx', data: xlsx }], await as('admin'));
    expect(r.body.code).toBe(200);
    const d = r.body.data;
    expect(d.applied).toBe(false);
    expect(d.created).toEqual([]);
    const byRow = (row: number) => d.errors.filter((e: { row: number }) => e.row === row).map((e: { message: string }) => e.message);
    expect(byRow(3)[0]).toContain('类型“未知”不正确');
    expect(byRow(4)).toEqual(['角色“外星人”不存在']);
    expect(byRow(5)[0]).toContain('附件“不存在的附件.pdf”未上传');
    expect(byRow(6)).toEqual(['下线时间须晚于发布时间']);
    expect(byRow(7)).toEqual(['与第 2 行标题重复']);
    expect(byRow(8)).toEqual(['“标题”不能为空']);
    expect(r.body.message).toContain('未导入任何公告');
    expect(await noticeCount()).toBe(before);
  });

  it('previews, then imports notices with attachments sent along or uploaded before, in their windows', async () => {
    const earlier = await uploadAs('admin', 'notice', '年检表.png', PNG_1X1);
    const xlsx = await sheet([
      ['批量一：春节值班', '公开', '', '春节期间值班安排\n详见附件', '', '', '值班表.pdf、年检表.png', '是', ''],
      ['批量二：组长会议', '采购方', '课题组长', '周五开会', '', '', '', '否', ''],
      ['批量三：明年的通知', '采购方', '', '还早', '2099-01-01 08:00', '', '', '', ''],
      ['批量四：化学所专用', '采购方', '', '仅化学所', '', '', '', '', '中国科学院化学研究所'],
    ]);
    const files = [
      { name: '公告.xlsx', data: xlsx },
      { name: '值班表.pdf', data: PDF_MINI },
      { name: '无关.pdf', data: PDF_MINI },
    ];
    const before = await noticeCount();
    const preview = await upload(t.app, '/uac/v1/notice/batchUpload?preview=true', files, await as('admin'));
    expect(preview.body.data, JSON.stringify(preview.body)).toMatchObject({ applied: false, errors: [], unused: ['无关.pdf'] });
    expect(preview.body.data.rows).toHaveLength(4);
    expect(await noticeCount()).toBe(before);

    const r = await upload(t.app, '/uac/v1/notice/batchUpload', files, await as('admin'));
    expect(r.body.data.applied, JSON.stringify(r.body)).toBe(true);
    const [spring, leaders, future, iccas] = r.body.data.created as number[];
    expect(await noticeCount()).toBe(before + 4);
    const att = (await detail('buyer1', spring)).body.data;
    expect(att.attachments.map((a: { name: string }) => a.name).sort()).toEqual(['年检表.png', '值班表.pdf'].sort());
    expect(att.attachments.some((a: { id: number }) => a.id === earlier.id)).toBe(true);
    expect(att.content).toBe('<p>春节期间值班安排</p><p>详见附件</p>');
    expect(att.top).toBe(true);
    expect(await listed('leader1', leaders)).toBe(true);
    expect(await listed('buyer1', leaders)).toBe(false);
    expect(await listed('buyer1', future)).toBe(false);
    expect(await listed('buyer1', iccas)).toBe(true);
    expect(await listed('buyer2', iccas)).toBe(false);
  });

  it('keeps an institute admin to its own institute and refuses other roles', async () => {
    const xlsx = await sheet([['跨所公告', '采购方', '', '正文', '', '', '', '', '中国科学院上海药物研究所']]);
    const r = await upload(t.app, '/uac/v1/notice/batchUpload', [{ name: 'a.xlsx', data: xlsx }], await as('owner1'));
    expect(r.body.data.errors).toEqual([{ row: 2, column: '所属研究所', message: '只能导入本所的公告' }]);
    const own = await upload(
      t.app,
      '/uac/v1/notice/batchUpload',
      [{ name: 'a.xlsx', data: await sheet([['本所公告', '采购方', '', '正文']]) }],
      await as('owner1'),
    );
    expect(own.body.data.applied).toBe(true);
    const inst = await db().selectFrom('notice').select('institute_id').where('id', '=', own.body.data.created[0]).executeTakeFirstOrThrow();
    expect(inst.institute_id).not.toBeNull();
    // an attachment sent along that is no image or PDF
    const badFile = await upload(
      t.app,
      '/uac/v1/notice/batchUpload',
      [
        { name: 'a.xlsx', data: await sheet([['带附件', '采购方', '', '正文', '', '', '说明.pdf']]) },
        { name: '说明.pdf', data: Buffer.from('这不是 PDF') },
      ],
      await as('owner1'),
    );
    expect(badFile.body.data.errors).toEqual([{ row: 2, column: '附件', message: '附件“说明.pdf”格式不支持，仅限 jpg、png、webp、pdf' }]);
    expect(badFile.body.data.applied).toBe(false);
    expect((await req('owner1', 'GET', '/uac/v1/notice/instituteOptions')).body.data).toHaveLength(1);
    expect((await req('admin', 'GET', '/uac/v1/notice/instituteOptions')).body.data.length).toBeGreaterThan(1);
    const refused = await upload(t.app, '/uac/v1/notice/batchUpload', [{ name: 'a.xlsx', data: xlsx }], await as('buyer1'));
    expect(refused.body.code).toBe(40300);
    const noSheet = await upload(t.app, '/uac/v1/notice/batchUpload', [{ name: 'a.pdf', data: PDF_MINI }], await as('admin'));
    expect(noSheet.body.code).toBe(40000);
  });
});

describe('checkFilesByUrl', () => {
  it('answers per URL; foreign, forged and unknown files alike answer not found', async () => {
    const mine = await uploadAs('buyer1', 'complaint', '照片.png', PNG_1X1);
    const theirs = await uploadAs('buyer2', 'complaint', '别人的.png', PNG_1X1);
    const forged = mine.url.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`);
    const unknown = theirs.url.replace(/id=\d+/, 'id=99999999');
    const r = await req('buyer1', 'POST', '/mall/v1/upload/checkFilesByUrl', { urls: [mine.url, theirs.url, forged, unknown, 'https://evil.example/x.png'] });
    expect(r.body.code).toBe(200);
    const [a, b, c, d, e] = r.body.data;
    expect(a).toMatchObject({ ok: true, id: mine.id, name: '照片.png', mime: 'image/png', reason: null });
    expect(a.freshUrl).toContain(`id=${mine.id}`);
    const notFound = { ok: false, reason: '文件不存在', id: null, name: null, mime: null, size: null, freshUrl: null };
    for (const x of [b, c, d, e]) expect({ ...x, url: undefined }).toEqual({ ...notFound, url: undefined });
    // a type the purpose does not accept
    const typed = await req('buyer1', 'POST', '/mall/v1/upload/checkFilesByUrl', { urls: [mine.url], purpose: 'contract' });
    expect(typed.body.data[0]).toMatchObject({ ok: false, reason: '文件类型不符合要求，仅限 pdf' });
    expect((await req('buyer1', 'POST', '/mall/v1/upload/checkFilesByUrl', { urls: [] })).body.code).toBe(40000);
  });
});

describe('operation manuals', () => {
  it('the admin manages versioned manuals per role; users see the published version for their roles', async () => {
    const v1 = await uploadAs('admin', 'manual', '采购人操作手册.pdf', PDF_MINI);
    const buyerRole = await roleId('buyer');
    const add = await req('admin', 'POST', '/uac/v1/operationManual/add', { title: '采购人操作手册', roleIds: [buyerRole], fileId: v1.id, note: '初版' });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id as number;
    const mine = async (u: string) =>
      (await req(u, 'GET', '/uac/v1/operationManual/listForMe')).body.data as { id: number; version: number; fileName: string }[];
    expect((await mine('buyer1')).some((m) => m.id === id)).toBe(false);
    expect((await req('admin', 'POST', '/uac/v1/operationManual/publish', { id })).body.code).toBe(200);
    expect((await req('admin', 'POST', '/uac/v1/operationManual/publish', { id })).body.code).toBe(40009);
    expect((await mine('buyer1')).find((m) => m.id === id)).toMatchObject({ version: 1, fileName: '采购人操作手册.pdf' });
    expect((await mine('leader1')).some((m) => m.id === id)).toBe(false);

    // a Word file is a new version; users keep V1 until V2 is published
    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('[Content_Types].xmlword/document.xml')]);
    const v2 = await uploadAs('admin', 'manual', '采购人操作手册 V2.docx', docx);
    const upd = await req('admin', 'PUT', '/uac/v1/operationManual/update', {
      id,
      title: '采购人操作手册',
      roleIds: [buyerRole],
      fileId: v2.id,
      note: '新增报销章节',
    });
    expect(upd.body.data).toEqual({ version: 2 });
    expect((await mine('buyer1')).find((m) => m.id === id)?.version).toBe(1);
    expect((await req('admin', 'POST', '/uac/v1/operationManual/publish', { id, version: 2 })).body.code).toBe(200);
    expect((await mine('buyer1')).find((m) => m.id === id)).toMatchObject({ version: 2, fileName: '采购人操作手册 V2.docx' });
    const page = (await req('admin', 'GET', '/uac/v1/operationManual/page?current=1&size=50&status=published')).body.data.records.find(
      (m: { id: number }) => m.id === id,
    );
    expect(page.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(page.roleNames).toEqual(['采购人']);

    // files of another use or another person are refused
    const png = await uploadAs('admin', 'notice', 'x.png', PNG_1X1);
    expect((await req('admin', 'POST', '/uac/v1/operationManual/add', { title: 'x', roleIds: [buyerRole], fileId: png.id })).body.code).toBe(40000);
    const foreign = await uploadAs('buyer1', 'manual', 'y.pdf', PDF_MINI);
    expect((await req('admin', 'POST', '/uac/v1/operationManual/add', { title: 'x', roleIds: [buyerRole], fileId: foreign.id })).body.code).toBe(40000);
    // an image is no manual
    const img = await upload(t.app, '/uac/file/upload?purpose=manual', [{ name: 'z.png', data: PNG_1X1 }], await as('admin'));
    expect(img.body.data.failed).toHaveLength(1);

    // other roles are refused management
    for (const u of ['owner1', 'buyer1', 'supplier1']) {
      expect((await req(u, 'POST', '/uac/v1/operationManual/add', { title: 'x', roleIds: [buyerRole], fileId: v1.id })).body.code).toBe(40300);
      expect((await req(u, 'GET', '/uac/v1/operationManual/page?current=1&size=10')).body.code).toBe(40300);
      expect((await req(u, 'DELETE', `/uac/v1/operationManual/delete/${id}`)).body.code).toBe(40300);
    }

    expect((await req('admin', 'POST', '/uac/v1/operationManual/publish', { id, publish: false })).body.code).toBe(200);
    expect((await mine('buyer1')).some((m) => m.id === id)).toBe(false);
    expect((await req('admin', 'DELETE', `/uac/v1/operationManual/delete/${id}`)).body.code).toBe(200);
    expect((await req('admin', 'DELETE', `/uac/v1/operationManual/delete/${id}`)).status).toBe(404);
  });

  it('two editors uploading a new file at once never make the same version twice', async () => {
    const buyerRole = await roleId('buyer');
    const v1 = await uploadAs('admin', 'manual', '并发手册.pdf', PDF_MINI);
    const id = (await req('admin', 'POST', '/uac/v1/operationManual/add', { title: '并发手册', roleIds: [buyerRole], fileId: v1.id })).body.data.id as number;
    const [a, b] = await Promise.all([uploadAs('admin', 'manual', 'a.pdf', PDF_MINI), uploadAs('admin', 'manual', 'b.pdf', PDF_MINI)]);
    const results = await Promise.all(
      [a, b].map((f) => req('admin', 'PUT', '/uac/v1/operationManual/update', { id, title: '并发手册', roleIds: [buyerRole], fileId: f.id })),
    );
    // each either made the next version or was told to refresh (when it read the manual before the other's commit)
    for (const r of results) expect([200, 40009]).toContain(r.body.code);
    const made = results.filter((r) => r.body.code === 200).map((r) => r.body.data.version as number);
    const versions = await db().selectFrom('operation_manual_version').select('version').where('manual_id', '=', id).orderBy('version').execute();
    expect(versions.map((v) => v.version)).toEqual([1, ...made.sort()]);
    expect(new Set(made).size).toBe(made.length);
  });
});
