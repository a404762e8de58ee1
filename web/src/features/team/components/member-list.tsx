import { ELITE_ROLES, SKILL_CATEGORIES, type EliteRole, type TeamMemberDto } from '@touchline/shared';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { stackedTable } from '@/components/ui/stacked-table';
import { readApiError } from '@/lib/api-client';
import { MISSING_REASONS, Score } from '@/components/ui/not-scored';
import { capitalize, formatDate } from '@/lib/format';
import { useChangeRole, useRemoveMember } from '../api/team-api';

const selectClass = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The team's members with role, joined date, sessions and latest scores. An admin changes a role or removes a
 * coach here; the API keeps the last admin (and answers with the message shown above the table).
 */
export function MemberList({ members, viewerId }: { members: TeamMemberDto[]; viewerId: string | undefined }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [toRemove, setToRemove] = useState<TeamMemberDto | null>(null);
  const [ownRole, setOwnRole] = useState<EliteRole | null>(null);
  const failure = changeRole.error ?? remove.error;

  const setRole = (member: TeamMemberDto, role: EliteRole) => {
    remove.reset();
    changeRole.mutate({ userId: member.userId, role });
  };

  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <h2 id="members-heading" className="text-xl font-semibold text-slate-900">
        Members
      </h2>
      <FormAlert>{failure && (readApiError(failure)?.message ?? 'The change was not saved. Please try again.')}</FormAlert>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className={`w-full text-left text-sm ${stackedTable.table}`}>
          <thead className={`border-b border-slate-200 text-slate-600 ${stackedTable.head}`}>
            <tr>
              <th scope="col" className="p-3 font-medium">
                Coach
              </th>
              <th scope="col" className="p-3 font-medium">
                Role
              </th>
              <th scope="col" className="p-3 font-medium">
                Joined
              </th>
              <th scope="col" className="p-3 font-medium">
                Sessions
              </th>
              <th scope="col" className="p-3 font-medium">
                Latest scores
              </th>
              <th scope="col" className="p-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className={`divide-y divide-slate-200 ${stackedTable.body}`}>
            {members.map((member) => {
              const isViewer = member.userId === viewerId;
              return (
                <tr key={member.userId} data-testid="member-row" className={stackedTable.row}>
                  <td className="p-3 max-md:block max-md:py-1">
                    <p className="font-medium text-slate-900">
                      {member.username}
                      {isViewer && <span className="ml-1 font-normal text-slate-500">(you)</span>}
                    </p>
                    <p className="text-slate-500">{member.email}</p>
                  </td>
                  <td data-label="Role" className={`${stackedTable.cell} p-3`}>
                    <select
                      aria-label={`Role of ${member.username}`}
                      className={selectClass}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(e) => {
                        const role = e.target.value as EliteRole;
                        // Stepping down takes the admin's own screens away: ask first.
                        if (isViewer && role !== 'Elite Admin') setOwnRole(role);
                        else setRole(member, role);
                      }}
                    >
                      {ELITE_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-label="Joined" className={`${stackedTable.cell} p-3 whitespace-nowrap`}>
                    {formatDate(member.joinedAt)}
                  </td>
                  <td data-label="Sessions" className={`${stackedTable.cell} p-3`}>
                    {member.sessions}
                  </td>
                  <td data-label="Latest scores" className={`${stackedTable.cell} p-3`}>
                    {member.latest ? (
                      <dl className="flex flex-wrap gap-x-3 gap-y-1" aria-label={`Latest scores of ${member.username}`}>
                        {SKILL_CATEGORIES.map((category) => (
                          <div key={category} className="flex gap-1">
                            <dt className="text-slate-500">{capitalize(category)}</dt>
                            <dd className="font-medium text-slate-900">
                              <Score score={member.latest!.scores[category]} reason={MISSING_REASONS.session} />
                            </dd>
                          </div>
                        ))}
                      </dl>
                    ) : (
                      <span className="text-slate-500">No analysed session yet</span>
                    )}
                  </td>
                  <td className="p-3 text-right max-md:block max-md:py-1 max-md:text-left">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${member.username}`}
                      disabled={remove.isPending}
                      onClick={() => {
                        changeRole.reset();
                        setToRemove(member);
                      }}
                    >
                      <UserMinus className="h-4 w-4" aria-hidden />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={`Remove ${toRemove?.username ?? ''} from the team?`}
        description={`${toRemove?.username ?? ''} keeps their account and their own sessions, which leave Team Sessions and the Team Overview. Their Elite plan ends with the membership; they can be invited again later.`}
        confirmLabel="Remove coach"
        onConfirm={() => {
          if (!toRemove) return;
          const leaving = toRemove.userId === viewerId;
          remove.mutate(toRemove.userId, { onSuccess: () => leaving && window.location.assign('/dashboard/overview') });
        }}
      />
      <ConfirmDialog
        open={ownRole !== null}
        onOpenChange={(open) => !open && setOwnRole(null)}
        title="Step down as Elite Admin?"
        description="You will no longer manage the team or see its sessions. Another admin can make you an admin again."
        confirmLabel={`Become ${ownRole ?? ''}`}
        onConfirm={() => {
          if (!ownRole || !viewerId) return;
          changeRole.mutate(
            { userId: viewerId, role: ownRole },
            // The menus follow the new role: the page reloads the signed-in user from the API.
            { onSuccess: () => window.location.assign('/dashboard/overview') },
          );
        }}
      />
    </section>
  );
}
