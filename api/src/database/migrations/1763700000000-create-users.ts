import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763700000000 implements MigrationInterface {
  name = 'CreateUsers1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "identity_id" varchar(255) NOT NULL,
        "username" varchar(64) NOT NULL,
        "email" varchar(320) NOT NULL,
        "plan" varchar(32) NOT NULL,
        "elite_role" varchar(32),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "uq_users_identity_id" UNIQUE ("identity_id"),
        CONSTRAINT "ck_users_plan" CHECK ("plan" IN ('Free Trial', 'Coach', 'Coach Plus', 'Elite', 'Pro', 'Goalkeeping Plus', 'Add-on')),
        CONSTRAINT "ck_users_elite_role" CHECK (
          "elite_role" IS NULL OR ("plan" = 'Elite' AND "elite_role" IN ('Elite Coach', 'Elite Admin'))
        )
      )
    `);
    await q.query(`CREATE UNIQUE INDEX "uq_users_email" ON "users" (lower("email"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "users"`);
  }
}
