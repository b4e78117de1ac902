/** TanStack Query keys of 科研服务: the platform's items and requests, a buyer's and a supplier's. */
export const techKeys = {
  browse: ['techServices'] as const,
  requests: ['techRequests'] as const,
  summary: (scope: string) => ['techRequests', 'summary', scope] as const,
  items: ['tsItems'] as const,
  supplierRequests: ['tsRequests'] as const,
};
