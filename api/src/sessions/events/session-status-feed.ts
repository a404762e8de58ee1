import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { AnalysisWait, SessionStatusEventDto } from '@touchline/shared';
import { Client } from 'pg';
import { type Observable, ReplaySubject, Subject, take } from 'rxjs';
import { DATABASE_URL } from '../../database';

/** The NOTIFY channel the `coaching_sessions` triggers announce changes on (migrations 1764200000000, 1766000000000). */
export const SESSION_STATUS_CHANNEL = 'session_status';
/** The NOTIFY channel a user's plan or role change is announced on (migration 1764400000000). */
export const ACCOUNT_CHANNEL = 'account_changes';

/** How long a process that keeps listening waits before connecting again after losing its connection. */
const RELISTEN_DELAY_MS = 2_000;

/** One change as the database announces it: the event a coach receives (with `waitingFor` null when not waiting), and whose session it is. */
export interface SessionStatusChange extends Omit<SessionStatusEventDto, 'waitingFor'> {
  ownerId: string;
  waitingFor?: AnalysisWait | null;
}

/**
 * Every session change committed to the database, from any process (the worker service included), read with
 * PostgreSQL LISTEN on one connection of its own. The API process keeps it open from start (`keepListening`), so
 * account changes reach its user cache whether or not a stream is open; otherwise (the worker) it connects only
 * when a stream opens. When that connection is lost, every stream on it ends: their clients reconnect, which
 * connects again, and catch up on what they missed by reading the API.
 */
@Injectable()
export class SessionStatusFeed implements OnApplicationShutdown {
  private readonly logger = new Logger(SessionStatusFeed.name);
  readonly changes = new Subject<SessionStatusChange>();
  /** Users whose plan or role changed. */
  readonly accountChanges = new Subject<{ userId: string }>();
  private connection: Promise<{ client: Client; lost: Observable<void> }> | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(@Inject(DATABASE_URL) private readonly databaseUrl: string) {}

  /**
   * Resolves once the database is listening, connecting first when needed, with a signal that fires when this
   * connection is lost (at once for a late subscriber, so no stream outlives its connection unnoticed).
   */
  async ready(): Promise<Observable<void>> {
    if (this.stopped) throw new Error('the status feed has stopped');
    this.connection ??= this.connect();
    return (await this.connection).lost;
  }

  /**
   * Keeps the connection open for as long as the process runs, connecting again a moment after it is lost or
   * refused. `onGap` runs each time the connection is lost, since changes made meanwhile were not announced here.
   */
  async keepListening(onGap: () => void): Promise<void> {
    if (this.stopped) return;
    try {
      const lost = await this.ready();
      lost.pipe(take(1)).subscribe(() => {
        onGap();
        this.retryLater(onGap);
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'cannot listen for session and account changes; trying again shortly');
      this.retryLater(onGap);
    }
  }

  private retryLater(onGap: () => void): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => void this.keepListening(onGap), RELISTEN_DELAY_MS);
    this.retry.unref();
  }

  private async connect(): Promise<{ client: Client; lost: Observable<void> }> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'touchline-events', keepAlive: true });
    const lost = new ReplaySubject<void>(1);
    let live = true;
    const drop = (error?: Error) => {
      if (!live) return;
      live = false;
      this.connection = undefined;
      if (!this.stopped) this.logger.warn({ err: error }, 'session status feed lost its database connection');
      lost.next();
      client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', ({ channel, payload }) => {
      if ((channel !== SESSION_STATUS_CHANNEL && channel !== ACCOUNT_CHANNEL) || !payload) return;
      try {
        if (channel === ACCOUNT_CHANNEL) this.accountChanges.next(JSON.parse(payload) as { userId: string });
        else this.changes.next(JSON.parse(payload) as SessionStatusChange);
      } catch (error) {
        this.logger.error({ err: error }, 'unreadable session status notification');
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_STATUS_CHANNEL}`);
      await client.query(`LISTEN ${ACCOUNT_CHANNEL}`);
      return { client, lost };
    } catch (error) {
      drop(error as Error);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const connection = this.connection;
    this.connection = undefined;
    const open = await connection?.catch(() => undefined);
    await open?.client.end().catch(() => undefined);
    this.changes.complete();
    this.accountChanges.complete();
  }
}
