/** TanStack Query keys of 角色管理 and 资源管理. */
export const rbacKeys = {
  roles: ['uac', 'role'] as const,
  auth: (roleId: number) => ['uac', 'auth', roleId] as const,
  resources: ['uac', 'resource'] as const,
};
