import { ACCOUNT_TYPE, getPendingLogin, getToken } from '../../lib/session.ts';

/**
 * Whether the visitor may use the cart: logged in with the login finished, on the buyer side.
 * Suppliers see the public mall pages too, but a cart call would answer 403 and end their session.
 */
export function isShopper(): boolean {
  const token = getToken();
  return token !== null && !getPendingLogin() && token.accountType !== ACCOUNT_TYPE.SUPPLIER;
}
