import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tables of the embedded OpenID provider (accounts, its protocol state, its keys, email verifications) and
 * the API's own password-reset codes, which serve both identity providers.
 */
export class Identity1763800000000 implements MigrationInterface {
  name = 'Identity1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "identity_accounts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" varchar(320) NOT NULL,
        "password_hash" text NOT NULL,
        "email_verified" boolean NOT NULL DEFAULT false,
        "disabled" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )
    `);
    await q.query(`CREATE UNIQUE INDEX "uq_identity_accounts_email" ON "identity_accounts" (lower("email"))`);

    await q.query(`
      CREATE TABLE "email_verifications" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "account_id" uuid NOT NULL REFERENCES "identity_accounts" ("id") ON DELETE CASCADE,
        "token_hash" char(64) NOT NULL UNIQUE,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )
    `);

    await q.query(`
      CREATE TABLE "oidc_payloads" (
        "kind" varchar(64) NOT NULL,
        "id" varchar(255) NOT NULL,
        "payload" jsonb NOT NULL,
        "grant_id" varchar(255),
        "user_code" varchar(255),
        "uid" varchar(255),
        "expires_at" timestamptz,
        "consumed_at" timestamptz,
        PRIMARY KEY ("kind", "id")
      )
    `);
    await q.query(`CREATE INDEX "ix_oidc_payloads_grant_id" ON "oidc_payloads" ("grant_id")`);
    await q.query(`CREATE INDEX "ix_oidc_payloads_uid" ON "oidc_payloads" ("uid")`);
    await q.query(`CREATE INDEX "ix_oidc_payloads_user_code" ON "oidc_payloads" ("user_code")`);
    await q.query(`CREATE INDEX "ix_oidc_payloads_expires_at" ON "oidc_payloads" ("expires_at")`);

    await q.query(`
      CREATE TABLE "identity_secrets" (
        "name" varchar(64) PRIMARY KEY,
        "value" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )
    `);

    await q.query(`
      CREATE TABLE "password_reset_codes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" varchar(320) NOT NULL,
        "code_hash" char(64) NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "expires_at" timestamptz NOT NULL,
        "consumed_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )
    `);
    await q.query(`CREATE INDEX "ix_password_reset_codes_email" ON "password_reset_codes" (lower("email"), "created_at" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "password_reset_codes"`);
    await q.query(`DROP TABLE "identity_secrets"`);
    await q.query(`DROP TABLE "oidc_payloads"`);
    await q.query(`DROP TABLE "email_verifications"`);
    await q.query(`DROP TABLE "identity_accounts"`);
  }
}
