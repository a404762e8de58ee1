import type { DataSource } from 'typeorm';

/**
 * A server-side secret kept in `identity_secrets`, created on first use. Insert-if-absent, then read:
 * two instances starting together end up with the same value.
 */
export async function loadOrCreateSecret<T>(dataSource: DataSource, name: string, create: () => Promise<T>): Promise<T> {
  const existing: { value: T }[] = await dataSource.query(`SELECT value FROM identity_secrets WHERE name = $1`, [name]);
  if (existing[0]) return existing[0].value;
  await dataSource.query(`INSERT INTO identity_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, JSON.stringify(await create())]);
  const rows: { value: T }[] = await dataSource.query(`SELECT value FROM identity_secrets WHERE name = $1`, [name]);
  return rows[0]!.value;
}
