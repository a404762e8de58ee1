import { useEffect, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { startAuth } from '@/features/auth/auth-bootstrap';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/** Starts the identity client and shows a spinner until the auth state is initialised (docs/product-spec.md §2). */
export function AuthGate({ children }: { children: ReactNode }) {
  const isInitialized = useAuthStore((s) => s.isInitialized);
  useEffect(() => {
    void startAuth();
  }, []);
  if (!isInitialized) return <Spinner className="min-h-screen" label="Starting" />;
  return children;
}
