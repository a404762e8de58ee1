import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTACT_LIMITS, IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { mediaBuffer } from '@touchline/tooling';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { REVIEW_THROTTLE } from '../src/reviews/review-throttle';
import { PostgresUploadLocker } from '../src/sessions/upload-locker';
import { INVITATION_LOOKUPS_PER_ADDRESS } from '../src/teams/team-throttle';
import { Agent, pkce } from './support/browserless-oidc';
import { EmbeddedIdpClient } from './support/embedded-idp-client';
import { startMailCatcher } from './support/mail-catcher';
import { startReplicaProcess, startReplicas, type Replicas } from './support/replicas';
import { seedAnalysedSession } from './support/seed-reports';
import { assignPlan, bearer, registerCoach } from './support/tokens';

const KiB = 1024;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

let stack: Replicas;
let a: string;
let b: string;
let db: Client;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let coach: { token: string; sub: string };
const children: ChildProcess[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  // Two API replicas on one database and one data directory, as the compose file runs them behind nginx.
  stack = await startReplicas(2, { BACKGROUND_JOBS: 'false', TRUST_PROXY: 'true', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.smtpPort) });
  [a, b] = stack.replicas.map((r) => r.url) as [string, string];
  db = new Client({ connectionString: stack.db.url });
  await db.connect();
  coach = await registerCoach({ url: stack.publicUrl, db: stack.db }, 'Replica Coach', 'Pro');
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await db?.end();
  await stack?.stop();
  await mail?.stop();
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

describe('tus uploads across two API replicas', { timeout: 120_000 }, () => {
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
    const started = Date.now();
    const second = await patch(b, location, 0, data);
    const answeredAt = Date.now();
    expect(firstEnded, 'the first PATCH ended before the second was answered').toBeGreaterThan(0);
    expect(firstEnded).toBeLessThanOrEqual(answeredAt);
    // tus's drain time: the holder is cancelled 3 s after it is asked to let go.
    expect(answeredAt - started).toBeGreaterThanOrEqual(2_500);
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

    // Killed, its lock connection closes and PostgreSQL frees the lock at once: the HEAD is answered.
    const killedAt = Date.now();
    replica.child.kill('SIGKILL');
    await once(replica.child, 'exit');
    await head;
    expect(headStatus).toBe(200);
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    stalled.release();

    await finish(location, data);
    expect(sha256(await stored(sessionId))).toBe(sha256(data));
    expect(stack.replicas[0]!.app.get(PostgresUploadLocker).heldCount).toBe(0);
  });
});

/** A browser whose requests to the public address reach one replica: the proxy's pick, made here by the test. */
class ReplicaAgent extends Agent {
  constructor(private readonly replica: string) {
    super();
  }

  override request(url: string, init: RequestInit = {}): Promise<Response> {
    return super.request(url.replace(stack.publicUrl, this.replica), init);
  }
}

/** Sends `tries` requests alternating between the replicas (A first); answers their statuses, then the next try's at each replica. */
async function alternate(tries: number, send: (at: string, i: number) => Promise<Response>): Promise<{ statuses: number[]; after: number[] }> {
  const statuses: number[] = [];
  for (let i = 0; i < tries; i++) statuses.push((await send(i % 2 ? b : a, i)).status);
  const after = [(await send(a, tries)).status, (await send(b, tries + 1)).status];
  return { statuses, after };
}

const post = (at: string, route: string, body: unknown, from: string) =>
  fetch(`${at}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });

describe('throttles across two API replicas: tries at either count together', { timeout: 120_000 }, () => {
  it('a review link refuses an address after the same number of wrong passwords as on one replica', async () => {
    await assignPlan(stack.db.url, `${coach.sub}@club.example`, 'Pro');
    const owner = (await db.query<{ id: string }>('SELECT id FROM users WHERE identity_id = $1', [coach.sub])).rows[0]!.id;
    const seeded = await seedAnalysedSession(db, owner, loadRubric(), {
      title: 'Reviewed',
      minute: 0,
      durationSeconds: 60,
      utterances: [{ start: 5, end: 9, text: 'Well done.' }],
    });
    const made = await fetch(`${a}/api/sessions/${seeded.id}/review-links`, {
      method: 'POST',
      headers: { ...bearer(coach.token), 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'Alex', password: 'secret-pass' }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const route = `/api${new URL(((await made.json()) as { url: string }).url).pathname}`;
    const guess = (at: string, password: string, from = '198.51.100.10') =>
      fetch(`${at}${route}`, { headers: { 'x-forwarded-for': from, 'x-review-password': password } });

    const { statuses, after } = await alternate(REVIEW_THROTTLE.linkPasswordFailures, (at, i) => guess(at, `guess-${i}`));
    expect(statuses).toEqual(Array(REVIEW_THROTTLE.linkPasswordFailures).fill(401));
    expect(after).toEqual([429, 429]);
    expect((await guess(b, 'secret-pass')).status).toBe(429);
    // The reviewer at another address is let in, at either replica.
    expect((await guess(a, 'secret-pass', '198.51.100.11')).status).toBe(200);
    expect((await guess(b, 'secret-pass', '198.51.100.11')).status).toBe(200);
  });

  it('the sign-in page makes an address wait after five wrong passwords, whichever replica each came to', async () => {
    const idp = new EmbeddedIdpClient(stack.publicUrl, mail.waitForMail);
    const owner = 'replica-owner@club.example';
    await idp.signUp(owner, 'right-secret-1');
    const attempt = (at: string, password: string, from: string) => idp.submitLogin(new ReplicaAgent(at), pkce().challenge, owner, password, from);
    for (let i = 0; i < 5; i++)
      expect((await attempt(i % 2 ? b : a, `guess-${i}`, '198.18.9.1')).html).toContain(IDENTITY_ERROR_MESSAGES['invalid-credential']);
    for (const at of [a, b]) {
      const waiting = await attempt(at, 'right-secret-1', '198.18.9.1');
      expect(waiting.status).toBe(429);
      expect(waiting.html).toContain(IDENTITY_ERROR_MESSAGES['too-many-requests']);
    }
    // The owner at another address signs in at either replica.
    expect((await attempt(a, 'right-secret-1', '198.18.9.2')).callback).toBeTruthy();
    expect((await attempt(b, 'right-secret-1', '198.18.9.3')).callback).toBeTruthy();
  });

  it('the contact form, password reset and verification resend refuse an address at the same count as one replica does', async () => {
    const contact = (at: string, i: number) =>
      post(
        at,
        '/api/help/contact',
        // The honeypot answers like a real request and sends no mail; it counts all the same.
        { name: 'Sam', email: `sam-${i}@club.example`, topic: 'Recording and uploads', message: 'Hello there, a question.', website: 'x' },
        '198.51.100.20',
      );
    expect(await alternate(CONTACT_LIMITS.perClientPerHour, contact)).toEqual({
      statuses: Array(CONTACT_LIMITS.perClientPerHour).fill(201),
      after: [429, 429],
    });

    const reset = (at: string, i: number) => post(at, '/api/auth/reset-password-request', { email: `nobody-${i}@club.example` }, '198.51.100.21');
    expect(await alternate(10, reset)).toEqual({ statuses: Array(10).fill(202), after: [429, 429] });

    const resend = (at: string, i: number) => post(at, '/api/auth/resend-verification', { email: `nobody-${i}@club.example` }, '198.51.100.22');
    expect(await alternate(10, resend)).toEqual({ statuses: Array(10).fill(202), after: [429, 429] });
  });

  it('invitation lookups and assistant questions count per address across the replicas', async () => {
    const lookup = (at: string) => fetch(`${at}/api/invitations/${'B'.repeat(43)}`, { headers: { 'x-forwarded-for': '198.51.100.30' } });
    expect(await alternate(INVITATION_LOOKUPS_PER_ADDRESS, lookup)).toEqual({ statuses: Array(INVITATION_LOOKUPS_PER_ADDRESS).fill(404), after: [429, 429] });

    const ask = (at: string) => post(at, '/api/help/assistant', { question: 'How do I upload a session?' }, '198.51.100.31');
    expect(await alternate(30, ask)).toEqual({ statuses: Array(30).fill(200), after: [429, 429] });
  });
});
