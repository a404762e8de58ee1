import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEAM_PATHS, type AcceptedInvitationDto, type PublicInvitationDto } from '@touchline/shared';
import { apiRequest, getJson } from '@/lib/api-client';
import { changePlan } from '../auth-actions';

/** What the invitation page shows about a token; no sign-in needed. */
export const useInvitation = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: [TEAM_PATHS.publicInvitation(token)],
    queryFn: () => getJson<PublicInvitationDto>(TEAM_PATHS.publicInvitation(token)),
    enabled,
  });

/**
 * Accepts the invitation as the signed-in user. Joining changes the plan and role, so the user is refreshed at once
 * (docs/product-spec.md §4, plan change): the menus and the colour follow without signing in again.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AcceptedInvitationDto>('POST', TEAM_PATHS.acceptInvitation(token)),
    onSuccess: async () => {
      await changePlan();
      // Everything cached was read as the coach before joining (the overview turns into the team's for an admin);
      // the invitation itself stays as it was, so the page can say it was accepted rather than "already used".
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== TEAM_PATHS.publicInvitation(token) });
    },
  });
}
