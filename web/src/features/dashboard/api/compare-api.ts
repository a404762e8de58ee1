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
