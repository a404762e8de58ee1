import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { DATABASE_URL } from '../database/database-url';
import { SessionEvents } from '../sessions/session-events';
import { SessionsRepository } from '../sessions/sessions.repository';
import { AnalysisService } from './analysis.service';
import { TranscriptionError } from './pipeline/transcription/transcriber';

export const ANALYSIS_QUEUE = 'analyse-session';
const RETRY_LIMIT = 3;

interface AnalysisJob {
  sessionId: string;
}

/**
 * The durable analysis queue (pg-boss, in the same PostgreSQL). Every process enqueues a session once its
 * recording is stored; processes that run background work (`BACKGROUND_JOBS`) take the jobs. A job is retried
 * with backoff, a job whose worker died expires and runs again, and on start the worker re-enqueues every
 * session still waiting, so none is left pending or processing for good.
 */
@Injectable()
export class AnalysisJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AnalysisJobs.name);
  private boss: PgBoss | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly sessions: SessionsRepository,
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: SessionEvents,
    private readonly analysis: AnalysisService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const boss = new PgBoss({ connectionString: this.databaseUrl, schema: 'pgboss', max: 3, application_name: 'touchline-jobs' });
    boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
    await boss.start();
    await boss.createQueue(ANALYSIS_QUEUE, {
      name: ANALYSIS_QUEUE,
      // At most one waiting and one running analysis per session (singletonKey = session id).
      policy: 'stately',
      retryLimit: RETRY_LIMIT,
      retryDelay: 10,
      retryBackoff: true,
      expireInMinutes: 30,
    });
    this.boss = boss;
    this.unsubscribe = this.events.onUploaded(({ sessionId }) => this.enqueue(sessionId));
    if (!this.config.backgroundJobs) return;

    await this.takeOverOrphanedJobs(boss);
    await boss.work<AnalysisJob>(ANALYSIS_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, async ([job]) => {
      if (!job) return;
      try {
        await this.analysis.run(job.data.sessionId);
      } catch (error) {
        this.logger.error({ err: error, sessionId: job.data.sessionId, attempt: job.retryCount + 1 }, 'analysis attempt failed');
        if (job.retryCount >= RETRY_LIMIT) await this.analysis.fail(job.data.sessionId, error instanceof TranscriptionError ? error.message : undefined);
        throw error;
      }
    });
    const waiting = await this.sessions.findAwaitingAnalysis();
    for (const id of waiting) await this.enqueue(id);
    if (waiting.length) this.logger.log({ sessions: waiting.length }, 're-enqueued sessions awaiting analysis');
  }

  /**
   * Jobs still active when a worker starts belong to a worker that died (the deployment runs one worker
   * process; see docs/decisions.md). Failing them counts the attempt and schedules the retry at once, instead
   * of waiting for the job to expire. A session whose every attempt died with its worker is failed for good.
   */
  private async takeOverOrphanedJobs(boss: PgBoss): Promise<void> {
    const orphans = (await this.db.query(`SELECT id, retry_count, retry_limit, data FROM pgboss.job WHERE name = $1 AND state = 'active'`, [ANALYSIS_QUEUE])) as {
      id: string;
      retry_count: number;
      retry_limit: number;
      data: AnalysisJob;
    }[];
    if (orphans.length === 0) return;
    await boss.fail(ANALYSIS_QUEUE, orphans.map((job) => job.id));
    for (const job of orphans.filter((j) => j.retry_count >= j.retry_limit)) await this.analysis.fail(job.data.sessionId);
    this.logger.warn({ jobs: orphans.length }, 'took over analysis jobs left active by a stopped worker');
  }

  async enqueue(sessionId: string): Promise<void> {
    await this.boss?.send(ANALYSIS_QUEUE, { sessionId } satisfies AnalysisJob, { singletonKey: sessionId });
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await this.boss?.stop({ graceful: true, wait: true, timeout: 20_000 });
  }
}
