import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface EmbeddedIdpSecrets {
  /** Private signing keys (JWK); the first signs. */
  jwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies; the first signs, all verify. */
  cookieKeys: string[];
}

/**
 * Loads the embedded provider's signing and cookie keys from the database, creating them on first start.
 * They live in PostgreSQL (not a file) so every API instance and every restart agrees on them.
 */
export async function loadOrCreateSecrets(dataSource: DataSource): Promise<EmbeddedIdpSecrets> {
  const jwks = await loadOrCreate(dataSource, 'jwks', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] };
  });
  const cookieKeys = await loadOrCreate(dataSource, 'cookie-keys', async () => [randomBytes(32).toString('base64url')]);
  return { jwks, cookieKeys };
}

/** Insert-if-absent, then read: two instances starting together end up with the same value. */
async function loadOrCreate<T>(dataSource: DataSource, name: string, create: () => Promise<T>): Promise<T> {
  const existing: { value: T }[] = await dataSource.query(`SELECT value FROM identity_secrets WHERE name = $1`, [name]);
  if (existing[0]) return existing[0].value;
  await dataSource.query(`INSERT INTO identity_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    name,
    JSON.stringify(await create()),
  ]);
  const rows: { value: T }[] = await dataSource.query(`SELECT value FROM identity_secrets WHERE name = $1`, [name]);
  return rows[0]!.value;
}
