import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import { DATABASE_URL } from '../database';
import type { JobDefinition } from './job';

/** pg-boss keeps its tables in this schema of the product's PostgreSQL. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * The durable job queue (pg-boss, in the same PostgreSQL). Every process can send jobs; processes that run
 * background work (`BACKGROUND_JOBS`) also take them. Features register their `JobDefinition`s while their
 * modules initialise; on bootstrap the queue creates every queue, takes over the jobs a dead worker left active,
 * and starts working.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private boss: PgBoss | undefined;

  constructor(
    private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  register<T extends object>(definition: JobDefinition<T>): void {
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
  }

  async send<T extends object>(definition: JobDefinition<T>, data: T, options: PgBoss.SendOptions = {}): Promise<void> {
    await this.boss?.send(definition.name, data, options);
  }

  async onApplicationBootstrap(): Promise<void> {
    const boss = new PgBoss({ connectionString: this.databaseUrl, schema: JOBS_SCHEMA, max: 3, application_name: 'touchline-jobs' });
    boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
    await boss.start();
    for (const definition of this.definitions.values()) await boss.createQueue(definition.name, { name: definition.name, ...definition.options });
    this.boss = boss;
    if (!this.config.backgroundJobs) return;

    for (const definition of this.definitions.values()) {
      await this.takeOverOrphans(boss, definition);
      await this.work(boss, definition);
      await definition.onWorkerStart?.();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, wait: true, timeout: 20_000 });
  }

  private async work(boss: PgBoss, definition: JobDefinition<object>): Promise<void> {
    const retryLimit = definition.options.retryLimit ?? 0;
    await boss.work<object>(definition.name, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, async ([job]) => {
      if (!job) return;
      try {
        await definition.handle({ id: job.id, data: job.data, retryCount: job.retryCount });
      } catch (error) {
        this.logger.error({ err: error, job: definition.name, jobId: job.id, attempt: job.retryCount + 1 }, 'job attempt failed');
        if (job.retryCount >= retryLimit) await definition.giveUp?.(job.data, error);
        throw error;
      }
    });
  }

  /**
   * Jobs still active when a worker starts belong to a worker that died (the deployment runs one worker process;
   * see docs/decisions.md). Failing them counts the attempt and schedules the retry at once, instead of waiting
   * for the job to expire; a job whose every attempt died with its worker is given up. pg-boss 10 has no call
   * that lists a queue's active jobs (pg-boss 11, which has, needs Node 22), so this one query reads its table.
   */
  private async takeOverOrphans(boss: PgBoss, definition: JobDefinition<object>): Promise<void> {
    const orphans = (await this.db.query(`SELECT id, retry_count, retry_limit, data FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state = 'active'`, [
      definition.name,
    ])) as { id: string; retry_count: number; retry_limit: number; data: object }[];
    if (orphans.length === 0) return;
    await boss.fail(
      definition.name,
      orphans.map((job) => job.id),
    );
    for (const job of orphans.filter((j) => j.retry_count >= j.retry_limit)) await definition.giveUp?.(job.data);
    this.logger.warn({ job: definition.name, jobs: orphans.length }, 'took over jobs left active by a stopped worker');
  }
}
