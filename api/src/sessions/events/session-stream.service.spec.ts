import { Logger, type MessageEvent } from '@nestjs/common';
import { SESSION_EVENTS } from '@touchline/shared';
import { ReplaySubject, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserEntity } from '../../users';
import type { SessionStatusChange, SessionStatusFeed } from './session-status-feed';
import { SessionStreamService } from './session-stream.service';

/** The database side of the stream (LISTEN on PostgreSQL) replaced by subjects the test drives. */
function fakeFeed(failure?: Error) {
  const feed = { changes: new Subject<SessionStatusChange>(), accountChanges: new Subject<{ userId: string }>(), lost: new ReplaySubject<void>(1) };
  const ready = async () => {
    if (failure) throw failure;
    return feed.lost;
  };
  return Object.assign(feed, { ready }) as unknown as SessionStatusFeed & typeof feed;
}

const coach = { id: 'coach-1' } as UserEntity;
const change = (ownerId: string, progress: number): SessionStatusChange => ({
  sessionId: `s-${ownerId}`,
  ownerId,
  status: 'processing',
  progress,
  uploaded: true,
});

async function open(service: SessionStreamService, expiresAt = new Date(Date.now() + 3_600_000)) {
  const messages: MessageEvent[] = [];
  let completed = false;
  const subscription = service.stream(coach, expiresAt).subscribe({ next: (m) => messages.push(m), complete: () => (completed = true) });
  await vi.advanceTimersByTimeAsync(0);
  return { messages, subscription, completed: () => completed };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionStreamService', () => {
  it("opens with 'connected', passes on only the coach's own changes without the owner, and beats every 25 s", async () => {
    vi.useFakeTimers();
    const feed = fakeFeed();
    const stream = await open(new SessionStreamService(feed));
    expect(stream.messages).toEqual([{ comment: 'connected', retry: 2000 }]);

    feed.changes.next(change('someone-else', 50));
    feed.changes.next(change('coach-1', 40));
    expect(stream.messages.slice(1)).toEqual([
      { type: SESSION_EVENTS.event, data: { sessionId: 's-coach-1', status: 'processing', progress: 40, uploaded: true } },
    ]);

    await vi.advanceTimersByTimeAsync(SESSION_EVENTS.heartbeatMs * 2);
    expect(stream.messages.slice(2)).toEqual([{ comment: 'heartbeat' }, { comment: 'heartbeat' }]);
    stream.subscription.unsubscribe();
  });

  it('ends at the token expiry, when the database connection is lost, and when the API stops; counts open streams', async () => {
    vi.useFakeTimers();
    const feed = fakeFeed();
    const service = new SessionStreamService(feed);
    const expiring = await open(service, new Date(Date.now() + 10_000));
    const other = await open(service);
    expect(service.openStreams).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect([expiring.completed(), other.completed()]).toEqual([true, false]);
    expect(service.openStreams).toBe(1);

    feed.lost.next();
    expect(other.completed()).toBe(true);
    // A stream that opens on a connection already lost ends at once rather than waiting for events in vain.
    expect((await open(service)).completed()).toBe(true);
    feed.lost = new ReplaySubject<void>(1);
    const last = await open(service);
    service.beforeApplicationShutdown();
    expect(last.completed()).toBe(true);
    expect((await open(service)).completed()).toBe(true);
    expect(service.openStreams).toBe(0);
  });

  it('answers 503 with a JSON message when the database cannot listen', async () => {
    Logger.overrideLogger(false);
    const service = new SessionStreamService(fakeFeed(new Error('connection refused')));
    await expect(
      new Promise((resolve, reject) => service.stream(coach, new Date(Date.now() + 60_000)).subscribe({ next: resolve, error: reject })),
    ).rejects.toMatchObject({
      status: 503,
      response: { statusCode: 503, message: 'Live updates are unavailable at the moment. Please try again later.' },
    });
  });
});
