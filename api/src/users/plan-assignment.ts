import type { SignupPlan } from '@touchline/shared';

/** Runs one SQL statement and answers its rows (a TypeORM query, or a `pg` client's). */
export type RunQuery = (sql: string, params: unknown[]) => Promise<unknown>;

export interface AssignedPlan {
  id: string;
  email: string;
  plan: SignupPlan;
}

/**
 * Gives the user with this email (any case) a plan, in one statement shared by the admin API and the admin command.
 * Moving onto Elite makes the coach their team's Elite Admin, as signing up for Elite does; leaving Elite drops the
 * role. The plan's start moves only when the plan really changes, so assigning the same plan twice changes nothing;
 * it moves to $3 when given (a lapsed subscription's Free Trial starts already ended), otherwise to now.
 */
export const ASSIGN_PLAN_SQL = `
  UPDATE "users" SET
    "plan_started_at" = CASE WHEN "plan" IS DISTINCT FROM $2::varchar THEN COALESCE($3::timestamptz, now()) ELSE "plan_started_at" END,
    "elite_role" = CASE WHEN $2::varchar = 'Elite' THEN COALESCE("elite_role", 'Elite Admin') ELSE NULL END,
    "plan" = $2::varchar,
    "updated_at" = CASE WHEN "plan" IS DISTINCT FROM $2::varchar THEN now() ELSE "updated_at" END
  WHERE lower("email") = lower($1::varchar)
  RETURNING "id", "email", "plan"`;
