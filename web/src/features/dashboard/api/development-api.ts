import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DevelopmentDto, GoalDto, GoalInput } from '@touchline/shared';
import { apiRequest, getJson } from '@/lib/api-client';

const DEVELOPMENT_URL = '/api/dashboard/development';
const GOALS_URL = '/api/dashboard/goals';

export const developmentQueryOptions = () => queryOptions({ queryKey: [DEVELOPMENT_URL], queryFn: () => getJson<DevelopmentDto>(DEVELOPMENT_URL) });

export const useDevelopment = () => useQuery(developmentQueryOptions());

/** Adds, changes or removes a goal; the dashboard is read again, since every session's met/not met changes with it. */
export function useSaveGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: GoalInput }) =>
      id ? apiRequest<GoalDto>('PUT', `${GOALS_URL}/${id}`, input) : apiRequest<GoalDto>('POST', GOALS_URL, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developmentQueryOptions().queryKey }),
  });
}

export function useRemoveGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `${GOALS_URL}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developmentQueryOptions().queryKey }),
  });
}
