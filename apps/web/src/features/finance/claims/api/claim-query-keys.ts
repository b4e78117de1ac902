/** TanStack Query keys of 报销; invalidating `all` refreshes everything below it. */
export const claimKeys = {
  all: ['claims'] as const,
  detail: (id: number | null) => ['claims', 'detail', id] as const,
  print: (id: number | null, kind: string, copy: unknown) => ['claims', 'print', id, kind, copy] as const,
  claimable: ['claims', 'claimable'] as const,
  setting: ['claims', 'setting'] as const,
  merged: (status: string, qrcode: string) => ['claims', 'merged', status, qrcode] as const,
  /** the list pages' heads (their requests are appended) */
  everyone: ['claims', 'all'] as const,
  mine: ['claims', 'mine'] as const,
  mineCounts: ['claims', 'mine', 'counts'] as const,
  approve: ['claims', 'approve'] as const,
  approveCounts: ['claims', 'approve', 'counts'] as const,
  finance: ['claims', 'finance'] as const,
  financeAuth: ['claims', 'financeAuth'] as const,
  supplier: ['claims', 'supplier'] as const,
  supplierDetail: (id: number | null) => ['claims', 'supplier', 'detail', id] as const,
};
