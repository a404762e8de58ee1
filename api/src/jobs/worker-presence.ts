import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';

/** How long a worker waits before connecting again after losing its presence connection. */
const RECONNECT_MS = 2_000;
/** PostgreSQL closes the connection of a worker whose host vanished after about this long (see the upload locks). */
const KEEPALIVE = { idle: 20, interval: 5, count: 4 };

/** The advisory lock that says the worker `workerId` is alive: held by that worker's presence connection. */
export const workerLockName = (workerId: string) => `touchline:worker:${workerId}`;

/**
 * A worker process's presence: a connection of its own holding the advisory lock `touchline:worker:<id>` for as
 * long as the process lives. A killed worker's connection closes and the lock is free at once, which is how another
 * worker tells a dead worker's jobs (its to take over) from a live one's (never touched). Lost while the process
 * lives, the connection is made again and the lock taken again.
 */
export class WorkerPresence {
  readonly workerId = randomUUID();
  private readonly logger = new Logger(WorkerPresence.name);
  private client: Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly databaseUrl: string) {}

  /** Resolves once the lock is held. */
  async start(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'touchline-worker', keepAlive: true });
    let lost = false;
    const drop = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn({ err: error }, 'worker presence connection lost; taking the lock again shortly');
      this.retry = setTimeout(() => void this.start().catch(() => undefined), RECONNECT_MS);
      this.retry.unref();
    };
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      await client.query(
        `SELECT set_config('tcp_keepalives_idle', $1, false), set_config('tcp_keepalives_interval', $2, false), set_config('tcp_keepalives_count', $3, false)`,
        [String(KEEPALIVE.idle), String(KEEPALIVE.interval), String(KEEPALIVE.count)],
      );
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [workerLockName(this.workerId)]);
      this.client = client;
    } catch (error) {
      drop(error as Error);
      throw error;
    }
  }

  /**
   * Runs `work` while holding the lock `name` on this connection, unless another worker holds it (then answers
   * undefined without running it): one worker at a time does what `name` stands for.
   */
  async exclusively<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
    const client = this.client;
    if (!client) return undefined;
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [name]);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]).catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }
}
