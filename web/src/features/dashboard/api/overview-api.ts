import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewDto } from '@touchline/shared';
import { getJson } from '@/lib/api-client';

const OVERVIEW_URL = '/api/dashboard/overview';

export const overviewQueryOptions = () => queryOptions({ queryKey: [OVERVIEW_URL], queryFn: () => getJson<OverviewDto>(OVERVIEW_URL) });

export const useOverview = () => useQuery(overviewQueryOptions());
