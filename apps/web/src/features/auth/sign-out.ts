import { endSession } from '../../lib/session.ts';
import { logout } from './api/auth-api.ts';

/** Ends the session on the server (best effort), then clears it here and goes to /login. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // The local session ends anyway.
  }
  endSession();
}
