/** TanStack Query keys of 结算; invalidating `all` refreshes everything below it. */
export const settlementKeys = {
  all: ['settlement'] as const,
  detail: (side: string, id: number | null) => ['settlement', 'detail', side, id] as const,
  rules: ['settlement', 'rules'] as const,
  suppliers: ['settlement', 'suppliers'] as const,
  waiting: (supplierId: number | undefined, month: string | undefined, instituteId: number | undefined) =>
    ['settlement', 'waiting', supplierId, month, instituteId] as const,
  /** the list pages' heads (their requests are appended) */
  statements: ['settlement', 'statements'] as const,
  supplierStatements: ['settlement', 'supplier'] as const,
  payments: ['settlement', 'payments'] as const,
  owed: ['settlement', 'owed'] as const,
  settled: ['settlement', 'settled'] as const,
};
