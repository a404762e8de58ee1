import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { SessionStatusEventDto } from '@touchline/shared';
import { Client } from 'pg';
import { Subject } from 'rxjs';
import { DATABASE_URL } from '../database/database-url';

/** The NOTIFY channel the `coaching_sessions` triggers announce changes on (migration 1764200000000). */
export const SESSION_STATUS_CHANNEL = 'session_status';

/** One change as the database announces it: the event a coach receives, and whose session it is. */
export interface SessionStatusChange extends SessionStatusEventDto {
  ownerId: string;
}

/**
 * Every session change committed to the database, from any process (the worker service included), read with
 * PostgreSQL LISTEN on one connection of its own. It connects when the first stream opens, so a worker never
 * listens. When that connection is lost, `lost` tells every stream to end: their clients reconnect, which
 * connects again, and catch up on what they missed by reading the API.
 */
@Injectable()
export class SessionStatusFeed implements OnApplicationShutdown {
  private readonly logger = new Logger(SessionStatusFeed.name);
  readonly changes = new Subject<SessionStatusChange>();
  readonly lost = new Subject<void>();
  private connection: Promise<Client> | undefined;
  private stopped = false;

  constructor(@Inject(DATABASE_URL) private readonly databaseUrl: string) {}

  /** Resolves once the database is listening, connecting first when needed. */
  async ready(): Promise<void> {
    if (this.stopped) throw new Error('the status feed has stopped');
    this.connection ??= this.connect();
    await this.connection;
  }

  private async connect(): Promise<Client> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'touchline-events', keepAlive: true });
    let live = true;
    const drop = (error?: Error) => {
      if (!live) return;
      live = false;
      this.connection = undefined;
      if (!this.stopped) this.logger.warn({ err: error }, 'session status feed lost its database connection');
      this.lost.next();
      client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', ({ channel, payload }) => {
      if (channel !== SESSION_STATUS_CHANNEL || !payload) return;
      try {
        this.changes.next(JSON.parse(payload) as SessionStatusChange);
      } catch (error) {
        this.logger.error({ err: error }, 'unreadable session status notification');
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_STATUS_CHANNEL}`);
      return client;
    } catch (error) {
      drop(error as Error);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const connection = this.connection;
    this.connection = undefined;
    const client = await connection?.catch(() => undefined);
    await client?.end().catch(() => undefined);
    this.changes.complete();
    this.lost.complete();
  }
}
