import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import { DATABASE_URL, exclusively } from '../database';
import type { JobDefinition } from './job';
import { WorkerPresence, workerLockName } from './worker-presence';

/** pg-boss keeps its tables in this schema of the product's PostgreSQL. */
export const JOBS_SCHEMA = 'pgboss';
/** The advisory lock under which a process creates the queues. */
const QUEUES_LOCK = 'touchline:job-queues';
/** How long a worker that found no job waits before it looks again. */
const POLLING_INTERVAL_SECONDS = 2;
/** How often a worker looks for jobs whose worker died (besides when it starts). */
const TAKE_OVER_INTERVAL_MS = 60 * 1000;
/**
 * An active job that no worker has claimed in `job_holders` for this long was fetched by a worker that died before
 * it could (or by a version before `job_holders`): it is taken over too.
 */
const UNCLAIMED_GRACE = '1 minute';

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
  private presence: WorkerPresence | undefined;
  private takeOverTimer: NodeJS.Timeout | undefined;
  private takingOver: Promise<unknown> = Promise.resolve();

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
    // One process at a time: replicas starting together deadlocked in PostgreSQL creating the same queues.
    await exclusively(this.db, QUEUES_LOCK, async () => {
      for (const definition of this.definitions.values()) await boss.createQueue(definition.name, { name: definition.name, ...definition.options });
    });
    this.boss = boss;
    if (!this.config.backgroundJobs) return;

    this.presence = new WorkerPresence(this.databaseUrl);
    await this.presence.start();
    for (const definition of this.definitions.values()) {
      await this.takeOverOrphans(boss, definition);
      await this.work(boss, definition);
      await definition.onWorkerStart?.();
    }
    // A worker that dies while others run is noticed without waiting for one to start.
    const tick = () => {
      this.takingOver = this.takeOverAll().catch((error: unknown) => this.logger.warn({ err: error }, 'looking for orphaned jobs failed'));
      this.takeOverTimer = setTimeout(tick, TAKE_OVER_INTERVAL_MS).unref();
    };
    this.takeOverTimer = setTimeout(tick, TAKE_OVER_INTERVAL_MS).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.takeOverTimer);
    await this.takingOver;
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, wait: true, timeout: 20_000 });
    await this.presence?.stop();
  }

  /** The singleton keys of the definition's jobs that are waiting, waiting for a retry, or running. */
  async liveKeys<T extends object>(definition: JobDefinition<T>): Promise<Set<string>> {
    const rows = (await this.db.query(
      `SELECT DISTINCT singleton_key FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active') AND singleton_key IS NOT NULL`,
      [definition.name],
    )) as { singleton_key: string }[];
    return new Set(rows.map((row) => row.singleton_key));
  }

  /** This worker's id in `job_holders` (undefined in a process that does not work jobs). */
  get workerId(): string | undefined {
    return this.presence?.workerId;
  }

  private async takeOverAll(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    for (const definition of this.definitions.values()) await this.takeOverOrphans(boss, definition);
  }

  private async work(boss: PgBoss, definition: JobDefinition<object>): Promise<void> {
    const retryLimit = definition.options.retryLimit ?? 0;
    const workerId = this.presence!.workerId;
    let loop: string | undefined;
    loop = await boss.work<object>(
      definition.name,
      { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        // Once this job ends, the next waiting one is fetched at once: pg-boss would otherwise wait out the rest of
        // the polling interval after every job, so a backlog of short analyses drained at one per interval.
        if (loop) boss.notifyWorker(loop);
        // Claimed before it runs, so a worker starting meanwhile sees whose job it is and leaves it alone.
        await this.db.query(
          `INSERT INTO job_holders (job_id, worker_id) VALUES ($1, $2) ON CONFLICT (job_id) DO UPDATE SET worker_id = EXCLUDED.worker_id, started_at = now()`,
          [job.id, workerId],
        );
        try {
          await definition.handle({ id: job.id, data: job.data, retryCount: job.retryCount });
        } catch (error) {
          this.logger.error({ err: error, job: definition.name, jobId: job.id, attempt: job.retryCount + 1 }, 'job attempt failed');
          if (job.retryCount >= retryLimit) await definition.giveUp?.(job.data, error);
          throw error;
        } finally {
          await this.db.query(`DELETE FROM job_holders WHERE job_id = $1 AND worker_id = $2`, [job.id, workerId]).catch(() => undefined);
        }
      },
    );
  }

  /**
   * Jobs still active whose worker died: their `job_holders` worker no longer holds its presence lock (a killed
   * process's connection closed), or no worker claimed them within a minute. Failing them counts the attempt and
   * schedules the retry at once, instead of waiting for the job to expire; a job whose every attempt died with its
   * worker is given up. A job another live worker is running is never touched, so several workers can run (and
   * restart) side by side. One worker at a time looks (`touchline:job-takeover`), so no orphan is failed twice.
   * pg-boss 10 has no call that lists a queue's active jobs (pg-boss 11, which has, needs Node 22), so this one
   * query reads its table.
   */
  private async takeOverOrphans(boss: PgBoss, definition: JobDefinition<object>): Promise<void> {
    await this.presence!.exclusively('touchline:job-takeover', async () => {
      const orphans = (await this.db.query(
        `SELECT j.id, j.retry_count, j.retry_limit, j.data FROM ${JOBS_SCHEMA}.job j LEFT JOIN job_holders h ON h.job_id = j.id
         WHERE j.name = $1 AND j.state = 'active'
           AND ((h.worker_id IS NULL AND j.started_on < now() - interval '${UNCLAIMED_GRACE}')
             OR (h.worker_id IS NOT NULL AND h.worker_id <> $2 AND pg_try_advisory_xact_lock(hashtextextended($3 || h.worker_id::text, 0))))`,
        [definition.name, this.presence!.workerId, workerLockName('')],
      )) as { id: string; retry_count: number; retry_limit: number; data: object }[];
      // Claims left by jobs that are no longer active (their worker died before it could remove them).
      await this.db.query(
        `DELETE FROM job_holders h WHERE h.started_at < now() - interval '${UNCLAIMED_GRACE}'
           AND NOT EXISTS (SELECT 1 FROM ${JOBS_SCHEMA}.job j WHERE j.id = h.job_id AND j.state = 'active')`,
      );
      if (orphans.length === 0) return;
      await boss.fail(
        definition.name,
        orphans.map((job) => job.id),
      );
      await this.db.query(`DELETE FROM job_holders WHERE job_id = ANY($1::uuid[])`, [orphans.map((job) => job.id)]);
      for (const job of orphans.filter((j) => j.retry_count >= j.retry_limit)) await definition.giveUp?.(job.data);
      this.logger.warn({ job: definition.name, jobs: orphans.length }, 'took over jobs left active by a stopped worker');
    });
  }
}
