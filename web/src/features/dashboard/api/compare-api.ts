import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COMPARE, type CompareDto } from '@touchline/shared';
import { getJson } from '@/lib/api-client';

const COMPARE_URL = '/api/dashboard/compare';

export const compareQueryOptions = (ids: string[]) =>
  queryOptions({
    queryKey: [COMPARE_URL, ids.join(',')],
    queryFn: () => getJson<CompareDto>(`${COMPARE_URL}?ids=${ids.join(',')}`),
    placeholderData: keepPreviousData,
  });

/** The comparison, once two to four sessions are chosen. */
export const useCompare = (ids: string[]) => useQuery({ ...compareQueryOptions(ids), enabled: ids.length >= COMPARE.min });

// Keyed like the report page's media query, so a URL fetched on either page serves both.
export const mediaUrlQueryOptions = (id: string) =>
  queryOptions({ queryKey: [`/api/sessions/${id}/media`], queryFn: () => getJson<{ url: string }>(`/api/sessions/${id}/media`) });

export const useMediaUrl = (id: string | null) => useQuery({ ...mediaUrlQueryOptions(id ?? ''), enabled: id !== null });
