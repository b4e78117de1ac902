import type { ResourceSeed } from './resource-seed.ts';

/**
 * The site context's pages, all in 系统管理: notices, page and app configuration, help, manuals
 * and the admin's logs (outbox, audit). resources.ts places each in the seed's tree.
 */

// site/admin-logs

export const outbox: ResourceSeed = {
  key: 'outbox',
  name: '短信邮件发件箱',
  type: 'menu',
  side: 1,
  path: '/cass/system/outbox',
  routeName: 'systemOutbox',
  component: 'system/outbox',
  perm: 'uac:outbox:view',
};

export const audit: ResourceSeed = {
  key: 'audit',
  name: '操作日志',
  type: 'menu',
  side: 1,
  path: '/cass/system/audit',
  routeName: 'systemAudit',
  component: 'system/audit',
  perm: 'uac:audit:view',
};

// site/content

export const notice: ResourceSeed = {
  key: 'notice',
  name: '公告管理',
  type: 'menu',
  side: 1,
  path: '/cass/system/notice',
  routeName: 'systemNotice',
  component: 'system/notice',
  perm: 'content:notice:manage',
};

export const pageConfig: ResourceSeed = {
  key: 'pageConfig',
  name: '页面配置',
  type: 'menu',
  side: 1,
  path: '/cass/system/pageConfig',
  routeName: 'systemPageConfig',
  component: 'system/page-config',
  perm: 'content:page:manage',
};

export const operationManual: ResourceSeed = {
  key: 'operationManual',
  name: '操作手册',
  type: 'menu',
  side: 1,
  path: '/cass/system/operationManual',
  routeName: 'systemOperationManual',
  component: 'system/operation-manual',
  perm: 'content:manual:manage',
};

export const helpManage: ResourceSeed = {
  key: 'helpManage',
  name: '帮助中心管理',
  type: 'menu',
  side: 1,
  path: '/cass/system/help',
  routeName: 'systemHelp',
  component: 'system/help',
  perm: 'content:help:manage',
};

export const appConfig: ResourceSeed = {
  key: 'appConfig',
  name: 'App 页面与版本',
  type: 'menu',
  side: 1,
  path: '/cass/system/appConfig',
  routeName: 'systemAppConfig',
  component: 'system/app-config',
  perm: 'content:app:manage',
};
