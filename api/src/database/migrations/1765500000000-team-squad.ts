import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An Elite team's shared squad: first names its admins keep, which every member's analyses listen for. */
export class TeamSquad1765500000000 implements MigrationInterface {
  name = 'TeamSquad1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "teams" ADD "squad" jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof("squad") = 'array')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "teams" DROP COLUMN "squad"`);
  }
}
