/** TanStack Query keys of the dashboards (the cart count is the mall's key, spelled here). */
export const dashboardKeys = {
  cartNum: ['mall', 'cart', 'num'] as const,
  todo: (path: string, query: Record<string, string>) => ['dashboard', 'todo', path, query] as const,
  recent: ['dashboard', 'recent'] as const,
  supplierMonth: (monthStart: string) => ['dashboard', 'supplier-month', monthStart] as const,
};
