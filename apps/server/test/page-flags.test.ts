import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { demoSessions } from './support/sessions.ts';

/**
 * Page flags (docs/domains/identity.md#permission-data: add, modify, delete, export) bind the server as they bind the buttons:
 * a role granted a page without a flag is refused that action, whatever the web shows.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const { userId, resourceId, instituteId } = lookups(() => t);

beforeAll(async () => {
  t = await createTestApp();
  // a notice editor who may add and edit but not delete
  const made = await req('admin', 'POST', '/uac/v1/role/add', {
    name: '公告编辑',
    code: 'notice_editor',
    dataScope: 'self',
    instituteId: await instituteId('ICCAS'),
  });
  expect(made.status).toBe(200);
  const authority = {
    resourceId: await resourceId('content:notice:manage'),
    addJurisdiction: true,
    modifyJurisdiction: true,
    deleteJurisdiction: false,
    exportJurisdiction: false,
    limitTab: '',
  };
  expect((await req('admin', 'POST', '/uac/v1/auth/save', { roleId: made.body.data.id, authorities: [authority] })).status).toBe(200);
  const uid = await userId('buyer1');
  const current = (await req('admin', 'GET', `/uac/v1/role/userRoles/${uid}`)).body.data.roleIds;
  expect((await req('admin', 'POST', '/uac/v1/role/setUserRoles', { userId: uid, roleIds: [...current, made.body.data.id] })).status).toBe(200);
});
afterAll(() => t.close());

describe('page flags on the server', () => {
  it('allows the flagged actions and refuses the others with the flag named', async () => {
    const added = await req('buyer1', 'POST', '/uac/v1/notice/add', {
      title: '关于危化品领用登记的通知',
      content: '<p>请各课题组于本周五前完成登记。</p>',
      type: 1,
    });
    expect(added.body.code).toBe(200);
    const id = added.body.data.id;
    const del = await req('buyer1', 'DELETE', `/uac/v1/notice/delete/${id}`);
    expect(del.body.code).toBe(40300);
    expect(del.body.message).toBe('您没有该页面的删除权限');
    // the platform admin holds every flag
    expect((await req('admin', 'DELETE', `/uac/v1/notice/delete/${id}`)).body.code).toBe(200);
  });
});
