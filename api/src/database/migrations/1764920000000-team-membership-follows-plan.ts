import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A team membership exists only while its coach is on Elite. Whatever moves a coach off Elite (the admin command, the
 * admin API, billing) ends the membership in the same statement, so the seat is free at once. The team's last Elite
 * Admin cannot leave while others remain (SQLSTATE TL409, answered 409); a team with no one else is closed.
 */
export class TeamMembershipFollowsPlan1764920000000 implements MigrationInterface {
  name = 'TeamMembershipFollowsPlan1764920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION "team_member_leaves_elite"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        m record;
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
              RAISE EXCEPTION 'last Elite Admin of team %', m."team_id" USING ERRCODE = 'TL409';
            ELSE
              DELETE FROM "team_members" WHERE "user_id" = NEW."id";
            END IF;
          END IF;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER "team_member_leaves_elite" BEFORE UPDATE OF "plan" ON "users" FOR EACH ROW EXECUTE FUNCTION "team_member_leaves_elite"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "team_member_leaves_elite" ON "users"`);
    await q.query(`DROP FUNCTION "team_member_leaves_elite"()`);
  }
}
