import { ErrorCodes } from '@kc/contracts/platform/errors';
import { feedback } from './feedback.ts';
import { navigateTo } from './navigation.ts';
import { clearSession, endSession } from './session.ts';
import { StorageKey, storage, TTL } from './storage.ts';

export const MSG_NETWORK = '网络连接异常';
export const MSG_GENERIC = '出错了';
const MSG_TOKEN_TIMEOUT = '令牌超时,请重新登录！';
const MSG_REFRESH_EXPIRED = 'refresh_token已失效';

/** A failed call: HTTP status (0 = no answer), business code, message and data from the envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly data: unknown;
  /** OAuth-style error name ('invalid_token') */
  readonly error: string | undefined;
  constructor(status: number, code: number, message: string, data: unknown = null, error?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
    this.error = error;
  }
}

/** Data of a frozen account (code 10035), handed to /UnFreeze. */
export interface UnfreezeData {
  phoneNum: string | null;
  userName: string;
  id: number;
}

export const UNFREEZE_PATH = '/UnFreeze';

let promptOpen = false;

function promptOnce(title: string, content: string, onOk: () => void): void {
  if (promptOpen) return;
  promptOpen = true;
  feedback.alert(title, content, () => {
    promptOpen = false;
    onOk();
  });
}

/**
 * The error catalogue (docs/domains/platform.md#error-catalogue), in one place. Session-level effects (logout, unfreeze,
 * reload) always happen; `silent` only suppresses the plain error message.
 */
export function handleApiError(err: ApiError, options: { silent?: boolean } = {}): void {
  const { status, code } = err;

  if (status === 0) {
    if (!options.silent) feedback.error(MSG_NETWORK, 'network');
    return;
  }
  if (code === ErrorCodes.NEEDS_CONFIRM.code) return; // 10048: the caller decides, no dialog
  // 40013: the forced password dialog is already open; calls behind it wait for the change quietly
  if (code === ErrorCodes.PASSWORD_CHANGE_REQUIRED.code) return;
  if (code === ErrorCodes.ACCOUNT_FROZEN.code) {
    const data = err.data as UnfreezeData | null;
    if (data?.userName) {
      storage.set<UnfreezeData>(StorageKey.unfreeze, data, TTL.unfreeze);
      feedback.warning(err.message || ErrorCodes.ACCOUNT_FROZEN.message, 'frozen');
      navigateTo(UNFREEZE_PATH, { state: data });
    }
    return;
  }
  if (err.message === MSG_REFRESH_EXPIRED) return; // rejected silently
  if (status === 409) {
    promptOnce('提示', err.message || ErrorCodes.SESSION_CONFLICT.message, endSession);
    return;
  }
  if (status === 410) {
    promptOnce('提示', err.message || ErrorCodes.CLIENT_OUTDATED.message, () => window.location.reload());
    return;
  }
  if (status === 423) {
    clearSession();
    promptOnce('提示', err.message || ErrorCodes.ACCOUNT_LOCKED.message, endSession);
    return;
  }
  if (code === ErrorCodes.SESSION_INVALID.code || status === 401 || status === 403 || err.error === 'invalid_token' || err.message === MSG_TOKEN_TIMEOUT) {
    feedback.warning(err.message || MSG_TOKEN_TIMEOUT, 'session');
    endSession();
    return;
  }
  if (!options.silent) feedback.error(err.message || MSG_GENERIC);
}
