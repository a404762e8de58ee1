import type { MigrationInterface, QueryRunner } from 'typeorm';
import { TeamMembershipFollowsPlan1764920000000 } from './1764920000000-team-membership-follows-plan';

/**
 * The subscription that pays for an Elite team can end while the team still has members: Stripe cannot be told to
 * "make another member an admin first", and a refusal would have it retry the event for days. A plan change that the
 * billing adapter marks (`touchline.plan_source` = 'billing' in its transaction) therefore closes the team of its
 * last Elite Admin: every other member returns to the plan they had before joining, with its start (a coach who
 * founded a team of their own gets a Free Trial that has already ended), and the team goes with its invitations.
 * Any other plan change keeps the rule of TeamMembershipFollowsPlan1764920000000: the last admin is refused.
 */
export class TeamClosesWithSubscription1765300000000 implements MigrationInterface {
  name = 'TeamClosesWithSubscription1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION "team_member_leaves_elite"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        m record;
        r record;
        others integer;
        admins integer;
      BEGIN
        IF OLD."plan" = 'Elite' AND NEW."plan" IS DISTINCT FROM 'Elite' THEN
          SELECT "team_id", "role" INTO m FROM "team_members" WHERE "user_id" = NEW."id";
          IF FOUND THEN
            PERFORM 1 FROM "teams" WHERE "id" = m."team_id" FOR UPDATE;
            SELECT count(*), count(*) FILTER (WHERE "role" = 'Elite Admin') INTO others, admins
              FROM "team_members" WHERE "team_id" = m."team_id" AND "user_id" <> NEW."id";
            IF others = 0 THEN
              DELETE FROM "teams" WHERE "id" = m."team_id";
            ELSIF m."role" = 'Elite Admin' AND admins = 0 THEN
              IF current_setting('touchline.plan_source', true) IS DISTINCT FROM 'billing' THEN
                RAISE EXCEPTION 'last Elite Admin of team %', m."team_id" USING ERRCODE = 'TL409';
              END IF;
              -- Memberships go first, so the members' own plan changes below find none and pass through.
              FOR r IN DELETE FROM "team_members" WHERE "team_id" = m."team_id" AND "user_id" <> NEW."id"
                       RETURNING "user_id", "previous_plan", "previous_plan_started_at" LOOP
                UPDATE "users" SET
                  "plan" = COALESCE(r."previous_plan", 'Free Trial'),
                  "plan_started_at" = COALESCE(r."previous_plan_started_at", 'epoch'::timestamptz),
                  "elite_role" = NULL,
                  "updated_at" = now()
                WHERE "id" = r."user_id";
              END LOOP;
              DELETE FROM "teams" WHERE "id" = m."team_id";
            ELSE
              DELETE FROM "team_members" WHERE "user_id" = NEW."id";
            END IF;
          END IF;
        END IF;
        RETURN NEW;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The function as TeamMembershipFollowsPlan1764920000000 made it.
    await q.query(`DROP TRIGGER "team_member_leaves_elite" ON "users"`);
    await q.query(`DROP FUNCTION "team_member_leaves_elite"()`);
    await new TeamMembershipFollowsPlan1764920000000().up(q);
  }
}
