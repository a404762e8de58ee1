import type PgBoss from 'pg-boss';

/** A job as its handler sees it: the data it was sent with, and which attempt this is. */
export interface JobRun<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
}

/**
 * One kind of background work: its queue's name and options, and what to do with a job. A feature defines its
 * jobs as providers and registers them with the `JobQueue` when its module starts; the queue owns pg-boss.
 */
export interface JobDefinition<T extends object> {
  readonly name: string;
  readonly options: Omit<PgBoss.Queue, 'name'>;
  /** Runs one job; a throw counts the attempt, and pg-boss retries it with backoff until `options.retryLimit`. */
  handle(job: JobRun<T>): Promise<void>;
  /** Called once a job will not run again: its last attempt failed, or its worker died on the last attempt. */
  giveUp?(data: T, error?: unknown): Promise<void>;
  /** Called when a process that runs background work starts, after orphaned jobs are taken over. */
  onWorkerStart?(): Promise<void>;
}
