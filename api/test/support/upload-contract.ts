import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { SESSION_MESSAGES, UPLOAD, type SessionPageDto } from '@touchline/shared';
import { mediaBuffer, startMinio, startVersitygw, type S3Server } from '@touchline/tooling';
import * as tus from 'tus-js-client';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OBJECT_STORAGE, ObjectNotFoundError, UPLOAD_STORE, type ObjectStorage, type UploadStore } from '../../src/storage/object-storage';
import { probeDurationSeconds } from '../../src/analysis/pipeline/probe';
import { UploadSweeper } from '../../src/sessions/uploads/upload-sweeper.service';
import { UploadsService } from '../../src/sessions/uploads/uploads.service';
import { freePort } from './mail-catcher';
import { startTestApi, type TestApi } from './test-api';
import { bearer, registerCoach } from './tokens';

export type Backend = 'filesystem' | 'minio' | 'versitygw';

const MAX_UPLOAD_BYTES = 48 * 1024 * 1024;
const MiB = 1024 * 1024;

async function startS3(backend: Exclude<Backend, 'filesystem'>, dataDir: string): Promise<S3Server> {
  const options = { dataDir, port: await freePort(), consolePort: await freePort(), accessKey: 'touchline-test', secretKey: randomBytes(18).toString('hex') };
  return backend === 'minio' ? startMinio(options) : startVersitygw(options);
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * One contract for every storage backend: the tus server at /api/uploads, the sessions it completes, and the
 * object storage under both, against the real store.
 */
export function uploadContract(backend: Backend): void {
  let api: TestApi;
  let s3: S3Server | undefined;
  let s3Dir: string | undefined;
  let storage: ObjectStorage;
  let uploadStore: UploadStore;
  let coach: string;
  let rival: string;

  const call = (method: string, route: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${route}`, {
      method,
      headers: { ...(token ? bearer(token) : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });

  const tusCall = (method: string, url: string, token: string | undefined, headers: Record<string, string> = {}, body?: Uint8Array) =>
    fetch(new URL(url, api.url), { method, headers: { 'tus-resumable': '1.0.0', ...(token ? bearer(token) : {}), ...headers }, body });

  async function newSession(token: string, fileName: string, sizeBytes: number, mediaType = 'video') {
    const res = await call('POST', '/api/sessions', token, { title: `Session ${fileName}`, mediaType, fileName, sizeBytes });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { session: { id: string }; upload: { endpoint: string; metadata: Record<string, string> } };
  }

  /** tus-js-client, as the SPA uses it; resolves with the upload URL and every request it made. */
  function upload(token: string, data: Buffer, created: Awaited<ReturnType<typeof newSession>>, options: Partial<tus.UploadOptions> = {}) {
    const requests: { method: string; size: number }[] = [];
    let handle!: tus.Upload;
    const done = new Promise<string>((resolve, reject) => {
      handle = new tus.Upload(data, {
        endpoint: `${api.url}${created.upload.endpoint}`,
        metadata: created.upload.metadata,
        uploadDataDuringCreation: true,
        retryDelays: [],
        storeFingerprintForResuming: false,
        onBeforeRequest: (req) => {
          req.setHeader('Authorization', `Bearer ${token}`);
          requests.push({ method: req.getMethod(), size: 0 });
        },
        onSuccess: () => resolve(handle.url!),
        onError: reject,
        ...options,
      });
      handle.start();
    });
    return { done, requests, handle };
  }

  async function stored(sessionId: string): Promise<Buffer> {
    const res = await call('GET', `/api/sessions/${sessionId}/media`, coach);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const media = await fetch(url);
    expect(media.status, await media.clone().text()).toBe(200);
    return Buffer.from(await media.arrayBuffer());
  }

  /** Where the session's recording is stored, as the session records it (null before it arrived). */
  async function recordingKeyOf(sessionId: string): Promise<string | null> {
    const rows = (await api.app.get(DataSource).query('SELECT storage_key FROM coaching_sessions WHERE id = $1', [sessionId])) as {
      storage_key: string | null;
    }[];
    return rows[0]?.storage_key ?? null;
  }

  beforeAll(async () => {
    // No analysis worker here: these tests watch sessions wait for it.
    let env: Record<string, string> = { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES), BACKGROUND_JOBS: 'false' };
    if (backend !== 'filesystem') {
      s3Dir = await mkdtemp(path.join(tmpdir(), `touchline-${backend}-`));
      s3 = await startS3(backend, s3Dir);
      env = {
        ...env,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'touchline-contract',
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
      };
    }
    api = await startTestApi(env);
    storage = api.app.get(OBJECT_STORAGE);
    uploadStore = api.app.get(UPLOAD_STORE);
    coach = (await registerCoach(api, 'Coach')).token;
    rival = (await registerCoach(api, 'Rival')).token;
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    await s3?.stop();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  });

  describe(`uploads on ${backend}`, () => {
    it('takes a small recording in one request and completes its session', async () => {
      const data = mediaBuffer('wav', 100 * 1024);
      const created = await newSession(coach, 'warm-up.wav', data.length, 'video');
      const run = upload(coach, data, created);
      await run.done;
      expect(run.requests.map((r) => r.method)).toEqual(['POST']);

      const session = (await (await call('GET', `/api/sessions/${created.session.id}`, coach)).json()) as Record<string, unknown>;
      // The bytes say WAV: an audio session whatever was declared.
      expect(session).toMatchObject({ contentType: 'audio/wav', mediaType: 'audio', processingStatus: 'pending', sizeBytes: data.length });
      expect(session.uploadedAt).toEqual(expect.any(String));
      expect(sha256(await stored(created.session.id))).toBe(sha256(data));
    });

    it('takes a larger recording in doubling chunks, and serves byte ranges of it', async () => {
      const data = mediaBuffer('mp4', 12 * MiB + 12345);
      const created = await newSession(coach, 'match day.mp4', data.length);
      let chunkSize = UPLOAD.initialChunkBytes;
      const sizes: number[] = [];
      const run = upload(coach, data, created, {
        uploadDataDuringCreation: false,
        chunkSize,
        onChunkComplete: (size) => {
          sizes.push(size);
          chunkSize = Math.min(chunkSize * 2, UPLOAD.maxChunkBytes);
          run.handle.options.chunkSize = chunkSize;
        },
      });
      await run.done;
      expect(sizes.slice(0, 5)).toEqual([256, 512, 1024, 2048, 4096].map((k) => k * 1024));
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(data.length);
      expect(sha256(await stored(created.session.id))).toBe(sha256(data));

      const { url } = (await (await call('GET', `/api/sessions/${created.session.id}/media`, coach)).json()) as { url: string };
      const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true);
    });

    it('resumes after a dropped connection from the offset the server kept', async () => {
      const data = mediaBuffer('mp4', 20 * MiB);
      const created = await newSession(coach, 'resume.mp4', data.length);
      let dropped = false;
      const run = upload(coach, data, created, {
        uploadDataDuringCreation: false,
        chunkSize: 6 * MiB,
        onProgress: (sent) => {
          if (!dropped && sent > 8 * MiB) {
            dropped = true;
            void run.handle.abort();
          }
        },
      });
      await expect.poll(() => dropped).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      const head = await tusCall('HEAD', run.handle.url!, coach);
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      // The first chunk was acknowledged before the drop: the server kept at least that.
      expect(offset).toBeGreaterThanOrEqual(6 * MiB);
      expect(offset).toBeLessThan(data.length);

      run.handle.start();
      await run.done;
      expect(sha256(await stored(created.session.id))).toBe(sha256(data));
    });

    it("hides one coach's upload and session from another", async () => {
      const data = mediaBuffer('mp4', 1 * MiB);
      const created = await newSession(coach, 'private.mp4', data.length);
      const create = await tusCall('POST', '/api/uploads', coach, {
        'upload-length': String(data.length),
        'upload-metadata': `sessionId ${Buffer.from(created.session.id).toString('base64')}`,
      });
      expect(create.status).toBe(201);
      const location = create.headers.get('location')!;

      for (const method of ['HEAD', 'DELETE']) expect((await tusCall(method, location, rival)).status).toBe(404);
      const patch = await tusCall(
        'PATCH',
        location,
        rival,
        { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        data.subarray(0, 1000),
      );
      expect(patch.status).toBe(404);
      expect((await tusCall('HEAD', location, undefined)).status).toBe(401);
      const steal = await tusCall('POST', '/api/uploads', rival, {
        'upload-length': String(data.length),
        'upload-metadata': `sessionId ${Buffer.from(created.session.id).toString('base64')}`,
      });
      expect(steal.status).toBe(404);
      expect((await call('GET', `/api/sessions/${created.session.id}`, rival)).status).toBe(404);
      expect((await call('GET', `/api/sessions/${created.session.id}/media`, rival)).status).toBe(404);
      expect((await call('DELETE', `/api/sessions/${created.session.id}`, rival)).status).toBe(404);
      const theirs = (await (await call('GET', '/api/sessions', rival)).json()) as SessionPageDto;
      expect(theirs).toMatchObject({ items: [], total: 0 });
      // The owner still has it, untouched.
      expect(Number((await tusCall('HEAD', location, coach)).headers.get('upload-offset'))).toBe(0);
    });

    it('refuses more than the upload limit with 413, at creation and while streaming', async () => {
      const tooBig = await call('POST', '/api/sessions', coach, { title: 'Huge', mediaType: 'video', fileName: 'huge.mp4', sizeBytes: MAX_UPLOAD_BYTES + 1 });
      expect(tooBig.status).toBe(413);
      expect(((await tooBig.json()) as { message: string }).message).toBe(SESSION_MESSAGES.tooLarge('48 MB'));

      const created = await newSession(coach, 'small.mp4', 1000);
      const metadata = `sessionId ${Buffer.from(created.session.id).toString('base64')}`;
      const overLimit = await tusCall('POST', '/api/uploads', coach, { 'upload-length': String(MAX_UPLOAD_BYTES + 1), 'upload-metadata': metadata });
      expect(overLimit.status).toBe(413);

      const create = await tusCall('POST', '/api/uploads', coach, { 'upload-length': '1000', 'upload-metadata': metadata });
      expect(create.status).toBe(201);
      const overflow = await tusCall(
        'PATCH',
        create.headers.get('location')!,
        coach,
        { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        mediaBuffer('mp4', 3000),
      );
      expect(overflow.status).toBe(413);
      const session = (await (await call('GET', `/api/sessions/${created.session.id}`, coach)).json()) as { uploadedAt: string | null };
      expect(session.uploadedAt).toBeNull();
    });

    it('refuses a file that is not a recording with 415 and keeps none of it', async () => {
      const byName = await call('POST', '/api/sessions', coach, { title: 'Notes', mediaType: 'audio', fileName: 'notes.pdf', sizeBytes: 5000 });
      expect(byName.status).toBe(415);
      expect(((await byName.json()) as { message: string }).message).toBe(SESSION_MESSAGES.unsupportedType);

      const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300 * 1024)]);
      const created = await newSession(coach, 'disguised.mp4', data.length);
      const run = upload(coach, data, created, { uploadDataDuringCreation: false, chunkSize: 128 * 1024 });
      const error = (await run.done.catch((e: unknown) => e)) as tus.DetailedError;
      expect(error.originalResponse?.getStatus()).toBe(415);
      expect(JSON.parse(error.originalResponse!.getBody()).message).toBe(SESSION_MESSAGES.unsupportedType);

      expect((await call('GET', `/api/sessions/${created.session.id}`, coach)).status).toBe(404);
      const uploadId = run.handle.url!.split('/').pop()!;
      await expect.poll(() => storage.stat(uploadStore.stagingKey(uploadId))).toBeNull();
      expect(await storage.stat(`sessions/${created.session.id}/recording`)).toBeNull();
    });

    it('removes the bytes when an upload is terminated, and when a session is deleted', async () => {
      const data = mediaBuffer('mp4', 1 * MiB);
      const created = await newSession(coach, 'cancel.mp4', data.length);
      const metadata = `sessionId ${Buffer.from(created.session.id).toString('base64')}`;
      const create = await tusCall(
        'POST',
        '/api/uploads',
        coach,
        { 'upload-length': String(data.length), 'upload-metadata': metadata, 'content-type': 'application/offset+octet-stream' },
        data.subarray(0, 300 * 1024),
      );
      expect(create.status).toBe(201);
      const location = create.headers.get('location')!;
      const terminated = await tusCall('DELETE', location, coach);
      expect(terminated.status).toBe(204);
      expect((await tusCall('HEAD', location, coach)).status).toBe(404);
      expect(await storage.stat(uploadStore.stagingKey(location.split('/').pop()!))).toBeNull();
      await expect.poll(async () => (await call('GET', `/api/sessions/${created.session.id}`, coach)).status).toBe(404);

      const kept = await newSession(coach, 'keep.wav', 50 * 1024, 'audio');
      const keptUrl = await upload(coach, mediaBuffer('wav', 50 * 1024), kept).done;
      const key = (await recordingKeyOf(kept.session.id))!;
      expect(await storage.stat(key)).toEqual({ size: 50 * 1024 });
      // One copy of the bytes stays: the recording. The filesystem links it under the session's key and drops
      // the staging name; on S3 the object tus completed is the recording, and only its bookkeeping goes.
      const keptId = keptUrl.split('/').pop()!;
      if (backend === 'filesystem') {
        expect(key).toBe(`sessions/${kept.session.id}/recording`);
        await expect.poll(() => storage.stat(uploadStore.stagingKey(keptId))).toBeNull();
      } else {
        expect(key).toBe(uploadStore.stagingKey(keptId));
        await expect.poll(() => storage.stat(`${keptId}.info`)).toBeNull();
      }
      expect((await call('DELETE', `/api/sessions/${kept.session.id}`, coach)).status).toBe(204);
      expect(await storage.stat(key)).toBeNull();
      expect((await call('GET', `/api/sessions/${kept.session.id}`, coach)).status).toBe(404);
    });

    it('removes every byte of a deleted session whose finished upload was never released (the API stopped in between)', async () => {
      // The release after the answer is what an API that stops at that moment never runs.
      const release = vi.spyOn(api.app.get(UploadsService), 'release').mockResolvedValue(undefined);
      const session = await newSession(coach, 'unreleased.wav', 50 * 1024, 'audio');
      const uploadId = (await upload(coach, mediaBuffer('wav', 50 * 1024), session).done).split('/').pop()!;
      await expect.poll(() => release.mock.calls.length).toBe(1);
      release.mockRestore();
      const key = (await recordingKeyOf(session.session.id))!;
      const bookkeeping = backend === 'filesystem' ? `${uploadStore.stagingKey(uploadId)}.json` : `${uploadId}.info`;
      expect(await storage.stat(bookkeeping)).not.toBeNull();

      expect((await call('DELETE', `/api/sessions/${session.session.id}`, coach)).status).toBe(204);
      for (const left of [key, uploadStore.stagingKey(uploadId), bookkeeping]) expect(await storage.stat(left), left).toBeNull();
    });

    it('stores an object of a given length, reads it whole and by range, and reports a missing one as missing', async () => {
      // 50 seconds of 16 kHz 16-bit mono.
      const data = mediaBuffer('wav', 44 + 50 * 32_000);
      const key = `contract/${randomBytes(6).toString('hex')}/object`;
      await storage.put(key, Readable.from([data.subarray(0, MiB), data.subarray(MiB)]), data.length);
      expect(await storage.stat(key)).toEqual({ size: data.length });
      expect(sha256(Buffer.concat(await (await storage.get(key)).toArray()))).toBe(sha256(data));
      const range = Buffer.concat(await (await storage.get(key, { start: 1000, end: 1999 })).toArray());
      expect(range.equals(data.subarray(1000, 2000))).toBe(true);

      // The analysis's tools read the object where toolSource says: a file, or a presigned URL.
      expect(await probeDurationSeconds(await storage.toolSource(key, 60))).toBeCloseTo(50, 1);

      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.toolSource(key, 60)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await storage.delete(key);
    });

    it('sweeps away an abandoned upload and its session once they expire', async () => {
      const created = await newSession(coach, 'abandoned.mp4', 2 * MiB);
      const metadata = `sessionId ${Buffer.from(created.session.id).toString('base64')}`;
      const create = await tusCall(
        'POST',
        '/api/uploads',
        coach,
        { 'upload-length': String(2 * MiB), 'upload-metadata': metadata, 'content-type': 'application/offset+octet-stream' },
        mediaBuffer('mp4', 100 * 1024),
      );
      expect(create.status).toBe(201);
      const sweeper = api.app.get(UploadSweeper);
      expect((await sweeper.sweep()).sessions).toBe(0);
      expect((await call('GET', `/api/sessions/${created.session.id}`, coach)).status).toBe(200);

      const result = await sweeper.sweep(new Date(Date.now() + 25 * 3600 * 1000));
      expect(result.sessions).toBeGreaterThanOrEqual(1);
      expect((await call('GET', `/api/sessions/${created.session.id}`, coach)).status).toBe(404);
      expect((await tusCall('HEAD', create.headers.get('location')!, coach)).status).toBe(404);
    });
  });
}
