/** TanStack Query keys of 售后; invalidating `all` refreshes everything below it. */
export const afterSaleKeys = {
  all: ['afterSales'] as const,
  list: (side: 'buyer' | 'supplier') => ['afterSales', side] as const,
  detail: (side: string, id: number | null) => ['afterSales', side, 'detail', id] as const,
  pictures: (side: string, id: number | null) => ['afterSales', side, 'pictures', id] as const,
  applicable: (subOrderId: number | null | undefined) => ['afterSales', 'applicable', subOrderId] as const,
};
