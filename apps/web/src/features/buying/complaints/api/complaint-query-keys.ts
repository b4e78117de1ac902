/** TanStack Query keys of 投诉; invalidating `all` refreshes everything below it. */
export const complaintKeys = {
  all: ['complaints'] as const,
  list: (side: string) => ['complaints', side] as const,
  detail: (side: string, id: number | null) => ['complaints', side, 'detail', id] as const,
  suppliers: ['complaints', 'suppliers'] as const,
};
