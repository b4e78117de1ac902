/**
 * The site context's named permissions: content pages and the admin logs. platform/permissions.ts
 * composes every context's into Perm.
 */
export const SITE_PERMS = {
  // site/admin-logs
  OUTBOX_VIEW: 'uac:outbox:view',
  AUDIT_VIEW: 'uac:audit:view',
  // site/content
  NOTICE_MANAGE: 'content:notice:manage',
  PAGE_CONFIG_MANAGE: 'content:page:manage',
  HELP_MANAGE: 'content:help:manage',
  /** 操作手册: manuals per role, their versions and publication (the platform admin) */
  MANUAL_MANAGE: 'content:manual:manage',
  /** App 页面配置 and App 版本配置 (platform: any institute and the default; institute owner: its own) */
  APP_CONFIG_MANAGE: 'content:app:manage',
} as const;
