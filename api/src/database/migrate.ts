import type { DataSource } from 'typeorm';

/** The advisory lock under which an API process migrates the database. */
const MIGRATIONS_LOCK = 'touchline:migrations';

/**
 * Runs `work` while this process holds the PostgreSQL advisory lock `name` (on a connection of its own), so that
 * processes starting together (API replicas, workers) do it one after the other.
 */
export async function exclusively<T>(dataSource: DataSource, name: string, work: () => Promise<T>): Promise<T> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    return await work();
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]).catch(() => undefined);
    await lock.release();
  }
}

/**
 * Runs the pending migrations, one migrating process at a time: API replicas that start together would otherwise
 * run the same migration at once, and all but one would fail their start. A replica that waited finds nothing left.
 */
export async function migrateExclusively(dataSource: DataSource): Promise<void> {
  await exclusively(dataSource, MIGRATIONS_LOCK, () => dataSource.runMigrations({ transaction: 'each' }));
}
