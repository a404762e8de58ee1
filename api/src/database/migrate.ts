import type { DataSource } from 'typeorm';

/** The advisory lock under which an API process migrates the database. */
const MIGRATIONS_LOCK = 'touchline:migrations';

/**
 * Runs the pending migrations, one migrating process at a time: API replicas that start together would otherwise
 * run the same migration at once, and all but one would fail their start. A replica that waited finds nothing left.
 */
export async function migrateExclusively(dataSource: DataSource): Promise<void> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [MIGRATIONS_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [MIGRATIONS_LOCK]).catch(() => undefined);
    await lock.release();
  }
}
