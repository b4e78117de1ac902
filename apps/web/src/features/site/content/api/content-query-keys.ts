/**
 * TanStack Query keys of 内容管理's admin pages, beside the ones the public pages share
 * (noticeKeys, manualKeys, helpTreeKey; pageConfigKeys in lib/page-config.ts).
 */
export const contentKeys = {
  noticeList: ['uac', 'notice', 'admin'] as const,
  noticeReaders: (id: number, read: string, userName: string) => ['uac', 'notice', 'readers', id, read, userName] as const,
  /** every page of the public notice list, and of the dashboard's */
  noticePublic: ['uac', 'notice', 'public'] as const,
  noticeDashboard: ['uac', 'notice', 'dashboard'] as const,
  manualList: ['uac', 'operationManual', 'admin'] as const,
  /** every page configuration: the admin list and the started ones the public pages show (lib/page-config.ts) */
  pageConfigAll: ['mall', 'webPageConfig'] as const,
  pageConfigList: ['mall', 'webPageConfig', 'admin'] as const,
  appConfig: ['mall', 'appConfig'] as const,
};
