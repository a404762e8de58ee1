import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CoachingSessions1763900000000 implements MigrationInterface {
  name = 'CoachingSessions1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "coaching_sessions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "title" varchar(120) NOT NULL,
        "media_type" varchar(8) NOT NULL,
        "original_file_name" varchar(255) NOT NULL,
        "size_bytes" bigint NOT NULL,
        "content_type" varchar(64),
        "storage_key" varchar(255),
        "upload_id" varchar(64),
        "processing_status" varchar(16) NOT NULL DEFAULT 'pending',
        "uploaded_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "uq_coaching_sessions_upload_id" UNIQUE ("upload_id"),
        CONSTRAINT "ck_coaching_sessions_media_type" CHECK ("media_type" IN ('audio', 'video')),
        CONSTRAINT "ck_coaching_sessions_status" CHECK ("processing_status" IN ('pending', 'processing', 'completed', 'failed')),
        CONSTRAINT "ck_coaching_sessions_size" CHECK ("size_bytes" > 0),
        CONSTRAINT "ck_coaching_sessions_title" CHECK (length(btrim("title")) > 0),
        CONSTRAINT "ck_coaching_sessions_uploaded" CHECK (
          ("uploaded_at" IS NULL) = ("storage_key" IS NULL) AND ("uploaded_at" IS NULL) = ("content_type" IS NULL)
        )
      )
    `);
    await q.query(`CREATE INDEX "ix_coaching_sessions_owner_created" ON "coaching_sessions" ("owner_id", "created_at")`);
    await q.query(`CREATE INDEX "ix_coaching_sessions_open_uploads" ON "coaching_sessions" ("created_at") WHERE "uploaded_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "coaching_sessions"`);
  }
}
