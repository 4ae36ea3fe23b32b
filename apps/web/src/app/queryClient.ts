import { QueryClient } from '@tanstack/react-query';

/** Errors are already shown by the API client (one toast), so queries do not retry or refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
