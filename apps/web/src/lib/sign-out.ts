import { api } from './api-client.ts';
import { endSession } from './session.ts';

/** 退出登录 DELETE /uac/v1/caas-user/logout */
function logout(): Promise<null> {
  return api.delete<null>('/uac/v1/caas-user/logout', undefined, { silent: true });
}

/** Ends the session on the server (best effort), then clears it here and goes to /login. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // The local session ends anyway.
  }
  endSession();
}
