/**
 * The shared context's named permissions: approval flows and dictionaries. platform/permissions.ts
 * composes every context's into Perm.
 */
export const SHARED_PERMS = {
  // shared/approvals
  APPROVAL_MANAGE: 'mall:approval:manage',
  // shared/dicts
  /** 字典管理: the global dictionary types and items (platform) */
  DICT_MANAGE: 'uac:dict:manage',
  /** 研究所字典配置: an institute's overrides and own items (platform: any institute; institute owner: its own) */
  DICT_CONFIG: 'uac:dictConfig:manage',
} as const;
