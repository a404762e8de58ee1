import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import * as path from 'node:path';
import type { CoachingSessionDto } from '@touchline/shared';
import { generateSession } from '@touchline/tooling';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream';
import { writeLongRecording } from './support/long-recording';
import { startReplicas, type Replicas } from './support/replicas';
import { bearer, registerCoach } from './support/tokens';
import { uploadSession } from './support/upload-session';
import { startWorkerProcess } from './support/worker-process';

let stack: Replicas;
let a: string;
let b: string;
let db: Client;
let token: string;
const workers: ChildProcess[] = [];

/** A worker process of its own, with its own heartbeat file; resolves once it has started (and taken over orphans). */
async function startWorker(name: string): Promise<ChildProcess> {
  const heartbeat = path.join(stack.dataDir, `${name}.heartbeat`);
  const worker = startWorkerProcess(stack, { WORKER_HEARTBEAT_FILE: heartbeat });
  workers.push(worker);
  await expect.poll(() => existsSync(heartbeat), { timeout: 60_000, interval: 100 }).toBe(true);
  return worker;
}

const session = async (id: string) => (await (await fetch(`${a}/api/sessions/${id}`, { headers: bearer(token) })).json()) as CoachingSessionDto;

/** Every analysis job pg-boss holds for the session (completed ones stay in its table for hours). */
const jobsOf = async (sessionId: string) =>
  (
    await db.query<{ state: string; retry_count: number }>(`SELECT state, retry_count FROM pgboss.job WHERE name = 'analyse-session' AND singleton_key = $1`, [
      sessionId,
    ])
  ).rows;

beforeAll(async () => {
  // Two API replicas take uploads and hold the coaches' streams; the analysis runs in worker processes.
  stack = await startReplicas(2, { BACKGROUND_JOBS: 'false', TRANSCRIBER: 'none' });
  [a, b] = stack.replicas.map((r) => r.url) as [string, string];
  db = new Client({ connectionString: stack.db.url });
  await db.connect();
  token = (await registerCoach({ url: stack.publicUrl, db: stack.db }, 'Worker Coach')).token;
}, 120_000);

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  await db?.end();
  await stack?.stop();
});

describe('two API replicas and two workers', { timeout: 300_000 }, () => {
  it('a worker starting while another analyses leaves that job alone: it runs once, and completes', async () => {
    const file = path.join(stack.dataDir, 'long.wav');
    await writeLongRecording(
      file,
      2400,
      Array.from({ length: 12 }, (_, i) => 60 + i * 180),
    );
    const data = await readFile(file);
    await rm(file);
    const id = await uploadSession(a, token, 'long.wav', data);

    await startWorker('first');
    await expect.poll(async () => (await session(id)).analysisProgress, { timeout: 120_000, interval: 100 }).toBeGreaterThanOrEqual(5);
    expect((await session(id)).processingStatus).toBe('processing');

    // A second worker starts (a restart, a scale-up) while the first is in the middle of the job.
    await startWorker('second');
    expect(await jobsOf(id)).toEqual([{ state: 'active', retry_count: 0 }]);

    await expect.poll(async () => (await session(id)).processingStatus, { timeout: 240_000, interval: 500 }).toBe('completed');
    expect(await jobsOf(id)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it("reaches a coach's stream at one replica from the worker, for a recording uploaded at the other", async () => {
    const stream = await openEventStream(b, token);
    const file = path.join(stack.dataDir, 'short.wav');
    generateSession({ file, seconds: 60, snrDb: 20, script: [{ text: 'Nice one, keep it going!', at: 5 }] });
    const id = await uploadSession(a, token, 'short.wav', await readFile(file));
    await stream.waitFor((e) => e.sessionId === id && e.status === 'completed', 120_000);
    expect(stream.sessionEvents().some((e) => e.sessionId === id && e.status === 'processing')).toBe(true);
    stream.close();
  });

  it('runs each analysis once with two workers taking jobs from one queue', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const file = path.join(stack.dataDir, `drill-${i}.wav`);
      generateSession({ file, seconds: 30, snrDb: 20, script: [{ text: 'Well done, keep the ball moving.', at: 3 }] });
      ids.push(await uploadSession(i % 2 ? b : a, token, `drill-${i}.wav`, await readFile(file)));
    }
    for (const id of ids) {
      await expect.poll(async () => (await session(id)).processingStatus, { timeout: 120_000, interval: 500 }).toBe('completed');
      expect(await jobsOf(id)).toEqual([{ state: 'completed', retry_count: 0 }]);
    }
    expect((await db.query('SELECT count(*)::int AS n FROM job_holders')).rows[0]).toEqual({ n: 0 });
  });
});
