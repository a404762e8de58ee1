import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The username and plan chosen on /signup, kept with the embedded provider's account until the product's user
 * exists, so registration can finish in whichever browser the coach signs in after verifying the email.
 */
export class IdentitySignupProfile1764210000000 implements MigrationInterface {
  name = 'IdentitySignupProfile1764210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "identity_accounts" ADD COLUMN "signup_username" varchar(50), ADD COLUMN "signup_plan" varchar(32)`);
    // Password changes end the account's sessions, grants and tokens: find them without a full scan.
    await q.query(`CREATE INDEX "ix_oidc_payloads_account_id" ON "oidc_payloads" (("payload"->>'accountId'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_oidc_payloads_account_id"`);
    await q.query(`ALTER TABLE "identity_accounts" DROP COLUMN "signup_plan", DROP COLUMN "signup_username"`);
  }
}
