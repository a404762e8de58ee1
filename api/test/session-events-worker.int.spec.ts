import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream';
import { startWorkerProcess } from './support/worker-process';
import { startTestApi, type TestApi } from './support/test-api';
import { registerCoach } from './support/tokens';
import { uploadSession } from './support/upload-session';
import { generateSession } from '@touchline/tooling';

let api: TestApi | undefined;
let worker: ChildProcess | undefined;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-events-worker-'));
  // The API only takes uploads and streams; the analysis runs in the worker process of the stack.
  api = await startTestApi({ BACKGROUND_JOBS: 'false' });
  worker = startWorkerProcess(api);
}, 120_000);

afterAll(async () => {
  if (worker?.exitCode === null) worker.kill('SIGKILL');
  await api?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('live session status with the worker in another process', { timeout: 120_000 }, () => {
  it("reaches the coach's stream from the worker process, and the stream ends when the API stops", async () => {
    const { token } = await registerCoach(api!, 'Remote');
    const file = path.join(dir, 'remote.wav');
    generateSession({ file, seconds: 120, snrDb: 20, script: [{ text: 'Nice one, keep it going!', at: 5 }] });
    const stream = await openEventStream(api!.url, token);

    const id = await uploadSession(api!.url, token, 'remote.wav', await readFile(file));
    await stream.waitFor((e) => e.sessionId === id && e.status === 'completed', 90_000);
    const progress = stream
      .sessionEvents()
      .filter((e) => e.sessionId === id && e.status === 'processing')
      .map((e) => e.progress);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);

    // Stopping the API ends the open stream instead of waiting for the client to leave (the worker first, as
    // the API's embedded PostgreSQL stops with it).
    worker!.kill('SIGKILL');
    await once(worker!, 'exit');
    const stopping = api!.stop();
    api = undefined;
    await stream.ended;
    await stopping;
  });
});
