import { PLATFORM_DEPT_ID } from '../app/navigation-guard.ts';

/** docs/domains/platform.md#watermark: the watermark is tiled in cells of 340 by 120. */
export const WATERMARK_TILE = { width: 340, height: 120 } as const;

export interface WatermarkSubject {
  accountType: number;
  userName: string;
  realName: string | null;
  nick: string | null;
  /** 1 once real-name information was approved (用户信息审核) */
  verification: number;
  deptVOList: { id: number }[];
}

export interface WatermarkContext {
  /** the logged-in user, or null */
  user: WatermarkSubject | null;
  /** the current path is the login page */
  loginRoute: boolean;
  /** the current path is a print page */
  printRoute: boolean;
}

/**
 * docs/domains/platform.md#watermark: logged-in non-supplier users whose first department is the platform department
 * (id 1) see the watermark; never on the login or print pages. The department marks a buyer-side
 * account not yet placed in an institute (平台直属，未认证); the platform's own administrators
 * belong there by design and are not marked. Like the real-name flag (docs/domains/identity.md#real-name), the mark goes
 * once the account is verified: its real-name information was approved in 用户信息审核.
 */
export function shouldShowWatermark({ user, loginRoute, printRoute }: WatermarkContext): boolean {
  if (!user || loginRoute || printRoute) return false;
  if (user.accountType !== 1) return false;
  return user.deptVOList[0]?.id === PLATFORM_DEPT_ID && !user.verification;
}

/** Real name (or nick) plus login name. */
export function watermarkText(user: Pick<WatermarkSubject, 'userName' | 'realName' | 'nick'>): string {
  const name = user.realName?.trim() || user.nick?.trim();
  return name ? `${name} ${user.userName}` : user.userName;
}
