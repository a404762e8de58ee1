import { ELITE_ROLES, type EliteRole, type TeamDto, type TeamInvitationDto } from '@touchline/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { EmailField } from '@/components/ui/account-fields';
import { inputClass } from '@/components/ui/text-field';
import { readApiError } from '@/lib/api-client';
import { checkEmail, focusFirstProblem, validate } from '@/lib/form-validation';
import { useInvite } from '../api/team-api';
import { formatDate } from '@/lib/format';

/** Invite a coach by email with a role. The API checks the seats, the address and the rate; its message shows here. */
export function InviteForm({ team }: { team: TeamDto | undefined }) {
  const invite = useInvite();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<EliteRole>('Elite Coach');
  const [problem, setProblem] = useState<string | undefined>();
  const [sent, setSent] = useState<TeamInvitationDto | null>(null);
  const full = !!team && team.seatsUsed >= team.seats;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    invite.reset();
    const found = validate({ email: [checkEmail, email] });
    setProblem(found.email);
    if (focusFirstProblem(event.currentTarget, found)) return;
    const address = email.trim();
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (invitation) => {
          setSent(invitation);
          setEmail('');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="invite-heading" className="text-xl font-semibold text-slate-900">
        Invite a coach
      </h2>
      {team && (
        <p className="text-sm text-slate-600" data-testid="seats">
          {team.seatsUsed} of {team.seats} seats used (members and pending invitations).
          {full && ' Remove a coach or revoke an invitation to invite someone else.'}
        </p>
      )}
      <FormAlert>{invite.isError && (readApiError(invite.error)?.message ?? 'The invitation was not sent. Please try again.')}</FormAlert>
      {sent && (
        <p role="status" className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          Invitation sent to {sent.email}. Its link works until {formatDate(sent.expiresAt)}.
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <EmailField className="min-w-64 flex-1" autoComplete="off" value={email} error={problem} onChange={(e) => setEmail(e.target.value)} />
        <div>
          <label htmlFor={roleId} className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <select id={roleId} className={inputClass} name="role" value={role} onChange={(e) => setRole(e.target.value as EliteRole)}>
            {ELITE_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={invite.isPending || full}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
