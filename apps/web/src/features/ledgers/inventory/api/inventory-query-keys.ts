/** TanStack Query keys of 库存; invalidating `all` refreshes everything below it. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  detail: (id: number | null) => ['inventory', 'detail', id] as const,
  containers: ['inventory', 'containers'] as const,
  locations: ['inventory', 'locations'] as const,
  enabledLocations: ['inventory', 'locations', 'enabled'] as const,
  people: (keyword: string) => ['inventory', 'people', keyword] as const,
  slip: (id: number | null) => ['inventory', 'slip', id] as const,
  stocktakes: ['inventory', 'stocktakes'] as const,
  stocktake: (id: number | null) => ['inventory', 'stocktake', id] as const,
};
