import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Links a coach sends an outside reviewer for one session, and the reviewers' timestamped comments. Only the
 * SHA-256 of a link's token is kept; revoking keeps the row (and its comments) with `revoked_at` set.
 */
export class ReviewLinks1764500000000 implements MigrationInterface {
  name = 'ReviewLinks1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "review_links" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "session_id" uuid NOT NULL REFERENCES "coaching_sessions" ("id") ON DELETE CASCADE,
        "owner_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "token_hash" bytea NOT NULL UNIQUE,
        "label" varchar(80) NOT NULL,
        "password_hash" text,
        "show_media" boolean NOT NULL,
        "show_transcript" boolean NOT NULL,
        "show_scores" boolean NOT NULL,
        "allow_download" boolean NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz,
        "views" integer NOT NULL DEFAULT 0,
        "last_used_at" timestamptz,
        "notified_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ck_review_links_token_hash" CHECK (octet_length("token_hash") = 32)
      )
    `);
    await q.query(`CREATE INDEX "ix_review_links_session" ON "review_links" ("session_id", "created_at")`);
    await q.query(`
      CREATE TABLE "review_comments" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "link_id" uuid NOT NULL REFERENCES "review_links" ("id") ON DELETE CASCADE,
        "session_id" uuid NOT NULL REFERENCES "coaching_sessions" ("id") ON DELETE CASCADE,
        "parent_id" uuid REFERENCES "review_comments" ("id") ON DELETE CASCADE,
        "author_name" varchar(60) NOT NULL,
        "body" varchar(2000) NOT NULL,
        "start_seconds" double precision NOT NULL,
        "end_seconds" double precision,
        "resolved_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ck_review_comments_time" CHECK ("start_seconds" >= 0 AND ("end_seconds" IS NULL OR "end_seconds" > "start_seconds"))
      )
    `);
    await q.query(`CREATE INDEX "ix_review_comments_session" ON "review_comments" ("session_id", "start_seconds")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "review_comments"`);
    await q.query(`DROP TABLE "review_links"`);
  }
}
