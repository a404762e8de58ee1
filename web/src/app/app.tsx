import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { AuthGate } from './auth-gate';
import { LiveSessionUpdates } from './live-session-updates';
import { AppRouter } from './router';

// The notification area comes in a chunk of its own, off the first page's critical path; notifications raised
// before it arrives wait in the toast store and show as soon as it mounts.
const Toaster = lazy(() => import('@/components/ui/toaster').then(({ Toaster }) => ({ default: Toaster })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthGate>
        <LiveSessionUpdates />
        <AppRouter />
      </AuthGate>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
