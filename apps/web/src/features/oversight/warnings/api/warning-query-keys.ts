/** TanStack Query keys of 预警; invalidating `all` refreshes everything below it. */
export const warningKeys = {
  all: ['warnings'] as const,
  /** the header badge */
  openCount: ['warnings', 'open-count'] as const,
  duplicates: (itemIds: number[]) => ['warnings', 'duplicates', itemIds] as const,
  rules: ['warningRules'] as const,
  instituteRules: (instituteId: number) => ['warningRules', instituteId] as const,
};
