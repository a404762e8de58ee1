import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which worker process runs each active job (`JobQueue`), so a starting worker takes over only the jobs of workers
 * that died, not those another live worker is running. A worker is alive while it holds its advisory lock
 * (`touchline:worker:<id>`). No foreign key: pg-boss owns its job table and moves jobs between its tables.
 */
export class JobHolders1765910000000 implements MigrationInterface {
  name = 'JobHolders1765910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "job_holders" ("job_id" uuid PRIMARY KEY, "worker_id" uuid NOT NULL, "started_at" timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "job_holders"`);
  }
}
