import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { AnalysisWait, SessionStatusEventDto } from '@touchline/shared';
import { type Observable, Subject } from 'rxjs';
import { NotificationListener } from '../../database';
import { ACCOUNT_CHANNEL } from '../../users';

/** The NOTIFY channel the `coaching_sessions` triggers announce changes on (migrations 1764200000000, 1766000000000). */
export const SESSION_STATUS_CHANNEL = 'session_status';

/** One change as the database announces it: the event a coach receives (with `waitingFor` null when not waiting), and whose session it is. */
export interface SessionStatusChange extends Omit<SessionStatusEventDto, 'waitingFor'> {
  ownerId: string;
  waitingFor?: AnalysisWait | null;
}

/**
 * Every session change committed to the database, from any process (the worker service included), and every
 * account change, as the process's notification listener (`NotificationListener`, one LISTEN connection) hears
 * them. The API process keeps that connection open from start (the users module asks it to, for its cache);
 * otherwise (the worker) it connects only when a stream opens. When that connection is lost, every stream on it
 * ends: their clients reconnect, which connects again, and catch up on what they missed by reading the API.
 */
@Injectable()
export class SessionStatusFeed implements OnApplicationShutdown {
  private readonly logger = new Logger(SessionStatusFeed.name);
  readonly changes = new Subject<SessionStatusChange>();
  /** Users whose plan or role changed. */
  readonly accountChanges = new Subject<{ userId: string }>();
  private readonly unsubscribe: (() => void)[];
  private stopped = false;

  constructor(private readonly notifications: NotificationListener) {
    this.unsubscribe = [
      notifications.subscribe(SESSION_STATUS_CHANNEL, (payload) => this.read(payload, this.changes)),
      notifications.subscribe(ACCOUNT_CHANNEL, (payload) => this.read(payload, this.accountChanges)),
    ];
  }

  /**
   * Resolves once the database is listening, connecting first when needed, with a signal that fires when this
   * connection is lost (at once for a late subscriber, so no stream outlives its connection unnoticed).
   */
  async ready(): Promise<Observable<void>> {
    if (this.stopped) throw new Error('the status feed has stopped');
    return this.notifications.ready();
  }

  private read<T>(payload: string, into: Subject<T>): void {
    try {
      into.next(JSON.parse(payload) as T);
    } catch (error) {
      this.logger.error({ err: error }, 'unreadable session status notification');
    }
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    for (const stop of this.unsubscribe) stop();
    this.changes.complete();
    this.accountChanges.complete();
  }
}
