/** TanStack Query keys of 部门管理 and 限额设置 (the user page reads the same dept tree). */
export const orgKeys = {
  deptTree: ['uac', 'dept', 'tree'] as const,
  instituteTree: (instituteId: number | null) => ['uac', 'dept', 'tree', instituteId] as const,
  institutes: ['uac', 'dept', 'institutes'] as const,
  limits: ['uac', 'limit'] as const,
  limitDefaults: ['uac', 'limit', 'defaults'] as const,
};
