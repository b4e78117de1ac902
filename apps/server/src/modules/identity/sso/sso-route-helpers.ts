import { Perm } from '../../../platform/auth/access.ts';

/** The OpenAPI group of the single sign-on routes. */
export const SSO_TAGS = ['单点登录'];
/** the admin's CAS and partner configuration */
export const SSO_MANAGE = { perm: Perm.SSO_MANAGE };
