import type { OverviewDto, SessionPageDto, SessionStatusEventDto } from '@touchline/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '@/test/fixtures';
import { setAccessTokenSource } from './api-client';
import { createQueryClient } from './query-client';
import { applySessionEvent, reconnectDelay, RECONNECT, watchSessionEvents } from './session-events';

const processing = makeSession({ id: 's1', processingStatus: 'processing', analysisProgress: 35 });
const page: SessionPageDto = { items: [processing, makeSession({ id: 's2' })], total: 2, page: 1, pageSize: 10 };
const overview = { latest: [processing] } as OverviewDto;

function seeded() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['/api/sessions/s1'], processing);
  queryClient.setQueryData(['/api/sessions', ''], page);
  queryClient.setQueryData(['/api/dashboard/overview'], overview);
  const invalidated = (key: string[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, invalidated };
}

const event = (status: SessionStatusEventDto['status'], progress: number): SessionStatusEventDto => ({ sessionId: 's1', status, progress, uploaded: true });

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(async () => null);
});

describe('session status events in the cache', () => {
  it('writes more progress into the session, the list and the overview without refetching them', async () => {
    const { queryClient, invalidated } = seeded();
    await applySessionEvent(queryClient, event('processing', 60), { status: 'processing', uploaded: true });
    expect(queryClient.getQueryData(['/api/sessions/s1'])).toMatchObject({ processingStatus: 'processing', analysisProgress: 60 });
    expect(queryClient.getQueryData<SessionPageDto>(['/api/sessions', ''])!.items.map((s) => s.analysisProgress)).toEqual([60, 100]);
    expect(queryClient.getQueryData<OverviewDto>(['/api/dashboard/overview'])!.latest[0]!.analysisProgress).toBe(60);
    expect([invalidated(['/api/sessions/s1']), invalidated(['/api/sessions', '']), invalidated(['/api/dashboard/overview'])]).toEqual([false, false, false]);
  });

  it('writes a wait for the transcriber into the session and the list, and its end, without refetching them', async () => {
    const { queryClient, invalidated } = seeded();
    await applySessionEvent(queryClient, { ...event('processing', 40), waitingFor: 'transcriber' }, { status: 'processing', uploaded: true });
    expect(queryClient.getQueryData(['/api/sessions/s1'])).toMatchObject({ analysisProgress: 40, waitingFor: 'transcriber' });
    expect(queryClient.getQueryData<SessionPageDto>(['/api/sessions', ''])!.items[0]).toMatchObject({ waitingFor: 'transcriber' });
    await applySessionEvent(queryClient, event('processing', 45), { status: 'processing', uploaded: true });
    expect(queryClient.getQueryData(['/api/sessions/s1'])).not.toHaveProperty('waitingFor');
    expect(queryClient.getQueryData<OverviewDto>(['/api/dashboard/overview'])!.latest[0]).not.toHaveProperty('waitingFor');
    expect([invalidated(['/api/sessions/s1']), invalidated(['/api/sessions', ''])]).toEqual([false, false]);
  });

  it('refetches the session, the lists and the overview when the status changes or the session is deleted', async () => {
    for (const next of [event('completed', 100), event('failed', 35), event('deleted', 35)]) {
      const { queryClient, invalidated } = seeded();
      await applySessionEvent(queryClient, next, { status: 'processing', uploaded: true });
      expect([invalidated(['/api/sessions/s1']), invalidated(['/api/sessions', '']), invalidated(['/api/dashboard/overview'])]).toEqual([true, true, true]);
    }
  });
});

/** A `text/event-stream` answer carrying `chunks`, left open unless `end`. */
function streamResponse(chunks: string[], end: boolean): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (end) controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('the live status stream', () => {
  it('waits 1 s, then twice as long each time, up to 30 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, middle))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelay(0, () => 0)).toBeGreaterThanOrEqual(RECONNECT.firstMs * 0.8);
  });

  it('sends a fresh Bearer token on every connection, reconnects after a network drop, a refusal and the end of the stream, and stops when signed out', async () => {
    let token = 0;
    setAccessTokenSource(async () => `token-${++token}`);
    const calls: { url: string; authorization: string | null }[] = [];
    const answers = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => Response.json({ statusCode: 401, message: 'Invalid or expired access token' }, { status: 401 }),
      () => streamResponse([': connected\nretry: 2000\n\n', `event: session\ndata: ${JSON.stringify(event('processing', 60))}\n\n`], true),
      () => streamResponse([': connected\n\n'], false),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
        return answers[calls.length - 1]!();
      }),
    );
    const { queryClient } = seeded();
    const signOut = new AbortController();
    const watching = watchSessionEvents(queryClient, signOut.signal);

    await vi.waitFor(() => expect(calls).toHaveLength(4), { timeout: 12_000 });
    expect(new Set(calls.map((c) => c.url))).toEqual(new Set(['/api/sessions/events']));
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-3', 'Bearer token-4']);
    expect(queryClient.getQueryData(['/api/sessions/s1'])).toMatchObject({ analysisProgress: 60 });

    signOut.abort();
    await watching;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(4);
  }, 20_000);

  it('stops for good when the account cannot have a stream (404)', async () => {
    setAccessTokenSource(async () => 'token');
    const fetchMock = vi.fn(async () => Response.json({ statusCode: 404, message: 'User not found' }, { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    await watchSessionEvents(createQueryClient(), new AbortController().signal);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('on an account event refreshes the user, then refetches what was read under the old plan', async () => {
    setAccessTokenSource(async () => 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamResponse([': connected\n\n', 'event: account\ndata: {}\n\n'], false)),
    );
    const { queryClient, invalidated } = seeded();
    queryClient.setQueryData(['/api/dashboard/development'], { points: [] });
    const order: string[] = [];
    const signOut = new AbortController();
    const watching = watchSessionEvents(queryClient, signOut.signal, async () => {
      order.push(`refresh (development stale: ${Boolean(invalidated(['/api/dashboard/development']))})`);
    });
    await vi.waitFor(() => expect(invalidated(['/api/dashboard/development'])).toBe(true));
    expect(order).toEqual(['refresh (development stale: false)']);
    signOut.abort();
    await watching;
  });
});
