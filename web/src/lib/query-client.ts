import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { QUERY_CACHE } from '@touchline/shared';
import { getJson } from './api-client';

/** A query keyed by its URL (`['/api/...']`) needs no query function of its own. */
const fetchByUrl: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

/**
 * Refetches what shows sessions' statuses: every page of the sessions list and the overview. Called after an
 * upload, a retry and a delete.
 */
export function refreshSessionLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: ['/api/sessions'] }), queryClient.invalidateQueries({ queryKey: ['/api/dashboard/overview'] })]);
}

/** React-query defaults of docs/product-spec.md §9: fresh 2 min, kept 10 min, no retries, no refetch on focus, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchByUrl,
        staleTime: QUERY_CACHE.staleTimeMs,
        gcTime: QUERY_CACHE.gcTimeMs,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
