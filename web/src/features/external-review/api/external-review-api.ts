import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REVIEW_LIMITS, type CreateReviewCommentBody, type ExternalReviewDto, type ReviewCommentDto } from '@touchline/shared';
import { throwIfNotOk } from '@/lib/api-client';

export interface ReviewAddress {
  sessionId: string;
  token: string;
  /** The link's password, when it has one; sent with every request, which the API checks each time. */
  password: string;
}

const base = ({ sessionId, token }: ReviewAddress) => `/api/external-review/${encodeURIComponent(sessionId)}/${encodeURIComponent(token)}`;

async function reviewRequest<T>(address: ReviewAddress, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (address.password) headers['X-Review-Password'] = encodeURIComponent(address.password);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base(address)}${path}`, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

const key = (address: ReviewAddress, part: string) => [base(address), part, address.password];

export const useExternalReview = (address: ReviewAddress) =>
  useQuery({ queryKey: key(address, 'report'), queryFn: () => reviewRequest<ExternalReviewDto>(address, 'GET', '') });

/**
 * The recording's URL lives REVIEW_LIMITS.mediaUrlSeconds: renewed well before it ends while the page is open (in a
 * background tab too, where the recording may still play), so a revoked link stops streaming within a minute.
 */
export const useReviewMedia = (address: ReviewAddress, enabled: boolean) =>
  useQuery({
    queryKey: key(address, 'media'),
    queryFn: () => reviewRequest<{ url: string }>(address, 'GET', '/media'),
    enabled,
    refetchInterval: (REVIEW_LIMITS.mediaUrlSeconds - 15) * 1000,
    refetchIntervalInBackground: true,
  });

export const useReviewComments = (address: ReviewAddress, enabled: boolean) =>
  useQuery({ queryKey: key(address, 'comments'), queryFn: () => reviewRequest<ReviewCommentDto[]>(address, 'GET', '/comments'), enabled });

export function usePostReviewComment(address: ReviewAddress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewCommentBody) => reviewRequest<ReviewCommentDto>(address, 'POST', '/comments', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(address, 'comments') }),
  });
}
