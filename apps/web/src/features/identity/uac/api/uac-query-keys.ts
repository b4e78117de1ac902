/** TanStack Query keys of 用户管理 (the dept tree and roles it offers are the org's and rbac's keys, spelled here). */
export const uacKeys = {
  users: ['uac', 'user'] as const,
  userDetail: (id: number | null) => ['uac', 'user', 'detail', id] as const,
  deptTree: ['uac', 'dept', 'tree'] as const,
  allRoles: ['uac', 'role', 'all'] as const,
};
