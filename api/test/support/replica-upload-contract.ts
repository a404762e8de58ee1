import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { mediaBuffer, startMinio, type S3Server } from '@touchline/tooling';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresUploadLocker } from '../../src/sessions/uploads/upload-locker';
import { freePort } from './mail-catcher';
import { startReplicaProcess, startReplicas, type Replicas } from './replicas';
import { bearer, registerCoach } from './tokens';

const KiB = 1024;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * tus uploads whose requests reach two API replicas (and a third in a process of its own, frozen and killed while
 * it holds an upload), on the filesystem store (one shared data directory) or on MinIO.
 */
export function replicaUploadContract(backend: 'filesystem' | 'minio'): void {
  let stack: Replicas;
  let a: string;
  let b: string;
  let db: Client;
  let coach: { token: string; sub: string };
  let s3: S3Server | undefined;
  let s3Dir: string | undefined;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    let env: Record<string, string> = { BACKGROUND_JOBS: 'false' };
    if (backend === 'minio') {
      s3Dir = await mkdtemp(path.join(tmpdir(), 'touchline-replicas-minio-'));
      s3 = await startMinio({
        dataDir: s3Dir,
        port: await freePort(),
        consolePort: await freePort(),
        accessKey: 'touchline-test',
        secretKey: randomBytes(18).toString('hex'),
      });
      env = {
        ...env,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'touchline-replicas',
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
      };
    }
    stack = await startReplicas(2, env);
    [a, b] = stack.replicas.map((r) => r.url) as [string, string];
    db = new Client({ connectionString: stack.db.url });
    await db.connect();
    coach = await registerCoach({ url: stack.publicUrl, db: stack.db }, 'Upload Coach');
  }, 180_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await db?.end();
    await stack?.stop();
    await s3?.stop();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  });

  const tus = (base: string, method: string, location: string, headers: Record<string, string> = {}, body?: RequestInit['body']) =>
    fetch(new URL(location, base), {
      method,
      headers: { ...bearer(coach.token), 'tus-resumable': '1.0.0', ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);

  /** A session for `data` and an empty tus upload for it, created at `at`; answers the session id and the upload's location. */
  async function newUpload(at: string, data: Buffer): Promise<{ sessionId: string; location: string }> {
    const res = await fetch(`${at}/api/sessions`, {
      method: 'POST',
      headers: { ...bearer(coach.token), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Replica upload', mediaType: 'video', fileName: 'replica.mp4', sizeBytes: data.length }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { session } = (await res.json()) as { session: { id: string } };
    const created = await tus(at, 'POST', '/api/uploads', {
      'upload-length': String(data.length),
      'upload-metadata': `sessionId ${Buffer.from(session.id).toString('base64')}`,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    return { sessionId: session.id, location: created.headers.get('location')! };
  }

  const offsetAt = async (at: string, location: string) => {
    const head = await tus(at, 'HEAD', location);
    expect(head.status).toBe(200);
    return Number(head.headers.get('upload-offset'));
  };

  const patch = (at: string, location: string, offset: number, body: RequestInit['body']) =>
    tus(at, 'PATCH', location, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body);

  /** The stored recording of a session, read back through the API. */
  async function stored(sessionId: string): Promise<Buffer> {
    const res = await fetch(`${b}/api/sessions/${sessionId}/media`, { headers: bearer(coach.token) });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    return Buffer.from(await (await fetch(url)).arrayBuffer());
  }

  /** Finishes an upload from wherever it stands, in chunks that alternate between the replicas. */
  async function finish(location: string, data: Buffer, chunk = 256 * KiB): Promise<void> {
    let offset = await offsetAt(a, location);
    for (let i = 0; offset < data.length; i++) {
      const at = i % 2 ? b : a;
      const res = await patch(at, location, offset, data.subarray(offset, offset + chunk));
      expect(res.status, await res.clone().text()).toBe(204);
      offset = Number(res.headers.get('upload-offset'));
    }
  }

  /** A request body that sends `first` bytes and then holds the request open until `release` is called. */
  function stalledBody(data: Buffer, first: number): { body: ReadableStream<Uint8Array>; release: () => void } {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new Uint8Array(data.subarray(0, first)));
          return;
        }
        await held;
        controller.close();
      },
    });
    return { body, release };
  }

  /** Advisory locks the upload lock connections hold now (every process's). */
  const uploadLocksHeld = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity s ON s.pid = l.pid
         WHERE l.locktype = 'advisory' AND l.granted AND s.application_name = 'touchline-upload-locks'`,
      )
    ).rows[0]!.n;

  describe(`tus uploads across two API replicas on ${backend}`, { timeout: 120_000 }, () => {
    it('completes an upload whose PATCH requests alternate between the replicas, with identical bytes', async () => {
      const data = mediaBuffer('mp4', 3 * 1024 * KiB + 12345);
      const { sessionId, location } = await newUpload(a, data);
      let offset = 0;
      for (let i = 0; offset < data.length; i++) {
        const [here, there] = i % 2 ? [b, a] : [a, b];
        const res = await patch(here, location, offset, data.subarray(offset, offset + 512 * KiB));
        expect(res.status, await res.clone().text()).toBe(204);
        offset = Number(res.headers.get('upload-offset'));
        // The other replica sees the same offset (until the finished upload is released).
        if (offset < data.length) expect(await offsetAt(there, location)).toBe(offset);
      }
      const session = (await (await fetch(`${a}/api/sessions/${sessionId}`, { headers: bearer(coach.token) })).json()) as Record<string, unknown>;
      expect(session).toMatchObject({ sizeBytes: data.length, uploadedAt: expect.any(String) });
      expect(sha256(await stored(sessionId))).toBe(sha256(data));
    });

    it('serialises two PATCH requests for one upload at the two replicas: the second waits for the first, and nothing is corrupted', async () => {
      const data = mediaBuffer('mp4', 2 * 1024 * KiB);
      const { sessionId, location } = await newUpload(a, data);
      // Replica A takes the upload's lock and keeps it: its client sends 64 KiB and then stalls.
      const stalled = stalledBody(data, 64 * KiB);
      let firstEnded = 0;
      const first = patch(a, location, 0, stalled.body).then(
        (res) => ((firstEnded = Date.now()), res.status),
        () => ((firstEnded = Date.now()), 'aborted'),
      );
      await expect.poll(uploadLocksHeld, { timeout: 10_000, interval: 50 }).toBe(1);

      // The same upload's PATCH at replica B cannot write alongside it: it asks A to let go and waits until A has.
      const second = await patch(b, location, 0, data);
      const answeredAt = Date.now();
      expect(firstEnded, 'the first PATCH ended before the second was answered').toBeGreaterThan(0);
      expect(firstEnded).toBeLessThanOrEqual(answeredAt);
      // Whatever A wrote before it let go stands, so B's PATCH from offset 0 is refused (409) unless A wrote nothing.
      expect([204, 409]).toContain(second.status);
      stalled.release();
      await first;

      // B wrote the whole recording (A had stored nothing yet), or the client resumes from what A stored.
      if (second.status === 409) await finish(location, data);
      else expect(second.headers.get('upload-offset')).toBe(String(data.length));
      expect(sha256(await stored(sessionId))).toBe(sha256(data));
      expect(await uploadLocksHeld()).toBe(0);
    });

    it("takes many uploads' locks at once on its one lock connection, a query at a time (no pg deprecation warning)", async () => {
      const locker = stack.replicas[0]!.app.get(PostgresUploadLocker);
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      try {
        const ids = Array.from({ length: 20 }, (_, i) => `concurrent-${backend}-${i}`);
        const granted = await Promise.all(ids.map((id) => locker.tryLock(id, () => undefined)));
        expect(granted).toEqual(ids.map(() => true));
        expect(await uploadLocksHeld()).toBe(ids.length);
        await Promise.all(ids.map((id) => locker.unlock(id)));
        expect(await uploadLocksHeld()).toBe(0);
        await sleep(50);
        expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
      } finally {
        process.off('warning', onWarning);
      }
    });

    it('frees the lock of a replica process that is killed while it holds an upload', async () => {
      const replica = await startReplicaProcess(stack, { BACKGROUND_JOBS: 'false' });
      children.push(replica.child);
      const data = mediaBuffer('mp4', 1024 * KiB);
      const { sessionId, location } = await newUpload(a, data);
      const stalled = stalledBody(data, 64 * KiB);
      void patch(replica.url, location, 0, stalled.body).catch(() => undefined);
      await expect.poll(uploadLocksHeld, { timeout: 10_000, interval: 50 }).toBe(1);

      // Frozen, the replica can neither finish nor hear a request to let go: the lock holds, and a HEAD at A waits.
      replica.child.kill('SIGSTOP');
      let headStatus: number | undefined;
      const head = tus(a, 'HEAD', location).then((res) => (headStatus = res.status));
      await sleep(5_000);
      expect(headStatus, 'the HEAD must wait while the frozen replica holds the upload').toBeUndefined();

      // Killed, its lock connection closes and PostgreSQL frees the lock: the waiting HEAD gets it (had the lock
      // stayed, it would have failed with tus's lock timeout instead).
      replica.child.kill('SIGKILL');
      await once(replica.child, 'exit');
      await head;
      expect(headStatus).toBe(200);
      stalled.release();

      await finish(location, data);
      expect(sha256(await stored(sessionId))).toBe(sha256(data));
      expect(stack.replicas[0]!.app.get(PostgresUploadLocker).heldCount).toBe(0);
    });
  });
}
