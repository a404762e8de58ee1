import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SquadDto } from '@touchline/shared';
import { apiRequest, getJson } from '@/lib/api-client';

const SQUAD_URL = '/api/squad';

export const squadQueryOptions = () => queryOptions({ queryKey: [SQUAD_URL], queryFn: () => getJson<SquadDto>(SQUAD_URL) });

export const useSquad = () => useQuery(squadQueryOptions());

/** Replaces the whole squad; the answer is the squad as stored. */
export function useSaveSquad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: string[]) => apiRequest<SquadDto>('PUT', SQUAD_URL, { names }),
    onSuccess: (saved) => queryClient.setQueryData(squadQueryOptions().queryKey, saved),
  });
}
