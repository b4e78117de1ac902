import type { UserAllInfo } from '@kc/contracts/identity/uac';
import { BUILTIN_ROLE, Perm } from '@kc/contracts/platform/permissions';
import { hasPerm } from '../../../lib/access.ts';

/** Named permissions of the order pages. */
export const ORDER_PERM = {
  BUY: Perm.ORDER_BUY,
  APPROVE: Perm.ORDER_APPROVE,
  CHECK: Perm.ORDER_CHECK,
  FINANCE: Perm.ORDER_FINANCE,
  SUPPLIER_DELIVER: Perm.SUPPLIER_DELIVER,
} as const;

type Info = Pick<UserAllInfo, 'user' | 'limitGroup' | 'functionVOList' | 'authorityList'> | null | undefined;

/** The order roles of a user. Lists are asked only for roles held: the server refuses the others (40300), which would only show an error. */
export function orderRoles(info: Info) {
  const codes = new Set(info?.user.roles.map((r) => r.code) ?? []);
  return {
    userId: info?.user.id ?? 0,
    admin: info?.user.accountType === 0,
    buyer: hasPerm(info, ORDER_PERM.BUY),
    /** may hold grant cards: approves 他人代付 on the cards they are PI of */
    cardHolder: info?.user.accountType === 1 && hasPerm(info, Perm.GRANT_CARD) && hasPerm(info, ORDER_PERM.APPROVE),
    teamLeader: codes.has(BUILTIN_ROLE.TEAM_LEADER),
    instituteOwner: codes.has(BUILTIN_ROLE.INSTITUTE_OWNER),
    checker: codes.has(BUILTIN_ROLE.CHECKER),
    finance: codes.has(BUILTIN_ROLE.FINANCE),
    supplier: info?.user.accountType === 2,
  };
}
export type OrderRoles = ReturnType<typeof orderRoles>;
