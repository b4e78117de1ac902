import type { DeptOption, UserAllInfo } from '@kc/contracts/identity/uac';
import { StorageKey, storage } from '../../../lib/storage.ts';

/** What the platform's administrators work for: department 1 is theirs by design, not an unverified buyer's. */
export const PLATFORM_UNIT = '科研采购平台（平台运营）';

/** Name of the user's current unit: from the user's departments, else the stored choice. */
export function currentUnitName(info: UserAllInfo): string | null {
  const { currentDept, deptVOList } = info.user;
  if (info.user.accountType === 0) return PLATFORM_UNIT;
  if (currentDept == null) return null;
  const fromUser = deptVOList.find((d) => d.id === currentDept)?.deptName;
  if (fromUser) return fromUser;
  const stored = storage.get<DeptOption>(StorageKey.currentDept);
  return stored?.value === currentDept ? stored.label : null;
}
