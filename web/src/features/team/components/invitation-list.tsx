import type { TeamInvitationDto } from '@touchline/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { readApiError } from '@/lib/api-client';
import { useResendInvitation, useRevokeInvitation } from '../api/team-api';
import { formatDateTime } from '@/lib/format';

/** Invitations not yet accepted: resend one (a new link, the old one stops working) or revoke it. */
export function InvitationList({ invitations }: { invitations: TeamInvitationDto[] }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [toRevoke, setToRevoke] = useState<TeamInvitationDto | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const failure = resend.error ?? revoke.error;
  const open = invitations.filter((i) => i.state === 'pending' || i.state === 'expired');

  return (
    <section aria-labelledby="invitations-heading" className="space-y-3">
      <h2 id="invitations-heading" className="text-xl font-semibold text-slate-900">
        Pending invitations
      </h2>
      <FormAlert>{failure && (readApiError(failure)?.message ?? 'The change was not saved. Please try again.')}</FormAlert>
      {resent && (
        <p role="status" className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          A new invitation was sent to {resent}; the earlier link no longer works.
        </p>
      )}
      {open.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">No pending invitations.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Pending invitations">
          {open.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="invitation-row">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{invitation.email}</p>
                <p className="text-sm text-slate-500">
                  {invitation.role} · sent {formatDateTime(invitation.sentAt)} by {invitation.invitedBy} ·{' '}
                  {invitation.state === 'expired' ? (
                    <span className="font-medium text-red-700">expired {formatDateTime(invitation.expiresAt)}</span>
                  ) : (
                    `expires ${formatDateTime(invitation.expiresAt)}`
                  )}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Resend the invitation to ${invitation.email}`}
                disabled={resend.isPending}
                onClick={() => {
                  setResent(null);
                  revoke.reset();
                  resend.mutate(invitation.id, { onSuccess: () => setResent(invitation.email) });
                }}
              >
                Resend
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Revoke the invitation to ${invitation.email}`}
                disabled={revoke.isPending}
                onClick={() => {
                  setResent(null);
                  resend.reset();
                  setToRevoke(invitation);
                }}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(isOpen) => !isOpen && setToRevoke(null)}
        title="Revoke this invitation?"
        description={`The link sent to ${toRevoke?.email ?? ''} stops working and its seat is free again. You can invite the address again later.`}
        confirmLabel="Revoke invitation"
        onConfirm={() => toRevoke && revoke.mutate(toRevoke.id)}
      />
    </section>
  );
}
