import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { setAccessTokenSource } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/render-app';
import { LiveSessionUpdates } from './live-session-updates';

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(async () => null);
  useAuthStore.setState({ user: null });
});

describe('live session updates', () => {
  it('opens the status stream once a coach is signed in and closes it at logout', async () => {
    setAccessTokenSource(async () => 'token');
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        signals.push(init!.signal!);
        return new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(': connected\n\n')) }), {
          headers: { 'content-type': 'text/event-stream' },
        });
      }),
    );
    useAuthStore.setState({ user: null });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LiveSessionUpdates />
      </QueryClientProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signals).toHaveLength(0);

    act(() => useAuthStore.setState({ user: makeUser() }));
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]!.aborted).toBe(false);

    act(() => useAuthStore.getState().logout());
    expect(signals[0]!.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signals).toHaveLength(1);
  });
});
