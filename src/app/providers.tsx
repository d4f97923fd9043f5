import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as defaultClient } from '../lib/query-client';
import { Toaster } from '../ui/Toaster';

/** App-wide providers: server state (TanStack Query) and the notice viewport. */
export function Providers({ children, client = defaultClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
