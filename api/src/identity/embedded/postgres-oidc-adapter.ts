import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DataSource, EntityManager } from 'typeorm';

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

/**
 * oidc-provider's storage (sessions, interactions, codes, grants, tokens) in PostgreSQL, so a restart keeps
 * users signed in and a half-finished sign-in can continue. Contract:
 * https://github.com/panva/node-oidc-provider/blob/v8.x/example/my_adapter.js
 */
export function postgresOidcAdapter(dataSource: DataSource): new (kind: string) => Adapter {
  return class PostgresOidcAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await dataSource.query(
        `INSERT INTO oidc_payloads (kind, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int > 0 THEN now() + make_interval(secs => $7::int) END)
         ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [this.kind, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ?? 0],
      );
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('id = $2', id);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('uid = $2', uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('user_code = $2', userCode);
    }

    async consume(id: string): Promise<void> {
      await dataSource.query(`UPDATE oidc_payloads SET consumed_at = now() WHERE kind = $1 AND id = $2`, [this.kind, id]);
    }

    async destroy(id: string): Promise<void> {
      await dataSource.query(`DELETE FROM oidc_payloads WHERE kind = $1 AND id = $2`, [this.kind, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await dataSource.query(`DELETE FROM oidc_payloads WHERE grant_id = $1`, [grantId]);
    }

    private async findWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
      const rows: Row[] = await dataSource.query(
        `SELECT payload, consumed_at FROM oidc_payloads
          WHERE kind = $1 AND ${condition} AND (expires_at IS NULL OR expires_at > now())`,
        [this.kind, value],
      );
      const row = rows[0];
      if (!row) return undefined;
      return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
    }
  };
}

/** Expired rows are invisible already; this reclaims their space. */
export async function deleteExpiredOidcPayloads(dataSource: DataSource): Promise<void> {
  await dataSource.query(`DELETE FROM oidc_payloads WHERE expires_at < now()`);
}

/**
 * Ends everything an account holds at the provider: its sessions (so `prompt=none` needs a sign-in again),
 * grants, refresh tokens and unredeemed codes. Access tokens are JWTs and run out within 5 minutes.
 * `keepSessionUid` spares the browser session that is changing the password, so its sign-in can finish.
 */
export async function endAccountOidcState(manager: EntityManager, accountId: string, keepSessionUid?: string): Promise<void> {
  await manager.query(
    `DELETE FROM oidc_payloads
      WHERE payload->>'accountId' = $1
        AND kind IN ('Session', 'Grant', 'RefreshToken', 'AuthorizationCode')
        AND NOT (kind = 'Session' AND payload->>'uid' = $2)`,
    [accountId, keepSessionUid ?? ''],
  );
}
