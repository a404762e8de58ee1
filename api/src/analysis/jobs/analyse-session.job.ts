import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { JobQueue, type JobDefinition, type JobRun } from '../../jobs';
import { SessionEvents, SessionsRepository } from '../../sessions';
import { AnalysisService } from '../analysis.service';
import { TranscriptionError } from '../pipeline/transcription/transcriber';

interface AnalyseSession {
  sessionId: string;
}

/**
 * Analyses one session. Every process enqueues a session once its recording is stored; a job is retried with
 * backoff, a job whose worker died expires or is taken over and runs again, and a worker re-enqueues every
 * session still waiting when it starts, so none is left pending or processing for good.
 */
@Injectable()
export class AnalyseSessionJob implements JobDefinition<AnalyseSession>, OnModuleInit, OnModuleDestroy {
  readonly name = 'analyse-session';
  readonly options = {
    // At most one waiting and one running analysis per session (singletonKey = session id).
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
    expireInMinutes: 30,
  } as const;
  private readonly logger = new Logger(AnalyseSessionJob.name);
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly queue: JobQueue,
    private readonly events: SessionEvents,
    private readonly sessions: SessionsRepository,
    private readonly analysis: AnalysisService,
  ) {}

  onModuleInit(): void {
    this.queue.register(this);
    this.unsubscribe = this.events.onUploaded(({ sessionId }) => this.enqueue(sessionId));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  async enqueue(sessionId: string): Promise<void> {
    await this.queue.send(this, { sessionId }, { singletonKey: sessionId });
  }

  async handle({ data }: JobRun<AnalyseSession>): Promise<void> {
    await this.analysis.run(data.sessionId);
  }

  async giveUp({ sessionId }: AnalyseSession, error?: unknown): Promise<void> {
    await this.analysis.fail(sessionId, error instanceof TranscriptionError ? error.message : undefined);
  }

  /**
   * Sessions waiting for an analysis that no job will run: not one whose job waits, waits for a retry (a dead
   * worker's, just taken over) or runs at another worker, which `stately` would queue a second time.
   */
  async onWorkerStart(): Promise<void> {
    const queued = await this.queue.liveKeys(this);
    const waiting = (await this.sessions.findAwaitingAnalysis()).filter((id) => !queued.has(id));
    for (const id of waiting) await this.enqueue(id);
    if (waiting.length) this.logger.log({ sessions: waiting.length }, 're-enqueued sessions awaiting analysis');
  }
}
