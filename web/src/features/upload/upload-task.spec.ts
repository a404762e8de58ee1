import { UPLOAD } from '@touchline/shared';
import type * as tus from 'tus-js-client';
import { describe, expect, it, vi } from 'vitest';
import {
  canTransition,
  firstChunkSize,
  isRetryable,
  nextChunkSize,
  retryDelays,
  UPLOAD_TASK_STATES,
  UploadError,
  UploadTask,
  type TusUpload,
  type UploadTaskAction,
  type UploadTaskState,
} from './upload-task';

const KB = 1024;
const MB = 1024 * KB;

/** tus-js-client's Upload, replaced at the library boundary: it records calls and lets a test play the server. */
class FakeUpload implements TusUpload {
  started = 0;
  aborts: boolean[] = [];
  resumedFrom: tus.PreviousUpload | null = null;
  previous: tus.PreviousUpload[] = [];
  private finishAbort: () => void = () => undefined;
  holdAborts = false;
  constructor(
    readonly file: Blob,
    public options: tus.UploadOptions,
  ) {}
  start() {
    this.started += 1;
  }
  abort(shouldTerminate = false) {
    this.aborts.push(shouldTerminate);
    if (!this.holdAborts) return Promise.resolve();
    return new Promise<void>((resolve) => (this.finishAbort = resolve));
  }
  releaseAbort() {
    this.finishAbort();
  }
  async findPreviousUploads() {
    return this.previous;
  }
  resumeFromPreviousUpload(previous: tus.PreviousUpload) {
    this.resumedFrom = previous;
  }
}

function newTask(size: number, extra: { resumePrevious?: boolean; previous?: tus.PreviousUpload[] } = {}) {
  let fake!: FakeUpload;
  const task = new UploadTask(new Blob([new Uint8Array(size)]), {
    endpoint: '/api/uploads',
    metadata: { sessionId: 's-1' },
    accessToken: async () => 'token-1',
    resumePrevious: extra.resumePrevious,
    createUpload: (file, options) => {
      fake = new FakeUpload(file, options);
      fake.previous = extra.previous ?? [];
      return fake;
    },
  });
  return { task, fake: () => fake };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

/** Brings a fresh task into `state` through allowed transitions. */
async function taskIn(state: UploadTaskState) {
  const made = newTask(MB);
  const { task } = made;
  await flush();
  const fake = made.fake();
  switch (state) {
    case 'running':
      break;
    case 'pausing':
      fake.holdAborts = true;
      task.pause();
      break;
    case 'paused':
      task.pause();
      await flush();
      break;
    case 'canceling':
      fake.holdAborts = true;
      task.cancel();
      break;
    case 'canceled':
      task.cancel();
      await flush();
      await flush();
      break;
    case 'error':
      fake.options.onError!(Object.assign(new Error('boom'), { originalResponse: { getStatus: () => 400, getBody: () => '{"message":"No"}' } }) as never);
      break;
    case 'success':
      fake.options.onSuccess!({ lastResponse: {} as never });
      break;
  }
  expect(task.snapshot.state).toBe(state);
  return { task, fake };
}

describe('upload task transitions (docs/product-spec.md §4)', () => {
  const allowed: Record<UploadTaskAction, UploadTaskState[]> = {
    pause: ['running'],
    resume: ['paused', 'pausing'],
    cancel: ['running', 'pausing'],
  };

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    for (const state of UPLOAD_TASK_STATES) {
      const ok = allowed[action].includes(state);
      it(`${action} from ${state} is ${ok ? 'allowed' : 'refused'}`, async () => {
        expect(canTransition(state, action)).toBe(ok);
        const { task } = await taskIn(state);
        expect(task[action]()).toBe(ok);
        if (!ok) expect(task.snapshot.state).toBe(state);
      });
    }
  }

  it('pauses by aborting without terminating, then resumes by starting again (which re-reads the offset)', async () => {
    const { task, fake } = await taskIn('running');
    expect(task.pause()).toBe(true);
    expect(task.snapshot.state).toBe('pausing');
    await flush();
    expect(task.snapshot.state).toBe('paused');
    expect(fake.aborts).toEqual([false]);
    expect(task.resume()).toBe(true);
    expect(task.snapshot.state).toBe('running');
    await flush();
    expect(fake.started).toBe(2);
  });

  it('resumes from pausing once the abort has finished', async () => {
    const { task, fake } = await taskIn('pausing');
    expect(task.resume()).toBe(true);
    await flush();
    expect(fake.started).toBe(1);
    fake.releaseAbort();
    await flush();
    expect(task.snapshot.state).toBe('running');
    expect(fake.started).toBe(2);
  });

  it('ends a canceled task in an error of the canceled kind, terminating the upload on the server', async () => {
    const { task, fake } = await taskIn('running');
    const states: UploadTaskState[] = [];
    task.on((s) => states.push(s.state));
    task.cancel();
    const error = await task.done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).code).toBe('canceled');
    expect(states).toEqual(['canceling', 'canceled']);
    expect(fake.aborts).toEqual([true]);
  });

  it('reports progress and success in snapshots with bytesTransferred, totalBytes, state and metadata', async () => {
    const { task, fake } = await taskIn('running');
    fake.options.onProgress!(300 * KB, MB);
    expect(task.snapshot).toEqual({ bytesTransferred: 300 * KB, totalBytes: MB, state: 'running', metadata: { sessionId: 's-1' } });
    fake.options.onSuccess!({ lastResponse: {} as never });
    await expect(task.done).resolves.toMatchObject({ state: 'success', bytesTransferred: MB });
  });

  it('carries the server message of a refused upload', async () => {
    const { task } = await taskIn('error');
    await expect(task.done).rejects.toMatchObject({ code: 'rejected', message: 'No', status: 400 });
  });

  it('resumes an upload this browser started before, when asked', async () => {
    const previous = { uploadUrl: '/api/uploads/abc' } as tus.PreviousUpload;
    const { fake } = newTask(MB, { resumePrevious: true, previous: [previous] });
    await flush();
    expect(fake().resumedFrom).toBe(previous);
    expect(fake().started).toBe(1);
  });

  it('sends a fresh token with every request', async () => {
    const { fake } = await taskIn('running');
    const headers: Record<string, string> = {};
    await fake.options.onBeforeRequest!({ setHeader: (k: string, v: string) => (headers[k] = v) } as never);
    expect(headers).toEqual({ Authorization: 'Bearer token-1' });
  });
});

describe('chunking', () => {
  it('sends files up to 256 KB in the creation request, larger ones in chunks from 256 KB', async () => {
    expect(firstChunkSize(256 * KB)).toBe(Number.POSITIVE_INFINITY);
    expect(firstChunkSize(256 * KB + 1)).toBe(256 * KB);
    const small = newTask(100 * KB);
    await flush();
    expect(small.fake().options).toMatchObject({ uploadDataDuringCreation: true, chunkSize: Number.POSITIVE_INFINITY });
    const large = newTask(40 * MB);
    await flush();
    expect(large.fake().options).toMatchObject({ uploadDataDuringCreation: false, chunkSize: 256 * KB });
  });

  it('doubles the chunk after each success: 256 KB, 512 KB, 1 MB, … capped just under 32 MB', async () => {
    const { fake } = newTask(200 * MB);
    await flush();
    const sizes: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      sizes.push(fake().options.chunkSize!);
      fake().options.onChunkComplete!(fake().options.chunkSize!, 0, 200 * MB);
    }
    expect(sizes).toEqual([256 * KB, 512 * KB, MB, 2 * MB, 4 * MB, 8 * MB, 16 * MB, 32 * MB - 1, 32 * MB - 1, 32 * MB - 1]);
    expect(UPLOAD.maxChunkBytes).toBeLessThan(32 * MB);
    expect(nextChunkSize(16 * MB)).toBe(32 * MB - 1);
  });
});

describe('retries', () => {
  it('waits 1 s, then doubles, until the maximum retry time (10 minutes by default) is used up', () => {
    const delays = retryDelays();
    expect(delays.slice(0, 9)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256].map((s) => s * 1000));
    expect(delays.reduce((a, b) => a + b, 0)).toBe(10 * 60 * 1000);
    expect(delays).toHaveLength(10);
    expect(retryDelays(5000)).toEqual([1000, 2000, 2000]);
  });

  it('passes the schedule to tus, which re-reads the offset before each retry', async () => {
    const { fake } = newTask(MB);
    await flush();
    expect(fake().options.retryDelays).toEqual(retryDelays());
  });

  it('retries network failures, 5xx, 423 and 429, and nothing else', async () => {
    for (const status of [undefined, 0, 500, 502, 503, 423, 429]) expect(isRetryable(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 415]) expect(isRetryable(status)).toBe(false);
    const { fake } = newTask(MB);
    await flush();
    const withStatus = (status?: number) => Object.assign(new Error('x'), { originalResponse: status === undefined ? null : { getStatus: () => status } });
    expect(fake().options.onShouldRetry!(withStatus(503) as never, 0, fake().options)).toBe(true);
    expect(fake().options.onShouldRetry!(withStatus(undefined) as never, 0, fake().options)).toBe(true);
    expect(fake().options.onShouldRetry!(withStatus(415) as never, 0, fake().options)).toBe(false);
  });

  it('fails with retry-limit-exceeded when tus gives up on a retryable error', async () => {
    vi.useRealTimers();
    const { task, fake } = await taskIn('running');
    fake.options.onError!(Object.assign(new Error('network'), { originalResponse: null }) as never);
    await expect(task.done).rejects.toMatchObject({ code: 'retry-limit-exceeded' });
    expect(task.snapshot.state).toBe('error');
  });
});
