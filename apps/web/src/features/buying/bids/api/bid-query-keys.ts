/** TanStack Query keys of 竞价; invalidating `all` refreshes everything below it. */
export const bidKeys = {
  all: ['bids'] as const,
  projects: ['bids', 'projects'] as const,
  detail: (id: number | null) => ['bids', 'detail', id] as const,
  print: (id: number | null, state: string | undefined) => ['bids', 'print', id, state] as const,
  supplier: ['bids', 'supplier'] as const,
  supplierList: ['bids', 'supplier', 'list'] as const,
  supplierDetail: (id: number | null) => ['bids', 'supplier', 'detail', id] as const,
  suppliers: ['bids', 'suppliers'] as const,
  addresses: ['bids', 'addresses'] as const,
};
