import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Elite teams: the team, its members (one team per user, the role of each) and its email invitations, of which only
 * the token's SHA-256 is stored. One open (not accepted, not revoked) invitation per address and team.
 */
export class Teams1764900000000 implements MigrationInterface {
  name = 'Teams1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "teams" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" varchar(80) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "team_members" (
        "team_id" uuid NOT NULL REFERENCES "teams"("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "role" varchar(32) NOT NULL CHECK ("role" IN ('Elite Coach', 'Elite Admin')),
        "previous_plan" varchar(32),
        "joined_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("team_id", "user_id")
      )`);
    await q.query(`CREATE UNIQUE INDEX "uq_team_members_user" ON "team_members" ("user_id")`);
    await q.query(`
      CREATE TABLE "team_invitations" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "team_id" uuid NOT NULL REFERENCES "teams"("id") ON DELETE CASCADE,
        "email" varchar(320) NOT NULL CHECK ("email" = lower("email")),
        "role" varchar(32) NOT NULL CHECK ("role" IN ('Elite Coach', 'Elite Admin')),
        "token_hash" bytea NOT NULL UNIQUE,
        "invited_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "inviter_name" varchar(64) NOT NULL,
        "sent_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "accepted_at" timestamptz,
        "accepted_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "revoked_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_team_invitations_open" ON "team_invitations" ("team_id", "email") WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "team_invitations"`);
    await q.query(`DROP TABLE "team_members"`);
    await q.query(`DROP TABLE "teams"`);
  }
}
