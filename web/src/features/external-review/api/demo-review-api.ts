import { useQuery } from '@tanstack/react-query';
import type { ExternalReviewDto, ReviewCommentDto } from '@touchline/shared';
import { getPublicJson } from '@/lib/api-client';

export const useDemoReview = () => useQuery({ queryKey: ['/api/demo/report'], queryFn: () => getPublicJson<ExternalReviewDto>('/api/demo/report') });

export const useDemoReviewMedia = () => useQuery({ queryKey: ['/api/demo/media'], queryFn: () => getPublicJson<{ url: string }>('/api/demo/media') });

export const useDemoComments = () => useQuery({ queryKey: ['/api/demo/comments'], queryFn: () => getPublicJson<ReviewCommentDto[]>('/api/demo/comments') });
