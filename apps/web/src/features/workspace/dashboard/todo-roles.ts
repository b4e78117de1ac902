import type { UserAllInfo } from '@kc/contracts/identity/uac';
import { BUILTIN_ROLE, Perm } from '@kc/contracts/platform/permissions';
import { hasPerm } from '../../../lib/access.ts';

type Info = Pick<UserAllInfo, 'user' | 'limitGroup' | 'functionVOList' | 'authorityList'>;

/** Which to-do lists the caller has: only lists the server would answer for them are asked. */
export function todoRoles(info: Info) {
  const codes = new Set(info.user.roles.map((r) => r.code));
  return {
    // the platform admin holds every permission but buys nothing: the buyer's tiles are for buyer accounts
    buyer: info.user.accountType === 1 && hasPerm(info, Perm.ORDER_BUY),
    // a grant card's PI approving 他人代付 on it (from the 订单审批 page, so an approver's menu too)
    cardHolder: info.user.accountType === 1 && hasPerm(info, Perm.GRANT_CARD) && hasPerm(info, Perm.ORDER_APPROVE),
    teamLeader: codes.has(BUILTIN_ROLE.TEAM_LEADER),
    instituteOwner: codes.has(BUILTIN_ROLE.INSTITUTE_OWNER),
    checker: codes.has(BUILTIN_ROLE.CHECKER),
    finance: codes.has(BUILTIN_ROLE.FINANCE),
    supplier: info.user.accountType === 2,
    supplierAfterSale: info.user.accountType === 2 && hasPerm(info, Perm.SUPPLIER_AFTER_SALE),
    supplierReview: hasPerm(info, Perm.SUPPLIER_REVIEW),
    itemReview: hasPerm(info, Perm.ITEM_REVIEW),
    contractReview: hasPerm(info, Perm.CONTRACT_REVIEW),
    qualificationReview: hasPerm(info, Perm.QUALIFICATION_REVIEW),
    shopReview: hasPerm(info, Perm.SHOP_REVIEW),
  };
}
export type OrderRoles = ReturnType<typeof todoRoles>;
