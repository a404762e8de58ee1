import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanCatalogueDto } from '@touchline/shared';
import { getPublicJson } from '@/lib/api-client';

const PLANS_URL = '/api/plans';

export const planCatalogueQueryOptions = () => queryOptions({ queryKey: [PLANS_URL], queryFn: () => getPublicJson<PlanCatalogueDto>(PLANS_URL) });

/** The installation's plan catalogue: what each plan opens, with prices when billing is on. */
export const usePlanCatalogue = () => useQuery(planCatalogueQueryOptions());
