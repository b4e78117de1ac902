/** TanStack Query keys of 单位折扣 and what its dialog offers. */
export const discountKeys = {
  all: ['supplier', 'deptDiscount'] as const,
  institutes: ['supplier', 'deptDiscount', 'institutes'] as const,
  depts: (instituteId: number | undefined) => ['supplier', 'deptDiscount', 'depts', instituteId] as const,
  items: (search: string) => ['supplier', 'deptDiscount', 'items', search] as const,
};
