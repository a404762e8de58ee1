import { Page } from '@/components/layout/page';
import { useViewer } from '@/components/layout/viewer';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { readApiError } from '@/lib/api-client';
import { useInvitations, useMembers, useTeam } from '../api/team-api';
import { InvitationList } from '../components/invitation-list';
import { InviteForm } from '../components/invite-form';
import { MemberList } from '../components/member-list';
import { TeamSquad } from '../components/team-squad';

/** `/dashboard/management` (Elite Admin): the team's members and invitations, inviting coaches, and the team's squad. */
export default function ManagementScreen() {
  const viewer = useViewer();
  const team = useTeam();
  const members = useMembers();
  const invitations = useInvitations();
  const failed = team.error ?? members.error ?? invitations.error;

  return (
    <Page title="Coach Management" lead={team.data ? `The coaches of ${team.data.name}: invite them, set their roles, remove them.` : 'Your team’s coaches.'}>
      {(team.isPending || members.isPending || invitations.isPending) && !failed && <Spinner />}
      {failed && <FormAlert>{readApiError(failed)?.message ?? 'Your team could not be loaded. Please try again.'}</FormAlert>}
      {team.data && members.data && invitations.data && (
        <div className="space-y-10">
          <InviteForm team={team.data} />
          <MemberList members={members.data} viewerId={viewer?.id} />
          <InvitationList invitations={invitations.data} />
          <TeamSquad />
        </div>
      )}
    </Page>
  );
}
