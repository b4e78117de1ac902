/** TanStack Query keys of 子账号 and 供应商审核. */
export const supplierKeys = {
  childUsers: ['supplier', 'childUser'] as const,
  childUserRoles: ['supplier', 'childUser', 'roles'] as const,
  review: ['supplier', 'review'] as const,
};
