import { useEffect, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/**
 * Shows a spinner until the auth state is initialised (spec §2). No identity client is configured in this
 * build, so there is never a signed-in session: the first (and only) identity callback clears any user left
 * in storage and marks the app initialised, exactly as the spec's auth listener does for "no session".
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const isInitialized = useAuthStore((s) => s.isInitialized);
  useEffect(() => {
    const { setUser, setInitialized } = useAuthStore.getState();
    setUser(null);
    setInitialized(true);
  }, []);
  if (!isInitialized) return <Spinner className="min-h-screen" label="Starting" />;
  return children;
}
