import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a running analysis waits for (`transcriber`: the speech recogniser is still being installed), announced
 * with the session's status on `session_status` so that the coach's live status says so while it waits.
 */
export class AnalysisWaiting1766000000000 implements MigrationInterface {
  name = 'AnalysisWaiting1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "coaching_sessions" ADD COLUMN "analysis_waiting" varchar(16)`);
    await q.query(`ALTER TABLE "coaching_sessions" ADD CONSTRAINT "ck_coaching_sessions_analysis_waiting" CHECK ("analysis_waiting" IN ('transcriber'))`);
    await this.notify(q, true);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.notify(q, false);
    await q.query(`ALTER TABLE "coaching_sessions" DROP COLUMN "analysis_waiting"`);
  }

  /** The notify function and the update trigger of migration 1764200000000, with or without the wait. */
  private async notify(q: QueryRunner, withWait: boolean): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION "notify_session_status"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        s "coaching_sessions";
      BEGIN
        IF TG_OP = 'DELETE' THEN s := OLD; ELSE s := NEW; END IF;
        PERFORM pg_notify('session_status', json_build_object(
          'sessionId', s."id",
          'ownerId', s."owner_id",
          'status', CASE WHEN TG_OP = 'DELETE' THEN 'deleted' ELSE s."processing_status" END,
          'progress', s."analysis_progress",
          ${withWait ? `'waitingFor', s."analysis_waiting",` : ''}
          'uploaded', s."uploaded_at" IS NOT NULL
        )::text);
        RETURN NULL;
      END
      $$
    `);
    await q.query(`DROP TRIGGER "coaching_sessions_notify_status" ON "coaching_sessions"`);
    await q.query(`
      CREATE TRIGGER "coaching_sessions_notify_status" AFTER UPDATE ON "coaching_sessions"
        FOR EACH ROW WHEN (
          OLD."processing_status" IS DISTINCT FROM NEW."processing_status"
          OR OLD."analysis_progress" IS DISTINCT FROM NEW."analysis_progress"
          ${withWait ? `OR OLD."analysis_waiting" IS DISTINCT FROM NEW."analysis_waiting"` : ''}
          OR (OLD."uploaded_at" IS NULL) <> (NEW."uploaded_at" IS NULL)
        )
        EXECUTE FUNCTION "notify_session_status"()
    `);
  }
}
