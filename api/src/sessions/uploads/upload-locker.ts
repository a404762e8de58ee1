import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { Client, type QueryResult, type QueryResultRow } from 'pg';
import { DATABASE_URL, NotificationListener } from '../../database';

/** The NOTIFY channel on which a request waiting for an upload asks its holder, in whichever process, to let go. */
export const UPLOAD_RELEASE_CHANNEL = 'tus_lock_release';
/** As tus's own MemoryLocker: a request that cannot have the upload within this long fails (500, lock timeout). */
const ACQUIRE_TIMEOUT_MS = 30_000;
/** Between two tries for a held upload: short at first, as a holder asked to let go usually does within moments. */
const RETRY_MS = [10, 25, 50, 100, 200];
/** A waiter asks again this often, in case the holder's process missed the first request while reconnecting. */
const ASK_AGAIN_MS = 1_000;
/**
 * PostgreSQL closes the lock connection of a host that vanished (no FIN: a power cut, a network partition) after
 * about this long, which frees its locks; a process that is killed closes its connection at once.
 */
const KEEPALIVE = { idle: 20, interval: 5, count: 4 };

interface Connection {
  client: Client;
  /** Resolves when the connection is open and set up. */
  ready: Promise<void>;
  live: boolean;
  /** The last query sent on it: the next one waits for it, as a pg client takes one query at a time. */
  tail: Promise<unknown>;
}

/** Sends a query on the connection once its earlier queries have been answered (in the order asked). */
function send<R extends QueryResultRow>(connection: Connection, text: string, values: unknown[]): Promise<QueryResult<R>> {
  const result = connection.tail.then(() => connection.client.query<R>(text, values));
  connection.tail = result.catch(() => undefined);
  return result;
}

interface Holder {
  /** The connection the lock was asked for on (unset while connecting). */
  connection?: Connection;
  /** True once PostgreSQL granted the lock; a request still asking is never asked to let go. */
  holding: boolean;
  requestRelease: RequestRelease;
}

/**
 * tus's locks across processes: each upload's lock is a PostgreSQL session-level advisory lock, so a PATCH at one
 * API replica and a HEAD or PATCH for the same upload at another are serialised as tus requires. A process holds
 * all of its upload locks on one connection of its own (`touchline-upload-locks`); release requests arrive through
 * the process's notification listener (`NotificationListener`): a request that finds an upload locked asks its
 * holder to let go (tus's `requestRelease`: the holder's request is cancelled after tus's drain time), through
 * NOTIFY when the holder is in another process. Every lock operation first makes sure the listener is listening
 * (connecting it again if it was lost), and the API process keeps it connected from start; a request missed
 * meanwhile is asked again by its waiter (`ASK_AGAIN_MS`). When a process dies its connection closes and PostgreSQL
 * frees every lock it held; when the lock connection is lost while the process lives, every request holding a lock
 * on it is asked to stop, as the lock no longer protects it.
 * docs/decisions.md ("Two API replicas") gives the reasons over a connection per lock or a lock table.
 */
@Injectable()
export class PostgresUploadLocker implements Locker, OnApplicationShutdown {
  private readonly logger = new Logger(PostgresUploadLocker.name);
  /** The uploads this process holds (or is asking PostgreSQL for), by id. */
  private readonly held = new Map<string, Holder>();
  private connection: Connection | undefined;
  private stopped = false;
  private readonly unsubscribe: () => void;

  /** How long a request waits for an upload another request holds before it fails. */
  acquireTimeoutMs = ACQUIRE_TIMEOUT_MS;

  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly notifications: NotificationListener,
  ) {
    this.unsubscribe = notifications.subscribe(UPLOAD_RELEASE_CHANNEL, (id) => this.release(id));
  }

  newLock(id: string): Lock {
    return new PostgresUploadLock(this, id, this.acquireTimeoutMs);
  }

  /** True when this process now holds `id`; false when a request here or in another process does. */
  async tryLock(id: string, requestRelease: RequestRelease): Promise<boolean> {
    if (this.held.has(id)) return false;
    // Claimed here before PostgreSQL is asked, so a second request of this process for the same upload waits
    // (advisory locks are re-entrant within one connection).
    const holder: Holder = { holding: false, requestRelease };
    this.held.set(id, holder);
    let connection: Connection;
    try {
      connection = await this.connect();
    } catch (error) {
      this.held.delete(id);
      throw error;
    }
    holder.connection = connection;
    try {
      const { rows } = await send<{ locked: boolean }>(connection, 'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [lockName(id)]);
      if (rows[0]?.locked && connection.live) {
        holder.holding = true;
        return true;
      }
    } catch (error) {
      this.logger.warn({ err: error, uploadId: id }, 'upload lock query failed');
    }
    if (this.held.get(id) === holder) this.held.delete(id);
    return false;
  }

  /** Asks whoever holds `id` to finish: at once in this process, through NOTIFY in every other. */
  async askToRelease(id: string): Promise<void> {
    this.release(id);
    const connection = await this.connect();
    await send(connection, 'SELECT pg_notify($1, $2)', [UPLOAD_RELEASE_CHANNEL, id]);
  }

  async unlock(id: string): Promise<void> {
    const holder = this.held.get(id);
    if (!holder?.holding) throw new Error('Releasing an unlocked lock!');
    this.held.delete(id);
    // A lost connection took its locks with it (and a newer one must not release what it holds for another request).
    const connection = holder.connection!;
    if (!connection.live) return;
    await send(connection, 'SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockName(id)]).catch((error: unknown) => {
      this.logger.warn({ err: error, uploadId: id }, 'upload unlock failed; the lock goes with its connection');
      this.drop(connection, error as Error);
    });
  }

  /** tus's `requestRelease` of this process's holder of `id`, if there is one. */
  private release(id: string): void {
    const holder = this.held.get(id);
    if (holder?.holding) void Promise.resolve(holder.requestRelease()).catch(() => undefined);
  }

  /** How many uploads this process holds now. */
  get heldCount(): number {
    return this.held.size;
  }

  private async connect(): Promise<Connection> {
    if (this.stopped) throw ERRORS.ERR_LOCK_TIMEOUT;
    await this.notifications.ready();
    if (this.connection?.live) {
      await this.connection.ready;
      if (this.connection?.live) return this.connection;
    }
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'touchline-upload-locks', keepAlive: true });
    const connection: Connection = { client, live: true, ready: Promise.resolve(), tail: Promise.resolve() };
    client.on('error', (error) => this.drop(connection, error));
    client.on('end', () => this.drop(connection));
    connection.ready = (async () => {
      await client.connect();
      await client.query(
        `SELECT set_config('tcp_keepalives_idle', $1, false), set_config('tcp_keepalives_interval', $2, false), set_config('tcp_keepalives_count', $3, false)`,
        [String(KEEPALIVE.idle), String(KEEPALIVE.interval), String(KEEPALIVE.count)],
      );
    })();
    this.connection = connection;
    try {
      await connection.ready;
    } catch (error) {
      this.drop(connection, error as Error);
      throw error;
    }
    return connection;
  }

  /**
   * The connection is gone, and with it every lock taken on it: their requests are asked to stop. They stay in
   * `held` until they unlock, so another request of this process for the same upload still waits for them.
   */
  private drop(connection: Connection, error?: Error): void {
    if (!connection.live) return;
    connection.live = false;
    if (this.connection === connection) this.connection = undefined;
    if (!this.stopped) this.logger.warn({ err: error }, 'upload lock connection lost; requests holding its locks are cancelled');
    for (const [id, holder] of this.held) if (holder.connection === connection) this.release(id);
    connection.client.end().catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    const connection = this.connection;
    if (!connection) return;
    await connection.ready.catch(() => undefined);
    this.drop(connection);
  }
}

class PostgresUploadLock implements Lock {
  constructor(
    private readonly locker: PostgresUploadLocker,
    private readonly id: string,
    private readonly timeoutMs: number,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    let asked = 0;
    for (let attempt = 0; ; attempt++) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (await this.locker.tryLock(this.id, requestRelease)) {
        if (!signal.aborted) return;
        // The request ended while PostgreSQL answered: it never gets the lock.
        await this.locker.unlock(this.id);
        throw ERRORS.ERR_LOCK_TIMEOUT;
      }
      if (Date.now() - asked >= ASK_AGAIN_MS) {
        asked = Date.now();
        await this.locker.askToRelease(this.id).catch(() => undefined);
      }
      const wait = Math.min(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!, deadline - Date.now());
      if (wait <= 0) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(wait, undefined, { signal }).catch(() => undefined);
    }
  }

  async unlock(): Promise<void> {
    await this.locker.unlock(this.id);
  }
}

/** The advisory lock's name; PostgreSQL hashes it to the 64-bit key (pg-boss and the goals' locks use other names). */
const lockName = (uploadId: string) => `touchline:tus-upload:${uploadId}`;
