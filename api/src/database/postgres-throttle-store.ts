import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ThrottleStore, type ThrottleCount } from './throttle-store';

/** How often a process deletes expired counts. */
const PURGE_INTERVAL_MS = 5 * 60 * 1000;
/** Counts are deleted this long after they expired, so a replica whose clock runs behind still reads them as it should. */
const PURGE_GRACE_MS = 60 * 1000;

interface Row {
  points: number;
  expires_at: Date;
}

const count = (row: Row): ThrottleCount => ({ points: row.points, expiresAt: row.expires_at.getTime() });

/**
 * `ThrottleStore` on PostgreSQL's `throttle_attempts` (migration 1765900000000), shared by every API process.
 * Each call is one statement: an addition is an upsert that starts a new window or adds to the live one, so tries
 * made at two replicas at the same moment both count. Every process deletes expired rows every five minutes.
 */
@Injectable()
export class PostgresThrottleStore extends ThrottleStore implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PostgresThrottleStore.name);
  private timer: NodeJS.Timeout | undefined;
  private purging: Promise<unknown> = Promise.resolve();

  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async add(key: string, points: number, windowMs: number, now: number, slide = false): Promise<ThrottleCount> {
    const rows = (await this.db.query(
      `INSERT INTO throttle_attempts AS t (key, points, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN t.expires_at <= $4 THEN EXCLUDED.points ELSE t.points + EXCLUDED.points END,
         expires_at = CASE WHEN t.expires_at <= $4 OR $5::boolean THEN EXCLUDED.expires_at ELSE t.expires_at END
       RETURNING points, expires_at`,
      [key, points, new Date(now + windowMs), new Date(now), slide],
    )) as Row[];
    return count(rows[0]!);
  }

  async get(key: string, now: number): Promise<ThrottleCount | null> {
    const rows = (await this.db.query(`SELECT points, expires_at FROM throttle_attempts WHERE key = $1 AND expires_at > $2`, [key, new Date(now)])) as Row[];
    return rows[0] ? count(rows[0]) : null;
  }

  async set(key: string, points: number, expiresAt: number): Promise<void> {
    await this.db.query(
      `INSERT INTO throttle_attempts (key, points, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET points = EXCLUDED.points, expires_at = EXCLUDED.expires_at`,
      [key, points, new Date(expiresAt)],
    );
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length) await this.db.query(`DELETE FROM throttle_attempts WHERE key = ANY($1)`, [keys]);
  }

  async deleteUnder(prefix: string): Promise<void> {
    await this.db.query(`DELETE FROM throttle_attempts WHERE key >= $1 AND key < $2`, [prefix, after(prefix)]);
  }

  async countUnder(prefix: string, now: number): Promise<number> {
    const rows = (await this.db.query(`SELECT count(*)::int AS n FROM throttle_attempts WHERE key >= $1 AND key < $2 AND expires_at > $3`, [
      prefix,
      after(prefix),
      new Date(now),
    ])) as { n: number }[];
    return rows[0]!.n;
  }

  /** Deletes counts that expired a while ago; answers how many. */
  async purge(now = Date.now()): Promise<number> {
    const [, deleted] = (await this.db.query(`DELETE FROM throttle_attempts WHERE expires_at < $1`, [new Date(now - PURGE_GRACE_MS)])) as [unknown, number];
    return deleted;
  }

  onApplicationBootstrap(): void {
    const tick = () => {
      this.purging = this.purge().catch((error: unknown) => this.logger.warn({ err: error }, 'deleting expired throttle counts failed'));
      this.timer = setTimeout(tick, PURGE_INTERVAL_MS).unref();
    };
    this.timer = setTimeout(tick, PURGE_INTERVAL_MS).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    await this.purging;
  }
}

/** The first string after every string that starts with `prefix` (the key column sorts bytewise: COLLATE "C"). */
function after(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}
