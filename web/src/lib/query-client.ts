import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-client';
import { QUERY_CACHE } from '@/config/constants';

/** A query keyed by its URL (`['/api/...']`) needs no query function of its own. */
const fetchByUrl: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

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
