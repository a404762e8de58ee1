import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Announces every change of a session's status, progress or upload, and its deletion, on the channel
 * `session_status` (PostgreSQL NOTIFY, sent when the change commits), whichever process made it: the API, the
 * worker service or the upload sweep. The payload stays small (ids, status, progress); readers fetch the rest.
 */
export class SessionStatusNotify1764200000000 implements MigrationInterface {
  name = 'SessionStatusNotify1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION "notify_session_status"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        s "coaching_sessions";
      BEGIN
        IF TG_OP = 'DELETE' THEN s := OLD; ELSE s := NEW; END IF;
        PERFORM pg_notify('session_status', json_build_object(
          'sessionId', s."id",
          'ownerId', s."owner_id",
          'status', CASE WHEN TG_OP = 'DELETE' THEN 'deleted' ELSE s."processing_status" END,
          'progress', s."analysis_progress",
          'uploaded', s."uploaded_at" IS NOT NULL
        )::text);
        RETURN NULL;
      END
      $$
    `);
    await q.query(`
      CREATE TRIGGER "coaching_sessions_notify_created_deleted" AFTER INSERT OR DELETE ON "coaching_sessions"
        FOR EACH ROW EXECUTE FUNCTION "notify_session_status"()
    `);
    await q.query(`
      CREATE TRIGGER "coaching_sessions_notify_status" AFTER UPDATE ON "coaching_sessions"
        FOR EACH ROW WHEN (
          OLD."processing_status" IS DISTINCT FROM NEW."processing_status"
          OR OLD."analysis_progress" IS DISTINCT FROM NEW."analysis_progress"
          OR (OLD."uploaded_at" IS NULL) <> (NEW."uploaded_at" IS NULL)
        )
        EXECUTE FUNCTION "notify_session_status"()
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "coaching_sessions_notify_status" ON "coaching_sessions"`);
    await q.query(`DROP TRIGGER "coaching_sessions_notify_created_deleted" ON "coaching_sessions"`);
    await q.query(`DROP FUNCTION "notify_session_status"()`);
  }
}
