import type { UserAllInfo } from '@kc/contracts/uac';
import { hasPerm, pageFlags } from '../../lib/access.ts';

/** Named permissions of the order pages (the server's codes). */
export const ORDER_PERM = {
  BUY: 'mall:order:buy',
  APPROVE: 'mall:order:approve',
  CHECK: 'mall:order:check',
  FINANCE: 'mall:order:finance',
  SUPPLIER_DELIVER: 'supplier:order:deliver',
} as const;

/** Built-in role codes that bind a user to a step of the approval chain. */
export const ROLE_CODE = { TEAM_LEADER: 'team_leader', INSTITUTE_OWNER: 'institute_owner', CHECKER: 'checker', FINANCE: 'finance' } as const;

type Info = Pick<UserAllInfo, 'user' | 'limitGroup' | 'functionVOList' | 'authorityList'> | null | undefined;

/** The order roles of a user. Lists are asked only for roles held: the server answers 403 otherwise, which ends the session. */
export function orderRoles(info: Info) {
  const codes = new Set(info?.user.roles.map((r) => r.code) ?? []);
  return {
    userId: info?.user.id ?? 0,
    admin: info?.user.accountType === 0,
    buyer: hasPerm(info, ORDER_PERM.BUY),
    teamLeader: codes.has(ROLE_CODE.TEAM_LEADER),
    instituteOwner: codes.has(ROLE_CODE.INSTITUTE_OWNER),
    checker: codes.has(ROLE_CODE.CHECKER),
    finance: codes.has(ROLE_CODE.FINANCE),
    supplier: info?.user.accountType === 2,
  };
}
export type OrderRoles = ReturnType<typeof orderRoles>;

/** Whether the page behind `permCode` may export (authorityList exportJurisdiction; the platform admin always may). */
export function mayExport(info: Info, permCode: string): boolean {
  if (info?.user.accountType === 0) return true;
  if (info?.user.accountType === 2) return hasPerm(info, permCode);
  return pageFlags(info, permCode).export;
}
