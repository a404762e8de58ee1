import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counts behind every rate limit and sign-in wait (`ThrottleStore`), shared by every API process so that tries
 * made at one replica count at the other. A row is one count under a key (`scope:hash:hash`, never an email or a
 * client address in clear) that lives until `expires_at`; expired rows are deleted by the API every few minutes.
 * UNLOGGED: the counts are worth less than the write-ahead log they would cost, and a PostgreSQL crash forgetting
 * them errs on the side of letting a real user back in, as a restart of the API did when they lived in memory.
 */
export class ThrottleAttempts1765900000000 implements MigrationInterface {
  name = 'ThrottleAttempts1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE UNLOGGED TABLE "throttle_attempts" ("key" varchar(200) COLLATE "C" PRIMARY KEY, "points" integer NOT NULL, "expires_at" timestamptz NOT NULL)`,
    );
    await q.query(`CREATE INDEX "ix_throttle_attempts_expires_at" ON "throttle_attempts" ("expires_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "throttle_attempts"`);
  }
}
