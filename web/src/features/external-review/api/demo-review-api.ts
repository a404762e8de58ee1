import { useQuery } from '@tanstack/react-query';
import type { ReviewCommentDto } from '@touchline/shared';
import { getPublicJson } from '@/lib/api-client';

export const useDemoComments = () => useQuery({ queryKey: ['/api/demo/comments'], queryFn: () => getPublicJson<ReviewCommentDto[]>('/api/demo/comments') });
