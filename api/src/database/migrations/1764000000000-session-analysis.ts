import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SessionAnalysis1764000000000 implements MigrationInterface {
  name = 'SessionAnalysis1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "coaching_sessions" ADD "analysis_progress" smallint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE "coaching_sessions" ADD "failure_reason" varchar(500)`);
    await q.query(`ALTER TABLE "coaching_sessions" ADD CONSTRAINT "ck_coaching_sessions_progress" CHECK ("analysis_progress" BETWEEN 0 AND 100)`);
    await q.query(`
      CREATE TABLE "session_analyses" (
        "session_id" uuid PRIMARY KEY REFERENCES "coaching_sessions" ("id") ON DELETE CASCADE,
        "metrics" jsonb NOT NULL,
        "segments" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "session_analyses"`);
    await q.query(`ALTER TABLE "coaching_sessions" DROP CONSTRAINT "ck_coaching_sessions_progress"`);
    await q.query(`ALTER TABLE "coaching_sessions" DROP COLUMN "failure_reason"`);
    await q.query(`ALTER TABLE "coaching_sessions" DROP COLUMN "analysis_progress"`);
  }
}
