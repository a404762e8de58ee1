import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows, loadOrCreateSecret } from '../database';

export interface ResetCodeRow {
  id: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
}

@Injectable()
export class PasswordResetCodesRepository {
  private pepperValue: Promise<string> | undefined;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A new code replaces any earlier one for the same email. */
  async replace(email: string, codeHash: string, ttlSeconds: number): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(`UPDATE password_reset_codes SET consumed_at = now() WHERE lower(email) = lower($1) AND consumed_at IS NULL`, [email]);
      await m.query(`INSERT INTO password_reset_codes (email, code_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
        email,
        codeHash,
        ttlSeconds,
      ]);
    });
  }

  async lockLatest(m: EntityManager, email: string): Promise<ResetCodeRow | null> {
    const rows: { id: string; code_hash: string; attempts: number; expires_at: Date }[] = await m.query(
      `SELECT id, code_hash, attempts, expires_at FROM password_reset_codes
        WHERE lower(email) = lower($1) AND consumed_at IS NULL
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [email],
    );
    const row = rows[0];
    return row ? { id: row.id, codeHash: row.code_hash, attempts: row.attempts, expiresAt: row.expires_at } : null;
  }

  /** Counts a wrong guess; returns the attempts so far. */
  async countFailure(m: EntityManager, id: string): Promise<number> {
    const rows = returningRows<{ attempts: number }>(
      await m.query(`UPDATE password_reset_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts`, [id]),
    );
    return rows[0]!.attempts;
  }

  async consume(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE password_reset_codes SET consumed_at = now() WHERE id = $1`, [id]);
  }

  /** The server-side secret mixed into code hashes, so a copy of the table alone cannot be brute-forced. */
  pepper(): Promise<string> {
    this.pepperValue ??= loadOrCreateSecret(this.dataSource, 'reset-pepper', async () => randomBytes(32).toString('base64url'));
    return this.pepperValue;
  }
}
