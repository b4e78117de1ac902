import type { TokenAnswer } from '@kc/contracts/identity/uac';
import { queryClient } from '../../../../lib/query-client.ts';
import { homePathFor, markActivity, saveToken, setPendingLogin } from '../../../../lib/session.ts';
import { StorageKey, storage } from '../../../../lib/storage.ts';

/**
 * Keeps the token answer of a single-sign-on login exactly as the login page keeps a password
 * login's, and says where to go: the unit choice of the login page when the account has several
 * units and no default, else the home of its side.
 */
export function enterSession(answer: TokenAnswer): string {
  queryClient.clear();
  saveToken(answer);
  markActivity();
  if (answer.currentDept) storage.set(StorageKey.currentDept, answer.currentDept);
  if (answer.whetherSelectDept) {
    setPendingLogin({ step: 'dept', options: answer.optionalDeptList });
    return '/login';
  }
  setPendingLogin(null);
  return homePathFor(answer.user.accountType);
}
