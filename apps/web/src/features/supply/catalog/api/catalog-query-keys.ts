/** TanStack Query keys of the supplier's 商品管理 and the platform's 商品审核; invalidating `items` refreshes the list and its drawers. */
export const catalogKeys = {
  items: ['supplier', 'item'] as const,
  duplicates: ['supplier', 'item', 'duplicates'] as const,
  history: (itemId: number | undefined) => ['supplier', 'item', 'history', itemId] as const,
  proposals: ['supplier', 'item', 'proposals'] as const,
  sales: ['supplier', 'sales'] as const,
  priceImports: ['supplier', 'priceImports'] as const,
  /** every import shown (its figures and rows) */
  priceImportAll: ['supplier', 'priceImport'] as const,
  priceImport: (id: number | null) => ['supplier', 'priceImport', id] as const,
  priceImportRows: (id: number | null, filter: string) => ['supplier', 'priceImport', id, 'rows', filter] as const,
  review: ['supplier', 'itemPre', 'review'] as const,
  /** the mall's brands and category tree, offered when proposing an item */
  brands: ['mall', 'brands'] as const,
  categoryTree: ['mall', 'categoryTree'] as const,
};
