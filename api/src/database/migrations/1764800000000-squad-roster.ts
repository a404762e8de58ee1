import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A coach's squad: the players' first names, which the analysis detects in the transcript. */
export class SquadRoster1764800000000 implements MigrationInterface {
  name = 'SquadRoster1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD COLUMN "squad" jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await q.query(`ALTER TABLE "users" ADD CONSTRAINT "ck_users_squad_array" CHECK (jsonb_typeof("squad") = 'array')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" DROP COLUMN "squad"`);
  }
}
