import { useQuery } from '@tanstack/react-query';
import type { ExternalReviewDto } from '@touchline/shared';
import { getJson } from '@/lib/api-client';

export const useDemoReport = () => useQuery({ queryKey: ['/api/demo/report'], queryFn: () => getJson<ExternalReviewDto>('/api/demo/report') });

export const useDemoMedia = () => useQuery({ queryKey: ['/api/demo/media'], queryFn: () => getJson<{ url: string }>('/api/demo/media') });
