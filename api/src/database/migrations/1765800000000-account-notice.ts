import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A notice the coach sees on their next visit until they dismiss it: a team admin removed them or changed their role. */
export class AccountNotice1765800000000 implements MigrationInterface {
  name = 'AccountNotice1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD COLUMN "notice" varchar(500)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" DROP COLUMN "notice"`);
  }
}
