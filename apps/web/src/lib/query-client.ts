import { QueryClient } from '@tanstack/react-query';

/** One cache for the whole app; failures are already reported by the api client, so no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
