import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { changePlan } from '@/features/auth/auth-actions';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/**
 * Keeps sessions' statuses and the coach's plan live while they are signed in; signing out closes the stream. The
 * stream's code loads only then, so a visitor's first page does not carry it.
 */
export function LiveSessionUpdates() {
  const queryClient = useQueryClient();
  const userId = useAuthStore((s) => s.user?.id);
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    import('@/lib/session-events')
      .then(({ watchSessionEvents }) =>
        controller.signal.aborted ? undefined : watchSessionEvents(queryClient, controller.signal, () => changePlan().catch(() => undefined)),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [queryClient, userId]);
  return null;
}
