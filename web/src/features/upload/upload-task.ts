import { IDENTITY_ERROR_MESSAGES, UNEXPECTED_ERROR_MESSAGE, UPLOAD } from '@touchline/shared';
import type * as tus from 'tus-js-client';

// The tus client (about 17 KB of gzip JavaScript) comes in a chunk of its own when a coach starts an upload, not
// with the upload page: `loadTusClient()` fetches it (the upload store awaits it before a task starts).
let tusClient: typeof import('tus-js-client') | undefined;

/** Loads the tus client once; a task made without `createUpload` needs it loaded first. */
export async function loadTusClient(): Promise<void> {
  tusClient ??= await import('tus-js-client');
}

function createTusUpload(file: Blob, options: tus.UploadOptions): TusUpload {
  if (!tusClient) throw new Error('The tus client is not loaded yet: await loadTusClient() first.');
  return new tusClient.Upload(file, options) as unknown as TusUpload;
}

/** docs/product-spec.md §4, "Upload task". */
export const UPLOAD_TASK_STATES = ['running', 'pausing', 'paused', 'canceling', 'canceled', 'error', 'success'] as const;
export type UploadTaskState = (typeof UPLOAD_TASK_STATES)[number];
export type UploadTaskAction = 'pause' | 'resume' | 'cancel';

const ALLOWED: Record<UploadTaskAction, readonly UploadTaskState[]> = {
  pause: ['running'],
  resume: ['paused', 'pausing'],
  cancel: ['running', 'pausing'],
};

export function canTransition(state: UploadTaskState, action: UploadTaskAction): boolean {
  return ALLOWED[action].includes(state);
}

/** The chunk after a successful one: twice as large, capped just under 32 MB. */
export function nextChunkSize(current: number): number {
  return Math.min(current * 2, UPLOAD.maxChunkBytes);
}

/** Files up to the threshold go in the creation request itself; larger ones in chunks from 256 KB. */
export function firstChunkSize(totalBytes: number): number {
  return totalBytes <= UPLOAD.resumableThresholdBytes ? Number.POSITIVE_INFINITY : UPLOAD.initialChunkBytes;
}

/** Default maximum retry time: how long a task keeps retrying before it fails. */
export const DEFAULT_MAX_RETRY_TIME_MS = 10 * 60 * 1000;

/**
 * The waits between retries: doubling from the minimum, the last one cut so that all of them together
 * are exactly the maximum retry time. After the last the task fails.
 */
export function retryDelays(maxRetryTimeMs: number = DEFAULT_MAX_RETRY_TIME_MS, minDelayMs: number = UPLOAD.minRetryDelayMs): number[] {
  const delays: number[] = [];
  let total = 0;
  let next = minDelayMs;
  while (total < maxRetryTimeMs) {
    const delay = Math.min(next, maxRetryTimeMs - total);
    delays.push(delay);
    total += delay;
    next *= 2;
  }
  return delays;
}

/** Network failures, server errors, 423 (upload locked) and 429 (slow down) are worth another try. */
export function isRetryable(status: number | undefined): boolean {
  return status === undefined || status === 0 || status >= 500 || status === 423 || status === 429;
}

export type UploadErrorCode = 'canceled' | 'retry-limit-exceeded' | 'rejected' | 'unknown';

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly code: UploadErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface UploadTaskSnapshot {
  bytesTransferred: number;
  totalBytes: number;
  state: UploadTaskState;
  metadata: Record<string, string>;
}

export interface UploadTaskOptions {
  endpoint: string;
  metadata: Record<string, string>;
  /** A fresh Bearer token for every request (tokens may expire during a long upload). */
  accessToken: () => Promise<string | null>;
  maxRetryTimeMs?: number;
  /** Resume the upload this browser started earlier for the same file and session, when there is one. */
  resumePrevious?: boolean;
  /** The tus client; replaced in unit tests. */
  createUpload?: (file: Blob, options: tus.UploadOptions) => TusUpload;
}

/** The part of tus-js-client's Upload the task drives. */
export interface TusUpload {
  options: tus.UploadOptions;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<tus.PreviousUpload[]>;
  resumeFromPreviousUpload(previous: tus.PreviousUpload): void;
}

type Listener = (snapshot: UploadTaskSnapshot) => void;

function serverMessage(error: Error): { status: number | undefined; message: string } {
  const response = (error as tus.DetailedError).originalResponse;
  const status = response?.getStatus();
  try {
    const body = JSON.parse(response?.getBody() ?? '') as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return { status, message: body.message };
  } catch {
    // not the API's JSON error
  }
  return { status, message: UNEXPECTED_ERROR_MESSAGE };
}

/**
 * One resumable upload, with the states and transitions of docs/product-spec.md §4, on tus-js-client. Subscribe with `on`;
 * `done` resolves on success and rejects with an `UploadError` (code `canceled` after `cancel()`).
 */
export class UploadTask {
  private current: UploadTaskSnapshot;
  private readonly listeners = new Set<Listener>();
  private readonly upload: TusUpload;
  private aborting: Promise<void> = Promise.resolve();
  private settle!: { resolve: (s: UploadTaskSnapshot) => void; reject: (e: UploadError) => void };
  readonly done: Promise<UploadTaskSnapshot>;

  constructor(
    readonly file: Blob,
    private readonly options: UploadTaskOptions,
  ) {
    this.current = { bytesTransferred: 0, totalBytes: file.size, state: 'running', metadata: { ...options.metadata } };
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    // Callers may not attach a handler before the task ends; the state carries the outcome too.
    this.done.catch(() => undefined);
    const create = options.createUpload ?? createTusUpload;
    const single = file.size <= UPLOAD.resumableThresholdBytes;
    this.upload = create(file, {
      endpoint: options.endpoint,
      metadata: options.metadata,
      chunkSize: firstChunkSize(file.size),
      uploadDataDuringCreation: single,
      retryDelays: retryDelays(options.maxRetryTimeMs),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: async (request) => {
        const token = await options.accessToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry: (error) => isRetryable((error as tus.DetailedError).originalResponse?.getStatus()),
      onProgress: (sent, total) => this.update({ bytesTransferred: sent, totalBytes: total }),
      onChunkComplete: () => {
        this.upload.options.chunkSize = nextChunkSize(this.upload.options.chunkSize ?? UPLOAD.initialChunkBytes);
      },
      onSuccess: () => {
        this.update({ state: 'success', bytesTransferred: file.size });
        this.settle.resolve(this.current);
      },
      onError: (error) => this.fail(error),
    });
    void this.begin();
  }

  get snapshot(): UploadTaskSnapshot {
    return this.current;
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  pause(): boolean {
    if (!canTransition(this.current.state, 'pause')) return false;
    this.update({ state: 'pausing' });
    this.aborting = this.upload.abort(false).then(() => {
      if (this.current.state === 'pausing') this.update({ state: 'paused' });
    });
    return true;
  }

  resume(): boolean {
    if (!canTransition(this.current.state, 'resume')) return false;
    this.update({ state: 'running' });
    void this.aborting.then(() => {
      // The upload asks the server for its offset first, then sends the rest.
      if (this.current.state === 'running') this.upload.start();
    });
    return true;
  }

  cancel(): boolean {
    if (!canTransition(this.current.state, 'cancel')) return false;
    this.update({ state: 'canceling' });
    void this.aborting
      .then(() => this.upload.abort(true))
      .catch(() => undefined)
      .then(() => {
        this.update({ state: 'canceled' });
        this.settle.reject(new UploadError('canceled', 'The upload was canceled.'));
      });
    return true;
  }

  private async begin(): Promise<void> {
    if (this.options.resumePrevious) {
      const previous = await this.upload.findPreviousUploads().catch(() => []);
      if (previous[0]) this.upload.resumeFromPreviousUpload(previous[0]);
    }
    this.upload.start();
  }

  private fail(error: Error): void {
    if (this.current.state === 'canceling' || this.current.state === 'canceled') return;
    const { status, message } = serverMessage(error);
    const code: UploadErrorCode = isRetryable(status) ? 'retry-limit-exceeded' : 'rejected';
    this.update({ state: 'error' });
    this.settle.reject(new UploadError(code, status === undefined ? IDENTITY_ERROR_MESSAGES['network-request-failed'] : message, status));
  }

  private update(patch: Partial<UploadTaskSnapshot>): void {
    this.current = { ...this.current, ...patch };
    for (const listener of this.listeners) listener(this.current);
  }
}
