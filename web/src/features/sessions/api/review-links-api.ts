import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewLinkBody, CreatedReviewLinkDto, ReviewCommentDto, ReviewLinkDto } from '@touchline/shared';
import { apiRequest, getJson } from '@/lib/api-client';
import { sessionUrl } from '@/lib/sessions-api';

const linksUrl = (id: string) => `${sessionUrl(id)}/review-links`;
const commentsUrl = (id: string) => `${sessionUrl(id)}/review-comments`;

export const reviewLinksQueryOptions = (id: string) => queryOptions({ queryKey: [linksUrl(id)], queryFn: () => getJson<ReviewLinkDto[]>(linksUrl(id)) });

export const reviewCommentsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [commentsUrl(id)], queryFn: () => getJson<ReviewCommentDto[]>(commentsUrl(id)) });

export const useReviewLinks = (id: string) => useQuery(reviewLinksQueryOptions(id));
export const useReviewComments = (id: string) => useQuery(reviewCommentsQueryOptions(id));

export function useCreateReviewLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewLinkBody) => apiRequest<CreatedReviewLinkDto>('POST', linksUrl(id), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [linksUrl(id)] }),
  });
}

export function useRevokeReviewLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => apiRequest<void>('DELETE', `${linksUrl(id)}/${linkId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [linksUrl(id)] }),
  });
}

export function useResolveReviewComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, resolved }: { commentId: string; resolved: boolean }) =>
      apiRequest<ReviewCommentDto>('PATCH', `${commentsUrl(id)}/${commentId}`, { resolved }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [commentsUrl(id)] }),
  });
}
