import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A membership keeps when the coach's plan before joining started, so leaving gives back that plan as it was: a Free
 * Trial resumes with the days it had left, and one that had run out stays ended.
 */
export class TeamPreviousPlanStart1764910000000 implements MigrationInterface {
  name = 'TeamPreviousPlanStart1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "team_members" ADD COLUMN "previous_plan_started_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "team_members" DROP COLUMN "previous_plan_started_at"`);
  }
}
