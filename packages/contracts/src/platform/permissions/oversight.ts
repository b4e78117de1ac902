/**
 * The oversight context's named permissions: export records and warnings. platform/permissions.ts
 * composes every context's into Perm.
 */
export const OVERSIGHT_PERMS = {
  // oversight/exports
  /** 导出记录 (the buyer side's own asynchronous exports; the institute's for owner and finance) */
  EXPORT_RECORD: 'mall:export:record',
  // oversight/warnings
  /** 预警管理: the warnings in the caller's data scope (acknowledge, resolve, snooze) */
  WARNING_VIEW: 'mall:warning:view',
  /** 预警规则: the institute's rule thresholds (the institute owner; the platform admin for any institute) */
  WARNING_RULE: 'mall:warning:rule',
} as const;
