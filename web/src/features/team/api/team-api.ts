import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  TEAM_PATHS,
  type ChangeRoleBody,
  type CreateInvitationBody,
  type TeamDto,
  type TeamInvitationDto,
  type TeamMemberDto,
  type TeamOverviewDto,
  type TeamSessionPageDto,
  type TeamSessionQuery,
} from '@touchline/shared';
import { apiRequest, getJson } from '@/lib/api-client';
import { teamSessionQueryString } from '../team-session-filters';

/** The Elite team's screens over HTTP: Coach Management, Team Sessions and the Team Overview. Keys are the URLs. */
export const teamQueryOptions = () => queryOptions({ queryKey: [TEAM_PATHS.team], queryFn: () => getJson<TeamDto>(TEAM_PATHS.team) });
export const membersQueryOptions = () => queryOptions({ queryKey: [TEAM_PATHS.members], queryFn: () => getJson<TeamMemberDto[]>(TEAM_PATHS.members) });
export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: [TEAM_PATHS.invitations], queryFn: () => getJson<TeamInvitationDto[]>(TEAM_PATHS.invitations) });
export const teamOverviewQueryOptions = () => queryOptions({ queryKey: [TEAM_PATHS.overview], queryFn: () => getJson<TeamOverviewDto>(TEAM_PATHS.overview) });

/** One page of every member's sessions, kept in place while the next page or filter loads. */
export const teamSessionPageQueryOptions = (query: TeamSessionQuery) => {
  const search = teamSessionQueryString(query);
  return queryOptions({
    queryKey: [TEAM_PATHS.sessions, search],
    queryFn: () => getJson<TeamSessionPageDto>(`${TEAM_PATHS.sessions}${search}`),
    placeholderData: keepPreviousData,
  });
};

export const useTeam = () => useQuery(teamQueryOptions());
export const useMembers = () => useQuery(membersQueryOptions());
export const useInvitations = () => useQuery(invitationsQueryOptions());
export const useTeamOverview = () => useQuery(teamOverviewQueryOptions());
export const useTeamSessionPage = (query: TeamSessionQuery) => useQuery(teamSessionPageQueryOptions(query));

/** After any change to the team: seats, members, invitations and what the overview and Team Sessions show. */
function refreshTeam(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [TEAM_PATHS.team, TEAM_PATHS.members, TEAM_PATHS.invitations, TEAM_PATHS.overview, TEAM_PATHS.sessions].map((url) =>
      queryClient.invalidateQueries({ queryKey: [url] }),
    ),
  );
}

function useTeamMutation<V, T>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshTeam(queryClient) });
}

export const useInvite = () => useTeamMutation((body: CreateInvitationBody) => apiRequest<TeamInvitationDto>('POST', TEAM_PATHS.invitations, body));
export const useResendInvitation = () => useTeamMutation((id: string) => apiRequest<TeamInvitationDto>('POST', TEAM_PATHS.resendInvitation(id)));
export const useRevokeInvitation = () => useTeamMutation((id: string) => apiRequest<void>('DELETE', TEAM_PATHS.invitation(id)));
export const useChangeRole = () =>
  useTeamMutation(({ userId, role }: { userId: string } & ChangeRoleBody) => apiRequest<unknown>('PUT', TEAM_PATHS.memberRole(userId), { role }));
export const useRemoveMember = () => useTeamMutation((userId: string) => apiRequest<void>('DELETE', TEAM_PATHS.member(userId)));
