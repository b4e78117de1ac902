/** TanStack Query keys of 接口客户端. */
export const apiClientKeys = {
  all: ['apiClients'] as const,
  institutes: ['apiClients', 'institutes'] as const,
};
