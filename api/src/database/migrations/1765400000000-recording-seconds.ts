import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The length the analysis measured, kept with the session, so that a plan's monthly upload minutes are counted
 * from the sessions alone. Sessions analysed before take it from their stored analysis.
 */
export class RecordingSeconds1765400000000 implements MigrationInterface {
  name = 'RecordingSeconds1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "coaching_sessions" ADD "recording_seconds" numeric(10,1) CHECK ("recording_seconds" >= 0)`);
    await q.query(`
      UPDATE "coaching_sessions" s SET "recording_seconds" = round((a."metrics"->>'durationSeconds')::numeric, 1)
        FROM "session_analyses" a WHERE a."session_id" = s."id" AND a."metrics" ? 'durationSeconds'
    `);
    await q.query(`CREATE INDEX "ix_coaching_sessions_owner_uploaded" ON "coaching_sessions" ("owner_id", "uploaded_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_coaching_sessions_owner_uploaded"`);
    await q.query(`ALTER TABLE "coaching_sessions" DROP COLUMN "recording_seconds"`);
  }
}
