import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionPageDto, SessionQuery } from '@touchline/shared';
import { apiRequest, getJson } from '@/lib/api-client';
import { refreshSessionLists } from '@/lib/query-client';
import { sessionQueryString } from '../session-filters';

export const SESSIONS_URL = '/api/sessions';

/** One page of the caller's sessions. Keyed under `/api/sessions` so that invalidating it refreshes every page. */
export const sessionPageQueryOptions = (query: SessionQuery) => {
  const search = sessionQueryString(query);
  return queryOptions({
    queryKey: [SESSIONS_URL, search],
    queryFn: () => getJson<SessionPageDto>(`${SESSIONS_URL}${search}`),
    // The list stays in place while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
};

export const useSessionPage = (query: SessionQuery) => useQuery(sessionPageQueryOptions(query));

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `${SESSIONS_URL}/${id}`),
    onSuccess: () => refreshSessionLists(queryClient),
  });
}
