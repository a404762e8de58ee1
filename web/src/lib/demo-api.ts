import { useQuery } from '@tanstack/react-query';
import type { ExternalReviewDto } from '@touchline/shared';
import { getPublicJson } from '@/lib/api-client';

/** The public demo's report and recording, shown by /demo and /pro-external-review-demo alike. */
export const useDemoReport = () => useQuery({ queryKey: ['/api/demo/report'], queryFn: () => getPublicJson<ExternalReviewDto>('/api/demo/report') });

export const useDemoMedia = () => useQuery({ queryKey: ['/api/demo/media'], queryFn: () => getPublicJson<{ url: string }>('/api/demo/media') });
