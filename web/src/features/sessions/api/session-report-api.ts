import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoachingSessionDto, SessionReportDto } from '@touchline/shared';
import { apiRequest, getJson } from '@/lib/api-client';
import { refreshSessionLists } from '@/lib/query-client';

// Keys are the URLs (see lib/query-client), so other screens can invalidate them without importing this file.
const sessionUrl = (id: string) => `/api/sessions/${id}`;

export const sessionQueryOptions = (id: string) =>
  queryOptions({ queryKey: [sessionUrl(id)], queryFn: () => getJson<CoachingSessionDto>(sessionUrl(id)) });

export const reportQueryOptions = (id: string) =>
  queryOptions({ queryKey: [`${sessionUrl(id)}/report`], queryFn: () => getJson<SessionReportDto>(`${sessionUrl(id)}/report`) });

export const mediaQueryOptions = (id: string) =>
  queryOptions({ queryKey: [`${sessionUrl(id)}/media`], queryFn: () => getJson<{ url: string }>(`${sessionUrl(id)}/media`) });

export const useSession = (id: string) => useQuery(sessionQueryOptions(id));

/** The report exists only once the analysis has completed; before that the API answers 409. */
export const useReport = (id: string, completed: boolean) => useQuery({ ...reportQueryOptions(id), enabled: completed });

export const useMedia = (id: string) => useQuery(mediaQueryOptions(id));

/** Queues a failed analysis again; the API answers with the session, now pending. */
export function retryAnalysis(id: string): Promise<CoachingSessionDto> {
  return apiRequest<CoachingSessionDto>('POST', `${sessionUrl(id)}/analysis`);
}

export function useRetryAnalysis(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryAnalysis(id),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionQueryOptions(id).queryKey, session);
      // The session's status shows in the sessions list and the overview too.
      void refreshSessionLists(queryClient);
    },
    // A refusal (409) means the session is no longer failed, e.g. it was retried elsewhere: show where it stands.
    onError: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions(id).queryKey }),
  });
}
