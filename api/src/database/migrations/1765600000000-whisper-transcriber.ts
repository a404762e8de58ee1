import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Analyses transcribed by Whisper on the same machine (`TRANSCRIBER=whisper`) say so. */
export class WhisperTranscriber1765600000000 implements MigrationInterface {
  name = 'WhisperTranscriber1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "session_analyses" DROP CONSTRAINT "ck_session_analyses_transcriber"`);
    await q.query(
      `ALTER TABLE "session_analyses" ADD CONSTRAINT "ck_session_analyses_transcriber" CHECK ("transcriber" IN ('none', 'pocketsphinx', 'http', 'whisper'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "session_analyses" SET "transcriber" = 'http' WHERE "transcriber" = 'whisper'`);
    await q.query(`ALTER TABLE "session_analyses" DROP CONSTRAINT "ck_session_analyses_transcriber"`);
    await q.query(`ALTER TABLE "session_analyses" ADD CONSTRAINT "ck_session_analyses_transcriber" CHECK ("transcriber" IN ('none', 'pocketsphinx', 'http'))`);
  }
}
