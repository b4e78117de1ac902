import type { UserAllInfo } from '@kc/contracts/uac';

/** Named permissions the web checks (the server's codes, mirrored; DESIGN.md "Permission first, by name"). */
export const PERM = {
  ORDER_BUY: 'mall:order:buy',
  FAVORITE: 'mall:favorite',
  NOTICE_MANAGE: 'content:notice:manage',
  PAGE_MANAGE: 'content:page:manage',
  HELP_MANAGE: 'content:help:manage',
  SUPPLIER_REVIEW: 'uac:supplier:review',
} as const;

/** The user holds the named permission (limitGroup on the buyer side, functionVOList on the supplier side). */
export function hasPerm(info: Pick<UserAllInfo, 'limitGroup' | 'functionVOList'> | null | undefined, code: string): boolean {
  if (!info) return false;
  return info.limitGroup.includes(code) || info.functionVOList.some((f) => f.functionCode === code);
}

/** Per-page flags of SPEC.md §3 (add, modify, delete, export, permitted tabs) for the resource behind a permission code. */
export function pageFlags(info: Pick<UserAllInfo, 'authorityList'> | null | undefined, code: string) {
  const a = info?.authorityList.find((x) => x.permCode === code);
  return {
    add: !!a?.addJurisdiction,
    modify: !!a?.modifyJurisdiction,
    delete: !!a?.deleteJurisdiction,
    export: !!a?.exportJurisdiction,
    tabs: a?.limitTab ? a.limitTab.split(',').filter(Boolean) : [],
  };
}
