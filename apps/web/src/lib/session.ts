import type { DeptOption, TokenAnswer } from '@kc/contracts/identity/uac';
import { currentPath, navigateTo } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { sha256Hex } from './request-signing.ts';
import { StorageKey, storage, TTL } from './storage.ts';

/** Account types (docs/domains/identity.md#account-types): 0 platform admin (acts as buyer), 1 buyer, 2 supplier. */
export const ACCOUNT_TYPE = { ADMIN: 0, BUYER: 1, SUPPLIER: 2 } as const;

export const BUYER_HOME = '/cass/dashbord';
export const SUPPLIER_HOME = '/cassSupplier/dashbord';
export const LOGIN_PATH = '/login';

/** The stored token record (kept 2 h, renewed on every refresh). */
export interface TokenRecord {
  accessToken: string;
  tokenType: string;
  refreshToken: string;
  /** key for signing the calls of this session */
  signKey: string;
  /** epoch ms when the access token expires */
  expire: number;
  accountType: number;
  /** SHA-256 of the login name (docs/domains/identity.md#user-info keeps it hashed): tells the guard a user is present without storing the name */
  userName?: string;
}

/** A login that still needs a step before entering (survives a reload of /login). */
export type PendingLogin = { step: 'dept'; options: DeptOption[] } | { step: 'password' };

/** Fired on window whenever the session is cleared, so open screens can reset. */
export const SESSION_ENDED_EVENT = 'kc:session-ended';

export function getToken(): TokenRecord | null {
  return storage.get<TokenRecord>(StorageKey.token);
}

export function isLoggedIn(): boolean {
  return getToken() !== null;
}

export function saveToken(answer: TokenAnswer): TokenRecord {
  const record: TokenRecord = {
    accessToken: answer.access_token,
    tokenType: answer.token_type,
    refreshToken: answer.refresh_token,
    signKey: answer.sign_key,
    expire: Date.now() + answer.expires_in * 1000,
    accountType: answer.user.accountType,
    userName: sha256Hex(answer.user.userName),
  };
  storage.set(StorageKey.token, record, TTL.token);
  return record;
}

export function homePathFor(accountType: number | null | undefined): string {
  if (accountType === ACCOUNT_TYPE.SUPPLIER) return SUPPLIER_HOME;
  if (accountType === ACCOUNT_TYPE.ADMIN || accountType === ACCOUNT_TYPE.BUYER) return BUYER_HOME;
  return LOGIN_PATH;
}

/** Where '返回首页' leads: the dashboard of the logged-in user, else the login page. */
export function homePath(): string {
  return homePathFor(getToken()?.accountType);
}

export function markActivity(now = Date.now()): void {
  storage.set(StorageKey.lastActivity, now);
}

export function lastActivity(): number | null {
  return storage.get<number>(StorageKey.lastActivity);
}

export function getPendingLogin(): PendingLogin | null {
  return storage.get<PendingLogin>(StorageKey.loginStep);
}

export function setPendingLogin(pending: PendingLogin | null): void {
  if (pending) storage.set(StorageKey.loginStep, pending, TTL.token);
  else storage.remove(StorageKey.loginStep);
}

/** Clears the token, the department data and every cached answer (no server call). */
export function clearSession(): void {
  storage.remove(StorageKey.token);
  storage.remove(StorageKey.currentDept);
  storage.remove(StorageKey.loginStep);
  storage.remove(StorageKey.lastActivity);
  queryClient.clear();
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/** Clears the session and goes to the login page. */
export function endSession(): void {
  clearSession();
  if (currentPath() !== LOGIN_PATH) navigateTo(LOGIN_PATH, { replace: true });
}
