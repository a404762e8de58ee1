import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionPageDto, SessionQuery } from '@touchline/shared';
import { getJson } from '@/lib/api-client';
import { deleteSession, refreshSessionLists, SESSIONS_URL } from '@/lib/sessions-api';
import { sessionQueryString } from '@/lib/session-filters';

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
    mutationFn: deleteSession,
    onSuccess: () => refreshSessionLists(queryClient),
  });
}
