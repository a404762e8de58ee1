import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import * as path from 'node:path';
import type { CoachingSessionDto, SessionReportDto } from '@touchline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerProcess } from './support/worker-process';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, registerCoach } from './support/tokens';
import { uploadSession } from './support/upload-session';
import { generateSession } from '@touchline/tooling';

let api: TestApi;
let token: string;
const workers: ChildProcess[] = [];

/** A worker process of its own, stopped with the others at the end. */
function startWorker(): ChildProcess {
  const worker = startWorkerProcess(api);
  workers.push(worker);
  return worker;
}

const session = async (id: string) => (await (await fetch(`${api.url}/api/sessions/${id}`, { headers: bearer(token) })).json()) as CoachingSessionDto;

beforeAll(async () => {
  // The API only takes uploads and enqueues; the worker processes do the analysis.
  api = await startTestApi({ BACKGROUND_JOBS: 'false' });
  token = (await registerCoach(api, 'Crash')).token;
}, 120_000);

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
  await api?.stop();
});

describe('a worker killed in the middle of an analysis', { timeout: 240_000 }, () => {
  it('leaves the session processing, and the next worker finishes it', async () => {
    const file = path.join(api.dataDir, 'long.wav');
    const script = Array.from({ length: 20 }, (_, i) => ({ text: i % 2 ? 'Well done, keep the ball moving.' : 'Why did you pass it there?', at: 10 + i * 40 }));
    generateSession({ file, seconds: 900, snrDb: 20, script });
    const data = await readFile(file);
    await rm(file);
    const id = await uploadSession(api.url, token, 'long.wav', data);

    const first = startWorker();
    await expect.poll(async () => (await session(id)).analysisProgress, { timeout: 120_000, interval: 100 }).toBeGreaterThanOrEqual(10);
    first.kill('SIGKILL');
    await once(first, 'exit');
    const orphaned = await session(id);
    expect(orphaned.processingStatus).toBe('processing');
    expect(orphaned.analysisProgress).toBeLessThan(100);

    startWorker();
    await expect.poll(async () => (await session(id)).processingStatus, { timeout: 180_000, interval: 500 }).toBe('completed');
    const report = (await (await fetch(`${api.url}/api/sessions/${id}/report`, { headers: bearer(token) })).json()) as SessionReportDto;
    expect(report.metrics.durationSeconds).toBeCloseTo(900, 0);
    expect(report.metrics.interventions).toBe(20);
  });
});
