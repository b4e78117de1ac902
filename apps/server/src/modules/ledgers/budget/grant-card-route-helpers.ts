import { Perm } from '../../../platform/auth/access.ts';

/** The OpenAPI group of the 经费卡 routes. */
export const GRANT_CARD_TAGS = ['经费卡'];
/** the 经费卡 page: PI and institute finance (the service scopes what each sees) */
export const GRANT_CARD_VIEW = { perm: Perm.GRANT_CARD };
