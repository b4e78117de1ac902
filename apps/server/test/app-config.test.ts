import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { demoSessions } from './support/sessions.ts';

/** App page and version config: scope per institute, and at most one active per institute and kind (a unique index), under concurrency. */
let t: TestApp;
const { req } = demoSessions(() => t);
const { instituteId } = lookups(() => t);
let iccas: number;
let simm: number;
const page = (over: Record<string, unknown> = {}) => ({
  title: '化学所 App 登录页',
  payload: { loginBackground: 'https://cdn.example.cn/app/login.png', banners: [], notice: '' },
  ...over,
});
const version = (v: string, over: Record<string, unknown> = {}) => ({
  title: `安卓 ${v}`,
  payload: {
    platform: 'android',
    version: v,
    build: Number(v.replace(/\./g, '')),
    downloadUrl: `https://cdn.example.cn/app/keyan-${v}.apk`,
    forceUpdate: false,
    notes: '修复已知问题',
  },
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  iccas = await instituteId('ICCAS');
  simm = await instituteId('SIMM');
});
afterAll(() => t?.close());

describe('app page config', () => {
  it('an institute owner manages only its own; the platform any and the default', async () => {
    expect((await req('owner1', 'POST', '/mall/v1/appPageConfig/add', page({ instituteId: simm }))).body.code).toBe(40300);
    expect((await req('buyer1', 'POST', '/mall/v1/appPageConfig/add', page())).body.code).toBe(40300);
    const mine = (await req('owner1', 'POST', '/mall/v1/appPageConfig/add', page())).body.data.id;
    const theirs = (await req('owner2', 'POST', '/mall/v1/appPageConfig/add', page({ title: '药物所 App 登录页' }))).body.data.id;
    const platform = (await req('admin', 'POST', '/mall/v1/appPageConfig/add', page({ title: '平台默认登录页' }))).body.data.id;
    expect((await req('owner1', 'POST', `/mall/v1/appPageConfig/start/${theirs}`)).body.code).toBe(404);
    expect((await req('owner1', 'DELETE', `/mall/v1/appPageConfig/delete/${theirs}`)).body.code).toBe(404);
    const list = (await req('owner1', 'GET', '/mall/v1/appPageConfig/page')).body.data.records as { id: number; instituteId: number }[];
    expect(list.map((r) => r.id)).toEqual([mine]);
    expect((await req('admin', 'POST', `/mall/v1/appPageConfig/start/${platform}`)).body.code).toBe(200);
    // 化学所 has none active: the app gets the platform default, then its own
    expect((await req('buyer1', 'GET', `/mall/v1/appPageConfig/noauth/valid?instituteId=${iccas}`)).body.data.id).toBe(platform);
    expect((await req('owner1', 'POST', `/mall/v1/appPageConfig/start/${mine}`)).body.code).toBe(200);
    expect((await req('buyer1', 'GET', `/mall/v1/appPageConfig/noauth/valid?instituteId=${iccas}`)).body.data.id).toBe(mine);
    expect((await req('owner1', 'DELETE', `/mall/v1/appPageConfig/delete/${mine}`)).body.message).toContain('请先停用');
  });

  it('two starts at once for one institute and kind: one wins, the index refuses the other', async () => {
    const ids: number[] = [];
    for (const v of ['3.0.0', '3.0.1', '3.0.2']) ids.push((await req('owner2', 'POST', '/mall/v1/appVersionConfig/add', version(v))).body.data.id);
    const results = await Promise.all(ids.map((id) => req('owner2', 'POST', `/mall/v1/appVersionConfig/start/${id}`)));
    expect(results.map((r) => r.body.code).sort()).toEqual([200, 40009, 40009]);
    const active = await t.ctx.database.db
      .selectFrom('app_config')
      .select('id')
      .where('institute_key', '=', simm)
      .where('kind', '=', 'version:android')
      .where('status', '=', 1)
      .execute();
    expect(active).toHaveLength(1);
    // an iOS version is another kind: it starts alongside
    const ios = (await req('owner2', 'POST', '/mall/v1/appVersionConfig/add', version('3.0.0', { payload: { ...version('3.0.0').payload, platform: 'ios' } })))
      .body.data.id;
    expect((await req('owner2', 'POST', `/mall/v1/appVersionConfig/start/${ios}`)).body.code).toBe(200);
    const latest = (await req('buyer2', 'GET', `/mall/v1/appVersionConfig/noauth/valid?instituteId=${simm}&platform=android`)).body.data;
    expect(latest.id).toBe(active[0].id);
    // stop, then another may start
    expect((await req('owner2', 'POST', `/mall/v1/appVersionConfig/stop/${active[0].id}`)).body.code).toBe(200);
    const other = ids.find((id) => id !== active[0].id)!;
    expect((await req('owner2', 'POST', `/mall/v1/appVersionConfig/start/${other}`)).body.code).toBe(200);
    expect((await req('owner2', 'POST', `/mall/v1/appVersionConfig/start/${other}`)).body.code).toBe(40009);
  });

  it('malformed payloads are refused', async () => {
    expect((await req('admin', 'POST', '/mall/v1/appVersionConfig/add', version('3.0'))).body.code).toBe(40000);
    expect((await req('admin', 'POST', '/mall/v1/appPageConfig/add', page({ payload: { loginBackground: 'not a url' } }))).body.code).toBe(40000);
  });
});
