import { DEFAULT_MESSAGES } from '@touchline/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Page } from '@/components/layout/page';
import { CoachSquad } from '@/components/squad/coach-squad';
import { Button } from '@/components/ui/button';
import { PlanBadge } from '@/components/ui/plan-badge';
import { PlanRequestNotice } from '@/components/layout/plan-request-notice';
import { toast } from '@/components/ui/use-toast';
import { TrialStatus } from '@/components/trial-status';
import { startPasswordChange } from '../auth-actions';
import { authErrorMessage } from '../auth-messages';
import { useAuthStore } from '../stores/auth-store';

export default function ProfileScreen() {
  const user = useAuthStore((s) => s.user);
  const [busy, setBusy] = useState(false);

  async function changePassword() {
    setBusy(true);
    try {
      await startPasswordChange();
    } catch (e) {
      toast({
        title: DEFAULT_MESSAGES.passwordUpdate,
        description: authErrorMessage(e, () => DEFAULT_MESSAGES.passwordUpdate, DEFAULT_MESSAGES.passwordUpdate),
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  return (
    <Page title="Profile">
      {user && (
        <dl className="grid max-w-xl grid-cols-[8rem_1fr] gap-y-3 rounded-xl border border-slate-200 bg-white p-6 text-sm">
          <dt className="text-slate-500">Username</dt>
          <dd className="min-w-0 font-medium break-words text-slate-900">{user.username}</dd>
          <dt className="text-slate-500">Email</dt>
          {/* A long address wraps on a phone instead of widening the page. */}
          <dd className="min-w-0 font-medium [overflow-wrap:anywhere] text-slate-900">{user.email}</dd>
          <dt className="text-slate-500">Plan</dt>
          <dd>
            <PlanBadge plan={user.plan} />
          </dd>
          {user.eliteRole && (
            <>
              <dt className="text-slate-500">Team role</dt>
              <dd className="font-medium text-slate-900">{user.eliteRole}</dd>
            </>
          )}
        </dl>
      )}
      <PlanRequestNotice user={user} className="mt-4 max-w-xl" />
      <TrialStatus plan={user?.plan} className="mt-4 max-w-xl" />
      <section className="mt-8 max-w-xl rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold text-slate-900">Password</h2>
        <p className="mt-1 text-sm text-slate-600">You confirm your current password first, then choose a new one of at least 6 characters.</p>
        <Button className="mt-4" onClick={changePassword} disabled={busy}>
          <KeyRound className="h-4 w-4" aria-hidden /> Change password
        </Button>
      </section>
      <section aria-labelledby="squad-heading" className="mt-8 max-w-xl rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="squad-heading" className="text-lg font-semibold text-slate-900">
          Squad
        </h2>
        <CoachSquad />
      </section>
    </Page>
  );
}
