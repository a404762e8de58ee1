import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { isUniqueViolation, returningRows } from '../../database';
import type { SignupProfile } from '../signup-profile';
import { IdentityAccountEntity } from './identity-account.entity';
import { endAccountOidcState } from './postgres-oidc-adapter';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

@Injectable()
export class IdentityAccountsRepository {
  constructor(
    @InjectRepository(IdentityAccountEntity) private readonly accounts: Repository<IdentityAccountEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  findById(id: string): Promise<IdentityAccountEntity | null> {
    return this.accounts.findOneBy({ id });
  }

  findByEmail(email: string): Promise<IdentityAccountEntity | null> {
    return this.accounts.createQueryBuilder('a').where('lower(a.email) = lower(:email)', { email }).getOne();
  }

  /** Creates an unverified account; null when the email is taken (the unique index decides, not a race-prone lookup). */
  async create(email: string, passwordHash: string, profile: SignupProfile | null = null): Promise<IdentityAccountEntity | null> {
    try {
      return await this.accounts.save(
        this.accounts.create({ email, passwordHash, emailVerified: false, signupUsername: profile?.username ?? null, signupPlan: profile?.plan ?? null }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** An account whose sign-up could not be completed (its verification email was refused), as if never made. */
  async delete(id: string): Promise<void> {
    await this.accounts.delete({ id });
  }

  /**
   * Sets a new password and, in the same transaction, ends the account's sessions, grants and refresh tokens,
   * so whoever held the old password keeps nothing (except `keepSessionUid`, the session making the change).
   */
  async setPasswordHash(id: string, passwordHash: string, keepSessionUid?: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.update(IdentityAccountEntity, { id }, { passwordHash });
      await endAccountOidcState(m, id, keepSessionUid);
    });
  }

  /** A fresh single-use verification token; only its hash is stored. */
  async createEmailVerification(accountId: string, ttlSeconds: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.query(`INSERT INTO email_verifications (account_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      accountId,
      sha256(token),
      ttlSeconds,
    ]);
    return token;
  }

  /** Uses a verification token once: marks it used and the account verified. Returns the account id, or null. */
  async consumeEmailVerification(token: string): Promise<string | null> {
    return this.dataSource.transaction(async (m) => {
      const rows = returningRows<{ account_id: string }>(
        await m.query(
          `UPDATE email_verifications SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING account_id`,
          [sha256(token)],
        ),
      );
      const accountId = rows[0]?.account_id;
      if (!accountId) return null;
      await m.query(`UPDATE identity_accounts SET email_verified = true, updated_at = now() WHERE id = $1`, [accountId]);
      return accountId;
    });
  }
}
