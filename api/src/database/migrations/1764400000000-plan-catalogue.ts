import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The plan catalogue (filled from the catalogue file at every start), when each user's current plan began (a Free
 * Trial's end counts from it), and a NOTIFY on `account_changes` when a user's plan or role changes, from whichever
 * process changed it (the API, or the admin command working on the database), so signed-in coaches see it at once.
 */
export class PlanCatalogue1764400000000 implements MigrationInterface {
  name = 'PlanCatalogue1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "plans" (
        "name" varchar(32) PRIMARY KEY,
        "position" integer NOT NULL,
        "summary" text NOT NULL,
        "features" jsonb NOT NULL,
        "opens" text[] NOT NULL,
        "team_seats" integer,
        "monthly_upload_minutes" integer,
        "retention_days" integer,
        "trial_days" integer,
        "add_on" boolean NOT NULL,
        "prices" jsonb NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ck_plans_name" CHECK ("name" IN ('Free Trial', 'Coach', 'Coach Plus', 'Elite', 'Pro', 'Goalkeeping Plus', 'Add-on'))
      )
    `);
    await q.query(`ALTER TABLE "users" ADD COLUMN "plan_started_at" timestamptz`);
    await q.query(`UPDATE "users" SET "plan_started_at" = "created_at"`);
    await q.query(`ALTER TABLE "users" ALTER COLUMN "plan_started_at" SET NOT NULL, ALTER COLUMN "plan_started_at" SET DEFAULT now()`);
    await q.query(`
      CREATE FUNCTION "notify_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('account_changes', json_build_object('userId', NEW."id")::text);
        RETURN NULL;
      END
      $$
    `);
    await q.query(`
      CREATE TRIGGER "users_notify_plan" AFTER UPDATE ON "users"
        FOR EACH ROW WHEN (OLD."plan" IS DISTINCT FROM NEW."plan" OR OLD."elite_role" IS DISTINCT FROM NEW."elite_role")
        EXECUTE FUNCTION "notify_account_change"()
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "users_notify_plan" ON "users"`);
    await q.query(`DROP FUNCTION "notify_account_change"()`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "plan_started_at"`);
    await q.query(`DROP TABLE "plans"`);
  }
}
