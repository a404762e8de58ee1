import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { loadOrCreateSecret } from '../../database';
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
  const jwks = await loadOrCreateSecret(dataSource, 'jwks', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] };
  });
  const cookieKeys = await loadOrCreateSecret(dataSource, 'cookie-keys', async () => [randomBytes(32).toString('base64url')]);
  return { jwks, cookieKeys };
}
