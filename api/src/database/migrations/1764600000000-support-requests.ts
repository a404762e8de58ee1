import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Help requests sent from the Contact page, kept so support can find one by the reference the sender was given. */
export class SupportRequests1764600000000 implements MigrationInterface {
  name = 'SupportRequests1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "support_requests" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "reference" varchar(16) NOT NULL UNIQUE,
        "name" varchar(100) NOT NULL,
        "email" varchar(254) NOT NULL,
        "topic" varchar(40) NOT NULL,
        "message" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "support_requests_email_created" ON "support_requests" (lower("email"), "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "support_requests"`);
  }
}
