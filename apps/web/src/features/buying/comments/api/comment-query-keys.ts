/** TanStack Query keys of 评价; invalidating `all` refreshes everything below it. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (side: string) => ['comments', side] as const,
  order: (orderId: number | null | undefined) => ['comments', 'order', orderId] as const,
};
