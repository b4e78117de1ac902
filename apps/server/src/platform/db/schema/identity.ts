import type { Generated } from 'kysely';

/**
 * The identity context's tables for Kysely, grouped by the module that owns (writes) each one in
 * scripts/table-owners.ts. platform/db/schema.ts composes every context's tables into DB; a new
 * table of this context goes here and into IdentityTables.
 */

// identity/account-centre

// ── dictionaries, change requests, app config (migration 035) ──────────────
export interface ChangeRequestTable {
  id: Generated<number>;
  /** 'userInfo' | 'userName' */
  kind: string;
  user_id: number;
  institute_id: number | null;
  old_value: string;
  new_value: string;
  /** the requested user name in lower case while pending review (reserved by a partial unique index) */
  name_key: string | null;
  /** 'pending' | 'approved' | 'rejected' */
  status: string;
  reviewer_id: number | null;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

// identity/api-clients

export interface ApiClientTable {
  id: Generated<number>;
  client_id: string;
  secret_hash: string;
  sign_key: string;
  name: string;
  status: number;
  created_at: string;
  /** the institute this client (an institute's finance system) speaks for (migration 025); null: none */
  institute_id: number | null;
  /** JSON array of scope names the admin granted (migration 036); null: none recorded */
  scopes: string | null;
  rotated_at: string | null;
  revoked_at: string | null;
}

// identity/org (and team, which only the seed writes)

export interface InstituteTable {
  id: Generated<number>;
  name: string;
  code: string;
  status: number;
  created_at: string;
}

export interface DeptTable {
  id: Generated<number>;
  institute_id: number | null;
  parent_id: number | null;
  name: string;
  /** path of ancestor ids like '/3/5/' so "department and below" is a prefix match */
  path: string;
  sort: number;
  status: number;
  created_at: string;
}

export interface TeamTable {
  id: Generated<number>;
  institute_id: number;
  dept_id: number;
  name: string;
  leader_user_id: number | null;
  created_at: string;
}

export interface LimitTable {
  id: Generated<number>;
  /** 'deptCount' | 'instituteUserCount' | 'childAccount' */
  name: string;
  institute_id: number | null;
  value: number;
  updated_at: string;
}

// identity/rbac

export interface RoleTable {
  id: Generated<number>;
  name: string;
  code: string;
  /** 'all' | 'institute' | 'dept' | 'team' | 'self' */
  data_scope: string;
  /** 1 platform side (types 0/1), 2 supplier side */
  side: number;
  /** null: a platform-wide role; set: owned by that institute */
  institute_id: number | null;
  /** null unless owned by one supplier */
  supplier_id: number | null;
  built_in: number;
  remark: string | null;
  created_at: string;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface ResourceTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  /** 'menu' | 'button' (platform side); 'module' | 'function' (supplier side) */
  type: string;
  side: number;
  path: string | null;
  route_name: string | null;
  component: string | null;
  icon: string | null;
  /** named permission a route checks, e.g. 'uac:role:manage' */
  perm_code: string | null;
  sort: number;
  created_at: string;
}

/** An authority: a role's grant of a resource with its per-page flags (docs/domains/identity.md#permission-data). */
export interface AuthorityTable {
  id: Generated<number>;
  role_id: number;
  resource_id: number;
  add_flag: number;
  modify_flag: number;
  delete_flag: number;
  export_flag: number;
  limit_tab: string;
}

// identity/sso

/** Single sign-on (migration 036): an institute's CAS server and how its identities map to accounts. */
export interface SsoCasConfigTable {
  id: Generated<number>;
  institute_id: number;
  code: string;
  cas_base_url: string;
  /** '2.0' (/serviceValidate) or '3.0' (/p3/serviceValidate) */
  cas_version: string;
  service_origin: string;
  /** '' = the authenticated user (<cas:user>) */
  user_attribute: string;
  /** 'user_name' | 'phone_num' | 'email' */
  match_field: string;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface SsoPartnerTable {
  id: Generated<number>;
  code: string;
  name: string;
  target_url: string;
  secret: string;
  institute_id: number | null;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface PrivacyConsentTable {
  id: Generated<number>;
  user_id: number;
  policy_version: string;
  /** 'sso' (the first single-sign-on login) */
  via: string;
  ip: string | null;
  agreed_at: string;
}

// identity/uac

export interface UserTable {
  id: Generated<number>;
  user_name: string;
  password_hash: string;
  real_name: string | null;
  nick: string | null;
  phone_num: string | null;
  email: string | null;
  /** 0 platform admin, 1 buyer, 2 supplier */
  account_type: number;
  /** 1 active, 0 disabled, 2 frozen (too many wrong passwords) */
  status: number;
  verification: number;
  whether_force_modify_password: number;
  institute_id: number | null;
  supplier_id: number | null;
  /** main account of a supplier child account */
  parent_user_id: number | null;
  default_dept_id: number | null;
  current_dept_id: number | null;
  deleted: number;
  created_at: string;
  updated_at: string;
}

export interface UserDeptTable {
  user_id: number;
  dept_id: number;
  team_id: number | null;
}

export interface IdentityTables {
  change_request: ChangeRequestTable;
  api_client: ApiClientTable;
  institute: InstituteTable;
  dept: DeptTable;
  team: TeamTable;
  limit_setting: LimitTable;
  role: RoleTable;
  user_role: UserRoleTable;
  resource: ResourceTable;
  authority: AuthorityTable;
  sso_cas_config: SsoCasConfigTable;
  sso_partner: SsoPartnerTable;
  privacy_consent: PrivacyConsentTable;
  app_user: UserTable;
  user_dept: UserDeptTable;
}
