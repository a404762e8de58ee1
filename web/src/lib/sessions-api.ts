import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CoachingSessionDto, CreatedSessionDto, MediaType, SessionReportDto, UploadUsageDto } from '@touchline/shared';
import { apiRequest, getJson } from './api-client';

/**
 * The coach's sessions over HTTP, for every screen that shows them (dashboard, report, upload, the live stream):
 * the URLs, the query keys, the fetchers and what to refresh after a change. Keys are the URLs (see
 * query-client.ts), so a screen invalidates another's data by URL without importing that screen.
 */
export const SESSIONS_URL = '/api/sessions';
export const OVERVIEW_URL = '/api/dashboard/overview';
export const sessionUrl = (id: string) => `${SESSIONS_URL}/${id}`;
export const UPLOAD_USAGE_URL = `${SESSIONS_URL}/usage`;

/** This month's upload minutes against the plan's limit; the upload page and Subscription show it. */
export const useUploadUsage = () => useQuery({ queryKey: [UPLOAD_USAGE_URL], queryFn: () => getJson<UploadUsageDto>(UPLOAD_USAGE_URL) });

export const sessionQueryOptions = (id: string) => queryOptions({ queryKey: [sessionUrl(id)], queryFn: () => getJson<CoachingSessionDto>(sessionUrl(id)) });

export const reportQueryOptions = (id: string) =>
  queryOptions({ queryKey: [`${sessionUrl(id)}/report`], queryFn: () => getJson<SessionReportDto>(`${sessionUrl(id)}/report`) });

/** A short-lived URL of the recording; the report and Compare share it. */
export const mediaQueryOptions = (id: string) =>
  queryOptions({ queryKey: [`${sessionUrl(id)}/media`], queryFn: () => getJson<{ url: string }>(`${sessionUrl(id)}/media`) });

export const useMedia = (id: string | null) => useQuery({ ...mediaQueryOptions(id ?? ''), enabled: id !== null });

export function createSession(body: { title: string; mediaType: MediaType; fileName: string; sizeBytes: number }): Promise<CreatedSessionDto> {
  return apiRequest<CreatedSessionDto>('POST', SESSIONS_URL, body);
}

export function deleteSession(id: string): Promise<void> {
  return apiRequest<void>('DELETE', sessionUrl(id));
}

/** Queues a failed analysis again; the API answers with the session, now pending. */
export function retryAnalysis(id: string): Promise<CoachingSessionDto> {
  return apiRequest<CoachingSessionDto>('POST', `${sessionUrl(id)}/analysis`);
}

/**
 * Refetches what shows sessions' statuses: every page of the sessions list and the overview. Called after an
 * upload, a retry and a delete.
 */
export function refreshSessionLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([SESSIONS_URL, OVERVIEW_URL, UPLOAD_USAGE_URL].map((url) => queryClient.invalidateQueries({ queryKey: [url] })));
}
