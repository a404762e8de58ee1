import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEAM_PATHS, type SquadDto, type TeamSquadDto } from '@touchline/shared';
import { apiRequest, getJson } from '@/lib/api-client';

const SQUAD_URL = '/api/squad';

export const squadQueryOptions = () => queryOptions({ queryKey: [SQUAD_URL], queryFn: () => getJson<SquadDto>(SQUAD_URL) });

/** The signed-in coach's own squad. */
export const useSquad = () => useQuery(squadQueryOptions());

/** Replaces the coach's whole squad; the answer is the squad as stored. */
export function useSaveSquad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: string[]) => apiRequest<SquadDto>('PUT', SQUAD_URL, { names }),
    onSuccess: (saved) => queryClient.setQueryData(squadQueryOptions().queryKey, saved),
  });
}

export const teamSquadQueryOptions = () => queryOptions({ queryKey: [TEAM_PATHS.squad], queryFn: () => getJson<TeamSquadDto>(TEAM_PATHS.squad) });

/** The squad of the caller's Elite team; only asked for a member of a team. */
export const useTeamSquad = (member: boolean) => useQuery({ ...teamSquadQueryOptions(), enabled: member });

/** Replaces the team's whole squad (its admins). */
export function useSaveTeamSquad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: string[]) => apiRequest<TeamSquadDto>('PUT', TEAM_PATHS.squad, { names }),
    onSuccess: (saved) => queryClient.setQueryData(teamSquadQueryOptions().queryKey, saved),
  });
}
