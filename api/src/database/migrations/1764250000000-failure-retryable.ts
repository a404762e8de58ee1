import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a failed analysis may be tried again. Failures recorded before the column are judged by their reason:
 * the texts of a recording that cannot be analysed are final, every other failure may pass.
 */
export class FailureRetryable1764250000000 implements MigrationInterface {
  name = 'FailureRetryable1764250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "coaching_sessions" ADD "failure_retryable" boolean NOT NULL DEFAULT true`);
    await q.query(
      `UPDATE "coaching_sessions" SET "failure_retryable" = false
        WHERE "processing_status" = 'failed'
          AND ("failure_reason" LIKE 'The recording has no audio track%' OR "failure_reason" LIKE 'The recording could not be read%'
            OR "failure_reason" = 'The recording could not be decoded.' OR "failure_reason" LIKE 'The recording has no sound in it%'
            OR "failure_reason" LIKE 'This recording is longer than%')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "coaching_sessions" DROP COLUMN "failure_retryable"`);
  }
}
