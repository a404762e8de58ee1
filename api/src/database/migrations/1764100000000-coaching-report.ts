import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The coaching report: transcript, coaching style and category scores, with the rubric that scored them. */
export class CoachingReport1764100000000 implements MigrationInterface {
  name = 'CoachingReport1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "session_analyses" ADD "transcriber" varchar(20) NOT NULL DEFAULT 'none'`);
    await q.query(`ALTER TABLE "session_analyses" ADD "transcript" jsonb`);
    await q.query(`ALTER TABLE "session_analyses" ADD "coaching_style" varchar(20)`);
    await q.query(`ALTER TABLE "session_analyses" ADD "scores" jsonb`);
    await q.query(`ALTER TABLE "session_analyses" ADD "rubric_version" varchar(40)`);
    await q.query(`ALTER TABLE "session_analyses" ADD CONSTRAINT "ck_session_analyses_transcriber" CHECK ("transcriber" IN ('none', 'pocketsphinx', 'http'))`);
    await q.query(`ALTER TABLE "session_analyses" ADD CONSTRAINT "ck_session_analyses_style" CHECK ("coaching_style" IN ('Hands-off', 'Balanced'))`);
    await q.query(`ALTER TABLE "session_analyses" ADD CONSTRAINT "ck_session_analyses_transcript" CHECK (("transcriber" = 'none') = ("transcript" IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of ['rubric_version', 'scores', 'coaching_style', 'transcript', 'transcriber']) {
      await q.query(`ALTER TABLE "session_analyses" DROP COLUMN "${column}"`);
    }
  }
}
