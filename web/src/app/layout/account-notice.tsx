import type { UserDto } from '@touchline/shared';
import { Info, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { apiRequest } from '@/lib/api-client';

/**
 * What changed about the coach's account while they were away (a team admin removed them or changed their role),
 * at the top of every page until they dismiss it. Live too: the account's change reaches an open app, which
 * refreshes the user.
 */
export function AccountNotice() {
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const [busy, setBusy] = useState(false);
  if (!user?.notice) return null;
  const dismiss = async () => {
    setBusy(true);
    try {
      setUser(await apiRequest<UserDto>('DELETE', '/api/auth/notice'));
    } catch {
      // Shown again on the next visit; nothing is lost.
      setBusy(false);
    }
  };
  return (
    <div
      role="status"
      data-testid="account-notice"
      className="mx-4 mt-4 flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800 md:mx-8"
    >
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
      <p className="min-w-0 flex-1">{user.notice}</p>
      <Button type="button" variant="ghost" size="icon" aria-label="Dismiss this notice" disabled={busy} onClick={() => void dismiss()}>
        <X className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}
