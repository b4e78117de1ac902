import { Perm } from '@kc/contracts/platform/permissions';
import { hasPerm } from '../../../lib/access.ts';
import { ACCOUNT_TYPE, getPendingLogin, getToken } from '../../../lib/session.ts';
import { useUserAllInfo } from '../../../lib/session-queries.ts';

/**
 * Whether the visitor may use the cart: logged in with the login finished, on the buyer side.
 * Suppliers see the public mall pages too, but the server refuses them the cart.
 */
export function isShopper(): boolean {
  const token = getToken();
  return token !== null && !getPendingLogin() && token.accountType !== ACCOUNT_TYPE.SUPPLIER;
}

/**
 * isShopper, and the account may buy: an institute owner, a checker or a finance officer browses
 * the public mall without a cart (the server would refuse a cart call; the header does not make one).
 */
export function useIsShopper(): boolean {
  const shopper = isShopper();
  const { data: info } = useUserAllInfo();
  return shopper && hasPerm(info, Perm.ORDER_BUY);
}
