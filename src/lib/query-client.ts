import { QueryClient } from '@tanstack/react-query';

const MINUTE = 60_000;

/** Global defaults of docs/product.md section 9: 5 minutes fresh, 30 minutes kept, no retries, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 30 * MINUTE,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
