/**
 * The identity context's named permissions: users, roles, resources, departments, single sign-on,
 * API clients and account reviews. platform/permissions.ts composes every context's into Perm.
 */
export const IDENTITY_PERMS = {
  // identity/account-centre
  /** 用户信息审核 (platform: all; institute owner: its own institute's users) */
  USER_INFO_REVIEW: 'uac:userInfo:review',
  /** 用户名审核 and the admin's direct rename */
  USER_NAME_REVIEW: 'uac:userName:review',
  // identity/api-clients
  /** 接口客户端: API credentials issued to other systems */
  API_CLIENT_MANAGE: 'uac:apiClient:manage',
  // identity/org
  DEPT_MANAGE: 'uac:dept:manage',
  LIMIT_MANAGE: 'uac:limit:manage',
  // identity/rbac
  ROLE_MANAGE: 'uac:role:manage',
  RESOURCE_MANAGE: 'uac:resource:manage',
  // identity/sso
  /** 单点登录: the institutes' CAS servers and the partner systems users are handed to */
  SSO_MANAGE: 'uac:sso:manage',
  // identity/uac
  USER_VIEW: 'uac:user:view',
  USER_MANAGE: 'uac:user:manage',
} as const;
