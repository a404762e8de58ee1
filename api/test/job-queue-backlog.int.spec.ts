import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfig } from '../src/config';
import { JobQueue, type JobDefinition } from '../src/jobs';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let queue: JobQueue | undefined;

beforeAll(async () => {
  // The API itself runs no background work; the queue under test is the only worker on the database.
  api = await startTestApi({ BACKGROUND_JOBS: 'false' });
}, 120_000);

afterAll(async () => {
  await queue?.onApplicationShutdown();
  await api?.stop();
});

describe('a worker with a backlog', { timeout: 60_000 }, () => {
  it('takes the next waiting job as soon as one ends, not after the polling interval (2 s)', async () => {
    const config = new AppConfig({ ...api.app.get(AppConfig), backgroundJobs: true });
    queue = new JobQueue(config, api.db.url, api.app.get(DataSource));
    const runs: { n: number; started: number; ended: number }[] = [];
    let allSent!: () => void;
    const sent = new Promise<void>((resolve) => (allSent = resolve));
    const job: JobDefinition<{ n: number }> = {
      name: 'backlog-test',
      options: { policy: 'standard', retryLimit: 0 },
      handle: async ({ data }) => {
        const started = Date.now();
        // The first job lasts until every job is queued, so the others are all waiting when it ends.
        if (data.n === 0) await sent;
        runs.push({ n: data.n, started, ended: Date.now() });
      },
    };
    queue.register(job);
    await queue.onApplicationBootstrap();
    for (let n = 0; n < 6; n++) await queue.send(job, { n });
    allSent();

    await expect.poll(() => runs.length, { timeout: 30_000, interval: 50 }).toBe(6);
    expect(runs.map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5]);
    // pg-boss alone waits out the rest of its 2 s polling interval after every job before fetching the next.
    const gaps = runs.slice(1).map((run, i) => run.started - runs[i]!.ended);
    expect(Math.max(...gaps)).toBeLessThan(1000);
  });
});
