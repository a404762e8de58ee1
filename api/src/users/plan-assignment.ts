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
 * it moves to $3 when given (a lapsed subscription's Free Trial starts already ended), otherwise to now. Giving a
 * plan answers the coach's sign-up request, whichever plan it was.
 */
export const ASSIGN_PLAN_SQL = `
  UPDATE "users" SET
    "plan_started_at" = CASE WHEN "plan" IS DISTINCT FROM $2::varchar THEN COALESCE($3::timestamptz, now()) ELSE "plan_started_at" END,
    "elite_role" = CASE WHEN $2::varchar = 'Elite' THEN COALESCE("elite_role", 'Elite Admin') ELSE NULL END,
    "plan" = $2::varchar,
    "requested_plan" = NULL,
    "plan_requested_at" = NULL,
    "updated_at" = CASE WHEN "plan" IS DISTINCT FROM $2::varchar OR "requested_plan" IS NOT NULL THEN now() ELSE "updated_at" END
  WHERE lower("email") = lower($1::varchar)
  RETURNING "id", "email", "plan"`;

/** A coach's pending sign-up plan request, as installation admins list them. */
export interface PlanRequestRow {
  email: string;
  username: string;
  plan: string;
  requestedPlan: SignupPlan;
  requestedAt: Date;
}

/** Pending sign-up plan requests, oldest first; shared by the admin API and the admin command. */
export const PLAN_REQUESTS_SQL = `
  SELECT "email", "username", "plan", "requested_plan" AS "requestedPlan", "plan_requested_at" AS "requestedAt"
  FROM "users" WHERE "requested_plan" IS NOT NULL
  ORDER BY "plan_requested_at", "email"`;

/** Declines the pending request of the user with this email (any case): one row back when there was one. */
export const DECLINE_PLAN_REQUEST_SQL = `
  UPDATE "users" u SET "requested_plan" = NULL, "plan_requested_at" = NULL, "updated_at" = now()
  FROM (SELECT "id", "requested_plan" FROM "users" WHERE lower("email") = lower($1::varchar) AND "requested_plan" IS NOT NULL FOR UPDATE) old
  WHERE u."id" = old."id"
  RETURNING u."email", old."requested_plan" AS "requestedPlan"`;
