import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Goals a coach sets on a figure of their sessions (Development dashboard). */
export class CoachingGoals1764260000000 implements MigrationInterface {
  name = 'CoachingGoals1764260000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "coaching_goals" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "figure" varchar(40) NOT NULL,
        "comparison" varchar(8) NOT NULL,
        "target" double precision NOT NULL,
        "target_date" date NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ck_coaching_goals_comparison" CHECK ("comparison" IN ('atLeast', 'atMost')),
        CONSTRAINT "ck_coaching_goals_target" CHECK ("target" >= 0 AND "target" <= 14400)
      )
    `);
    await q.query(`CREATE INDEX "ix_coaching_goals_owner" ON "coaching_goals" ("owner_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "coaching_goals"`);
  }
}
