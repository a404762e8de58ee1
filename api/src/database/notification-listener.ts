import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { type Observable, ReplaySubject, take } from 'rxjs';
import { DATABASE_URL } from './database-url';

/** How long a process that keeps listening waits before connecting again after losing its connection. */
const RELISTEN_DELAY_MS = 2_000;

/** Runs with the payload of each notification on the channel it subscribed to. */
export type NotificationHandler = (payload: string) => void;

interface Connection {
  client: Client;
  /** Fires once, when this connection is lost (at once for a late subscriber). */
  lost: Observable<void>;
  drop: (error?: Error) => void;
}

/**
 * The process's PostgreSQL LISTEN, on one connection of its own (`touchline-events`): every channel a module
 * subscribed to (the sessions' status changes, account changes, the upload locks' release requests) is listened
 * on it, and each notification goes to its channel's handlers. It connects when first asked (`ready`), or from
 * start and for as long as the process runs (`keepListening`, in the API process). When the connection is lost,
 * notifications sent meanwhile are not heard here: `ready`'s signal fires, and the next `ready` connects again.
 */
@Injectable()
export class NotificationListener implements OnApplicationShutdown {
  private readonly logger = new Logger(NotificationListener.name);
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private connection: Promise<Connection> | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(@Inject(DATABASE_URL) private readonly databaseUrl: string) {}

  /**
   * Hands `handler` every notification on `channel` from now on (while the connection is open); the returned
   * function stops that. A channel subscribed while connected is listened on before `ready` resolves again.
   */
  subscribe(channel: string, handler: NotificationHandler): () => void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
      const open = this.connection;
      if (open) {
        this.connection = open.then(async (connection) => {
          try {
            await connection.client.query(`LISTEN ${channel}`);
          } catch (error) {
            connection.drop(error as Error);
            throw error;
          }
          return connection;
        });
        this.connection.catch(() => undefined);
      }
    }
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  /**
   * Resolves once the database is listening on every subscribed channel, connecting first when needed, with a
   * signal that fires when this connection is lost (at once for a late subscriber, so nothing that relies on
   * the connection outlives it unnoticed).
   */
  async ready(): Promise<Observable<void>> {
    if (this.stopped) throw new Error('the notification listener has stopped');
    this.connection ??= this.connect();
    return (await this.connection).lost;
  }

  /**
   * Keeps the connection open for as long as the process runs, connecting again a moment after it is lost or
   * refused. `onGap` runs each time the connection is lost, since notifications sent meanwhile were not heard here.
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

  private async connect(): Promise<Connection> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'touchline-events', keepAlive: true });
    const lost = new ReplaySubject<void>(1);
    let live = true;
    const drop = (error?: Error) => {
      if (!live) return;
      live = false;
      this.connection = undefined;
      if (!this.stopped) this.logger.warn({ err: error }, 'the database notifications connection was lost; listening again');
      lost.next();
      client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', ({ channel, payload }) => {
      if (!payload) return;
      for (const handler of this.handlers.get(channel) ?? []) {
        try {
          handler(payload);
        } catch (error) {
          this.logger.error({ err: error, channel }, 'notification handler failed');
        }
      }
    });
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
      return { client, lost, drop };
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
  }
}
