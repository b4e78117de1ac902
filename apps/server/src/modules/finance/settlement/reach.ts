import { Perm } from '@kc/contracts/platform/permissions';
import type { Caller } from '../../../platform/auth/access.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { Reach } from './statements.repository.ts';

/**
 * Whose statements and payments a caller reaches: a supplier account its own company's; the
 * platform admin (data scope all) every institute's; institute finance only its institute's.
 * Anyone else is refused before any query.
 */
export function reachOf(c: Caller): Reach {
  if (c.accountType === 2) {
    if (c.supplierId === null) return fail('FORBIDDEN', '当前账号不属于任何供应商');
    return { instituteId: null, supplierId: c.supplierId };
  }
  if (!c.perms.has(Perm.SETTLE_FINANCE)) return fail('FORBIDDEN', '您没有对账结算权限');
  if (c.dataScope === 'all') return { instituteId: null, supplierId: null };
  if (c.instituteId === null) return fail('FORBIDDEN', '请先选择所在单位');
  return { instituteId: c.instituteId, supplierId: null };
}
