import { useQuery } from '@tanstack/react-query';
import type { ExternalReviewDto, ReviewCommentDto } from '@touchline/shared';
import { getJson } from '@/lib/api-client';

export const useDemoReview = () => useQuery({ queryKey: ['/api/demo/report'], queryFn: () => getJson<ExternalReviewDto>('/api/demo/report') });

export const useDemoReviewMedia = () => useQuery({ queryKey: ['/api/demo/media'], queryFn: () => getJson<{ url: string }>('/api/demo/media') });

export const useDemoComments = () => useQuery({ queryKey: ['/api/demo/comments'], queryFn: () => getJson<ReviewCommentDto[]>('/api/demo/comments') });
