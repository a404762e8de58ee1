import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The day a plan started decides when a Free Trial ends, so a change to it is a plan change too: the database
 * announces it on `account_changes` like a new plan or role, and every API process forgets its cached users.
 */
export class PlanStartNotify1765200000000 implements MigrationInterface {
  name = 'PlanStartNotify1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "users_notify_plan" ON "users"`);
    await q.query(`
      CREATE TRIGGER "users_notify_plan" AFTER UPDATE ON "users"
        FOR EACH ROW WHEN (OLD."plan" IS DISTINCT FROM NEW."plan" OR OLD."elite_role" IS DISTINCT FROM NEW."elite_role"
                           OR OLD."plan_started_at" IS DISTINCT FROM NEW."plan_started_at")
        EXECUTE FUNCTION "notify_account_change"()
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "users_notify_plan" ON "users"`);
    await q.query(`
      CREATE TRIGGER "users_notify_plan" AFTER UPDATE ON "users"
        FOR EACH ROW WHEN (OLD."plan" IS DISTINCT FROM NEW."plan" OR OLD."elite_role" IS DISTINCT FROM NEW."elite_role")
        EXECUTE FUNCTION "notify_account_change"()
    `);
  }
}
