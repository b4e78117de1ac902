import { BUYING_PERMS } from './permissions/buying.ts';
import { FINANCE_PERMS } from './permissions/finance.ts';
import { IDENTITY_PERMS } from './permissions/identity.ts';
import { LEDGERS_PERMS } from './permissions/ledgers.ts';
import { OVERSIGHT_PERMS } from './permissions/oversight.ts';
import { SHARED_PERMS } from './permissions/shared.ts';
import { SITE_PERMS } from './permissions/site.ts';
import { SUPPLY_PERMS } from './permissions/supply.ts';

/**
 * Named permissions and built-in role codes, one table for the server (route access, seeds) and
 * the web (route guards, buttons). A permission is held through a role's grant of the resource
 * carrying it (apps/server/src/db/seed/resources.ts).
 *
 * Each context declares its own codes in permissions/<context>.ts; a new context adds its file and
 * one spread here.
 */
export const Perm = {
  ...SHARED_PERMS,
  ...SITE_PERMS,
  ...LEDGERS_PERMS,
  ...IDENTITY_PERMS,
  ...SUPPLY_PERMS,
  ...BUYING_PERMS,
  ...FINANCE_PERMS,
  ...OVERSIGHT_PERMS,
} as const;
export type PermCode = (typeof Perm)[keyof typeof Perm];

// A name two contexts both declare would be replaced silently by the later spread, and one code
// under two names would make two permissions one: the compiler refuses both.
type ContextPerms = [
  typeof SHARED_PERMS,
  typeof SITE_PERMS,
  typeof LEDGERS_PERMS,
  typeof IDENTITY_PERMS,
  typeof SUPPLY_PERMS,
  typeof BUYING_PERMS,
  typeof FINANCE_PERMS,
  typeof OVERSIGHT_PERMS,
];
type NamesOf<T> = T extends unknown ? keyof T : never;
type CodesOf<T> = T extends unknown ? T[keyof T] : never;
type Repeated<T extends readonly object[]> = T extends readonly [infer H, ...infer R extends readonly object[]]
  ? (keyof H & NamesOf<R[number]>) | (CodesOf<H> & CodesOf<R[number]>) | Repeated<R>
  : never;
type NoneOf<T extends never> = T;
/** The names and codes two contexts both declare: never, or this line does not compile. */
export type RepeatedPerms = NoneOf<Repeated<ContextPerms>>;

/** Codes of the seeded roles; code is how the server recognises a built-in role (the approval chain, 代下单). */
export const BUILTIN_ROLE = {
  PLATFORM_ADMIN: 'platform_admin',
  BUYER: 'buyer',
  TEAM_LEADER: 'team_leader',
  INSTITUTE_OWNER: 'institute_owner',
  CHECKER: 'checker',
  FINANCE: 'finance',
  ASSISTANT: 'assistant',
  SUPPLIER_ADMIN: 'supplier_admin',
  SUPPLIER_STAFF: 'supplier_staff',
} as const;
export type BuiltinRoleCode = (typeof BUILTIN_ROLE)[keyof typeof BUILTIN_ROLE];

/** The steps of the approval chain and the built-in role that binds a user to each. */
export const FLOW_ROLES = ['team', 'institute', 'checker', 'finance'] as const;
export type FlowRole = (typeof FLOW_ROLES)[number];
export const FLOW_ROLE_CODE: Record<FlowRole, BuiltinRoleCode> = {
  team: BUILTIN_ROLE.TEAM_LEADER,
  institute: BUILTIN_ROLE.INSTITUTE_OWNER,
  checker: BUILTIN_ROLE.CHECKER,
  finance: BUILTIN_ROLE.FINANCE,
};
