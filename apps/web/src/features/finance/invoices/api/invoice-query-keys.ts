/** TanStack Query keys of 发票; invalidating `all` refreshes everything below it. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  /** the supplier's 发票管理 list head */
  supplier: ['invoices', 'supplier'] as const,
  subOrder: (subOrderId: number) => ['invoices', 'subOrder', subOrderId] as const,
};
