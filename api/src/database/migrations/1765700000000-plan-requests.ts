import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * With billing off, the plan chosen at sign-up is a request an installation admin grants (`set-plan`) or declines;
 * the account starts on the club's sign-up plan meanwhile. Giving any plan answers the request.
 */
export class PlanRequests1765700000000 implements MigrationInterface {
  name = 'PlanRequests1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD COLUMN "requested_plan" varchar(32), ADD COLUMN "plan_requested_at" timestamptz`);
    await q.query(`ALTER TABLE "users" ADD CONSTRAINT "ck_users_requested_plan" CHECK (("requested_plan" IS NULL) = ("plan_requested_at" IS NULL))`);
    await q.query(`CREATE INDEX "ix_users_plan_requests" ON "users" ("plan_requested_at") WHERE "requested_plan" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_users_plan_requests"`);
    await q.query(`ALTER TABLE "users" DROP CONSTRAINT "ck_users_requested_plan"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "requested_plan", DROP COLUMN "plan_requested_at"`);
  }
}
