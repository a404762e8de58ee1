import { Injectable, Logger, type BeforeApplicationShutdown, type MessageEvent } from '@nestjs/common';
import { SESSION_EVENTS, type SessionStatusEventDto } from '@touchline/shared';
import { defer, filter, finalize, interval, map, merge, Observable, of, ReplaySubject, switchMap, takeUntil, timer } from 'rxjs';
import { Errors } from '../../common';
import type { UserEntity } from '../../users';
import { SessionStatusFeed } from './session-status-feed';

/** How long a browser waits before reconnecting a stream that ended without an answer (SSE `retry`). */
const RECONNECT_MS = 2_000;

/**
 * The coach's live status stream: their own sessions' changes only, heartbeats that keep proxies from closing an
 * idle connection, and an end when the access token expires (the stream must not outlive the sign-in that
 * opened it), when the database connection is lost, or when the API stops.
 */
@Injectable()
export class SessionStreamService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(SessionStreamService.name);
  /** Replayed, so that a stream still opening when the API begins to stop ends too. */
  private readonly stopping = new ReplaySubject<void>(1);
  private open = 0;
  /** Streams held per coach, counted from the request so that simultaneous opens cannot all slip under the limit. */
  private readonly perCoach = new Map<string, number>();

  constructor(private readonly feed: SessionStatusFeed) {}

  /** How many streams are open now. */
  get openStreams(): number {
    return this.open;
  }

  /** Refused with 429 when the coach already holds `maxStreamsPerCoach` streams. */
  stream(user: UserEntity, tokenExpiresAt: Date): Observable<MessageEvent> {
    const held = this.perCoach.get(user.id) ?? 0;
    if (held >= SESSION_EVENTS.maxStreamsPerCoach) throw Errors.tooManyStreams();
    this.perCoach.set(user.id, held + 1);
    const release = () => {
      const left = (this.perCoach.get(user.id) ?? 1) - 1;
      if (left > 0) this.perCoach.set(user.id, left);
      else this.perCoach.delete(user.id);
    };
    const ownChanges = this.feed.changes.pipe(
      filter((change) => change.ownerId === user.id),
      map(({ sessionId, status, progress, waitingFor, uploaded }): MessageEvent => ({
        type: SESSION_EVENTS.event,
        data: { sessionId, status, progress, ...(status === 'processing' && waitingFor ? { waitingFor } : {}), uploaded } satisfies SessionStatusEventDto,
      })),
    );
    // The coach's plan or role changed (an admin, or billing): the app refreshes the user (docs/product-spec.md §4, plan change).
    const ownAccount = this.feed.accountChanges.pipe(
      filter((change) => change.userId === user.id),
      map((): MessageEvent => ({ type: SESSION_EVENTS.accountEvent, data: {} })),
    );
    const events = (lost: Observable<void>) =>
      merge(
        ownChanges,
        ownAccount,
        // Sent once the database listens, so a client that sees it misses nothing that commits afterwards.
        of<MessageEvent>({ comment: 'connected', retry: RECONNECT_MS }),
        interval(SESSION_EVENTS.heartbeatMs).pipe(map((): MessageEvent => ({ comment: 'heartbeat' }))),
      ).pipe(takeUntil(merge(timer(tokenExpiresAt), lost, this.stopping)));

    return defer(async () => {
      try {
        return await this.feed.ready();
      } catch (error) {
        this.logger.error({ err: error }, 'session status feed unavailable');
        throw Errors.liveUpdatesUnavailable();
      }
    }).pipe(
      switchMap(
        (lost) =>
          new Observable<MessageEvent>((subscriber) => {
            this.open += 1;
            const subscription = events(lost).subscribe(subscriber);
            return () => {
              this.open -= 1;
              subscription.unsubscribe();
            };
          }),
      ),
      finalize(release),
    );
  }

  /** Ends every stream before the HTTP server closes, which would otherwise wait for them. */
  beforeApplicationShutdown(): void {
    this.stopping.next();
  }
}
