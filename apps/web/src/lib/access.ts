import type { UserAllInfo } from '@kc/contracts/identity/uac';

/** The user holds the named permission (limitGroup on the buyer side, functionVOList on the supplier side). */
export function hasPerm(info: Pick<UserAllInfo, 'limitGroup' | 'functionVOList'> | null | undefined, code: string): boolean {
  if (!info) return false;
  return info.limitGroup.includes(code) || info.functionVOList.some((f) => f.functionCode === code);
}

/** Per-page flags of docs/domains/identity.md#permission-data (add, modify, delete, export, permitted tabs) for the resource behind a permission code. */
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
