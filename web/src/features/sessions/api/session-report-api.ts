import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshSessionLists, reportQueryOptions, retryAnalysis, sessionQueryOptions } from '@/lib/sessions-api';

export const useSession = (id: string) => useQuery(sessionQueryOptions(id));

/** The report exists only once the analysis has completed; before that the API answers 409. */
export const useReport = (id: string, completed: boolean) => useQuery({ ...reportQueryOptions(id), enabled: completed });

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
