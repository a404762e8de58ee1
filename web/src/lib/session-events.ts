import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import type { Query, QueryClient } from '@tanstack/react-query';
import { SESSION_EVENTS, type CoachingSessionDto, type OverviewDto, type SessionPageDto, type SessionStatusEventDto } from '@touchline/shared';
import { freshAccessToken } from './api-client';
import { OVERVIEW_URL as OVERVIEW, refreshSessionLists, SESSIONS_URL as SESSIONS, sessionUrl } from './sessions-api';

/** Reconnection waits: 1 s, doubling up to 30 s, with a little jitter so a restarted API is not hit all at once. */
export const RECONNECT = { firstMs: 1_000, maxMs: 30_000 } as const;

export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(RECONNECT.maxMs, RECONNECT.firstMs * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** What the app last heard of a session, to tell a new status from more progress. */
export type KnownStatus = Pick<SessionStatusEventDto, 'status' | 'uploaded'>;

function patched(session: CoachingSessionDto, event: SessionStatusEventDto): CoachingSessionDto {
  if (session.id !== event.sessionId || event.status === 'deleted') return session;
  const { waitingFor: _, ...rest } = session;
  return { ...rest, processingStatus: event.status, analysisProgress: event.progress, ...(event.waitingFor ? { waitingFor: event.waitingFor } : {}) };
}

/**
 * Brings the cached server data in line with one event. Progress, and what the analysis waits for, is written into what is cached (the session,
 * every page of the list, the overview's latest sessions) without a request; a new status, a finished upload or a
 * deletion refetches what shows it (the session, so a failure brings its reason and a completion its report; the
 * lists and the overview, whose filters and totals depend on it). Queries nobody shows are only marked stale.
 */
export function applySessionEvent(queryClient: QueryClient, event: SessionStatusEventDto, previous: KnownStatus | undefined): Promise<unknown> {
  const key = [sessionUrl(event.sessionId)];
  queryClient.setQueryData<CoachingSessionDto>(key, (session) => session && patched(session, event));
  queryClient.setQueriesData<SessionPageDto>({ queryKey: [SESSIONS] }, (page) => page && { ...page, items: page.items.map((s) => patched(s, event)) });
  queryClient.setQueryData<OverviewDto>([OVERVIEW], (overview) => overview && { ...overview, latest: overview.latest.map((s) => patched(s, event)) });
  if (previous && previous.status === event.status && previous.uploaded === event.uploaded) return Promise.resolve();
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(key[0]!) }),
    refreshSessionLists(queryClient),
  ]);
}

/** Queries that show sessions' statuses: the lists, the overview and each session (not its media URL or report). */
function showsStatus(query: Query): boolean {
  const url = String(query.queryKey[0]);
  return url === SESSIONS || url === OVERVIEW || /^\/api\/sessions\/[^/]+$/.test(url);
}

/** An answer that reconnecting cannot change (the account is not registered, say): the stream stops. */
class StreamRefused extends Error {}
/** The server ended the stream (the token expired, the API restarted): connect again. */
class StreamEnded extends Error {}

/**
 * Keeps the react-query cache in step with `GET /api/sessions/events` until `signal` aborts (sign-out). Every
 * connection sends a fresh access token in the Authorization header (never in the URL); a dropped or ended stream
 * reconnects after `reconnectDelay`, and each connection first refetches what it may have missed meanwhile. While
 * the tab is hidden the stream is closed, and it reopens (and catches up) when the tab shows again. A change of the
 * coach's plan or role calls `onAccountChange` (which refreshes the user), then refetches what is shown.
 */
export function watchSessionEvents(queryClient: QueryClient, signal: AbortSignal, onAccountChange: () => unknown = () => undefined): Promise<void> {
  const known = new Map<string, KnownStatus>();
  let attempt = 0;
  let connectingSince = Date.now();

  return fetchEventSource(SESSION_EVENTS.url, {
    signal,
    headers: { Accept: EventStreamContentType },
    fetch: async (input, init) => {
      connectingSince = Date.now();
      const token = await freshAccessToken();
      if (!token) throw new Error('not signed in');
      return fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Authorization: `Bearer ${token}` } });
    },
    async onopen(response) {
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && type.startsWith(EventStreamContentType)) {
        attempt = 0;
        const since = connectingSince;
        void queryClient.invalidateQueries({ predicate: (query) => showsStatus(query) && query.state.dataUpdatedAt < since });
        return;
      }
      // 401: the token may have expired in between, and the next attempt fetches a fresh one. 5xx: try again.
      if (response.status === 401 || response.status >= 500 || response.status === 429) throw new Error(`stream answered ${response.status}`);
      throw new StreamRefused(`stream answered ${response.status}`);
    },
    onmessage(message) {
      if (message.event === SESSION_EVENTS.accountEvent) {
        // What the plan opens changed: every answer read under the old plan may be wrong now.
        void Promise.resolve(onAccountChange()).then(() => queryClient.invalidateQueries());
        return;
      }
      if (message.event !== SESSION_EVENTS.event) return;
      const event = JSON.parse(message.data) as SessionStatusEventDto;
      void applySessionEvent(queryClient, event, known.get(event.sessionId));
      if (event.status === 'deleted') known.delete(event.sessionId);
      else known.set(event.sessionId, { status: event.status, uploaded: event.uploaded });
    },
    onclose() {
      throw new StreamEnded();
    },
    onerror(error) {
      if (error instanceof StreamRefused) throw error;
      return reconnectDelay(attempt++);
    },
  }).catch((error: unknown) => {
    // A refused stream leaves the app as it was before live updates: every screen still loads its data.
    if (!(error instanceof StreamRefused)) throw error;
  });
}
