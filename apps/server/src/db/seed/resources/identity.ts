import type { ResourceSeed } from './resource-seed.ts';

/**
 * The identity context's pages: users, roles, resources, departments, limits, SSO, API clients and
 * the account reviews (系统管理), and 个人中心. resources.ts places each in the seed's tree.
 */

// identity/account-centre

export const userInfoReview: ResourceSeed = {
  key: 'userInfoReview',
  name: '用户信息审核',
  type: 'menu',
  side: 1,
  path: '/cass/system/userInfoReview',
  routeName: 'systemUserInfoReview',
  component: 'system/user-info-review',
  perm: 'uac:userInfo:review',
};

export const userNameReview: ResourceSeed = {
  key: 'userNameReview',
  name: '用户名审核',
  type: 'menu',
  side: 1,
  path: '/cass/system/userNameReview',
  routeName: 'systemUserNameReview',
  component: 'system/user-name-review',
  perm: 'uac:userName:review',
};

export const personal: ResourceSeed = {
  key: 'personal',
  name: '个人中心',
  type: 'menu',
  side: 1,
  path: '/cass/personal',
  routeName: 'personalCenter',
  component: 'account/personal',
  icon: 'UserOutlined',
};

// identity/api-clients

export const apiClient: ResourceSeed = {
  key: 'apiClient',
  name: '接口客户端',
  type: 'menu',
  side: 1,
  path: '/cass/system/apiClient',
  routeName: 'systemApiClient',
  component: 'system/api-client',
  perm: 'uac:apiClient:manage',
};

// identity/org

export const dept: ResourceSeed = {
  key: 'dept',
  name: '部门管理',
  type: 'menu',
  side: 1,
  path: '/cass/system/dept',
  routeName: 'systemDept',
  component: 'system/dept',
  perm: 'uac:dept:manage',
};

export const limit: ResourceSeed = {
  key: 'limit',
  name: '数量限制',
  type: 'menu',
  side: 1,
  path: '/cass/system/limit',
  routeName: 'systemLimit',
  component: 'system/limit',
  perm: 'uac:limit:manage',
};

// identity/rbac

export const role: ResourceSeed = {
  key: 'role',
  name: '角色管理',
  type: 'menu',
  side: 1,
  path: '/cass/system/role',
  routeName: 'systemRole',
  component: 'system/role',
  perm: 'uac:role:manage',
};

export const resource: ResourceSeed = {
  key: 'resource',
  name: '资源管理',
  type: 'menu',
  side: 1,
  path: '/cass/system/resource',
  routeName: 'systemResource',
  component: 'system/resource',
  perm: 'uac:resource:manage',
};

// identity/sso

export const ssoConfig: ResourceSeed = {
  key: 'ssoConfig',
  name: '单点登录',
  type: 'menu',
  side: 1,
  path: '/cass/system/sso',
  routeName: 'systemSso',
  component: 'system/sso',
  perm: 'uac:sso:manage',
};

// identity/uac

export const user: ResourceSeed = {
  key: 'user',
  name: '用户管理',
  type: 'menu',
  side: 1,
  path: '/cass/system/user',
  routeName: 'systemUser',
  component: 'system/user',
  perm: 'uac:user:view',
  children: [{ key: 'userManage', name: '用户维护', type: 'button', side: 1, perm: 'uac:user:manage' }],
};
