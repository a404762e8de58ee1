import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionDto } from '@touchline/shared';
import { getJson } from '@/lib/api-client';

const SUBSCRIPTION_URL = '/api/subscription';

export const subscriptionQueryOptions = () => queryOptions({ queryKey: [SUBSCRIPTION_URL], queryFn: () => getJson<SubscriptionDto>(SUBSCRIPTION_URL) });

/** The signed-in coach's plan, what it opens and when a trial ends; `enabled` false asks nothing. */
export const useSubscription = (enabled = true) => useQuery({ ...subscriptionQueryOptions(), enabled });
