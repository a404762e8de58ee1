import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SESSION_EVENTS, SESSION_MESSAGES } from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStreamService } from '../src/sessions/events/session-stream.service';
import { openEventStream } from './support/event-stream';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, embeddedSigningKey, mint, registerCoach } from './support/tokens';
import { uploadSession } from './support/upload-session';
import { generateSession } from '@touchline/tooling';

let api: TestApi;
let dir: string;
let recording: Buffer;
let coach: { token: string; sub: string };
let other: { token: string; sub: string };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-events-'));
  const file = path.join(dir, 'training.wav');
  generateSession({ file, seconds: 120, snrDb: 20, script: [{ text: 'Look up before you pass.', at: 5 }] });
  recording = await readFile(file);
  api = await startTestApi({ TRANSCRIBER: 'none' });
  coach = await registerCoach(api, 'Streamer');
  other = await registerCoach(api, 'Neighbour');
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /api/sessions/events (live session status)', { timeout: 90_000 }, () => {
  it('refuses a caller without a valid token with 401 and a JSON error', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const stream = await openEventStream(api.url, token);
      expect(stream.response.status).toBe(401);
      expect(stream.response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await stream.response.json()).toMatchObject({ statusCode: 401 });
    }
  });

  it("streams the progress and completion of the coach's analysis, unbuffered, and nothing of it to another coach", async () => {
    const mine = await openEventStream(api.url, coach.token);
    const theirs = await openEventStream(api.url, other.token);
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get('content-type')).toBe('text/event-stream');
    expect(mine.response.headers.get('x-accel-buffering')).toBe('no');
    expect(mine.response.headers.get('cache-control')).toMatch(/no-cache/);

    const id = await uploadSession(api.url, coach.token, 'training.wav', recording);
    await mine.waitFor((e) => e.sessionId === id && e.status === 'completed');
    const events = mine.sessionEvents().filter((e) => e.sessionId === id);
    expect(events[0]).toEqual({ sessionId: id, status: 'pending', progress: 0, uploaded: false });
    expect(events).toContainEqual({ sessionId: id, status: 'pending', progress: 0, uploaded: true });
    const progress = events.filter((e) => e.status === 'processing').map((e) => e.progress);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.at(-1)).toEqual({ sessionId: id, status: 'completed', progress: 100, uploaded: true });

    // The other coach's stream is live (it sees their own session) but never saw the first coach's.
    const theirId = (await (
      await fetch(`${api.url}/api/sessions`, {
        method: 'POST',
        headers: { ...bearer(other.token), 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Their session', mediaType: 'audio', fileName: 'theirs.wav', sizeBytes: 1000 }),
      })
    ).json()) as { session: { id: string } };
    await theirs.waitFor((e) => e.sessionId === theirId.session.id);
    expect(theirs.sessionEvents().map((e) => e.sessionId)).toEqual([theirId.session.id]);
    expect(JSON.stringify(theirs.messages)).not.toContain(id);

    expect((await fetch(`${api.url}/api/sessions/${id}`, { method: 'DELETE', headers: bearer(coach.token) })).status).toBe(204);
    await mine.waitFor((e) => e.sessionId === id && e.status === 'deleted');
    expect(theirs.sessionEvents().map((e) => e.sessionId)).toEqual([theirId.session.id]);
    mine.close();
    theirs.close();
  });

  it('ends the stream when the client closes it, and on its own when the access token expires', async () => {
    const streams = api.app.get(SessionStreamService);
    await expect.poll(() => streams.openStreams, { timeout: 5_000 }).toBe(0);
    const stream = await openEventStream(api.url, coach.token);
    expect(streams.openStreams).toBe(1);
    stream.close();
    await expect.poll(() => streams.openStreams, { timeout: 5_000 }).toBe(0);

    const signing = await embeddedSigningKey(api.db.url);
    const shortLived = await mint(signing, { sub: coach.sub, email_verified: true, iss: `${api.url}/idp`, aud: 'touchline-api' }, '3s');
    const expiring = await openEventStream(api.url, shortLived);
    expect(expiring.response.status).toBe(200);
    const started = Date.now();
    await expiring.ended;
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect.poll(() => streams.openStreams, { timeout: 5_000 }).toBe(0);
  });

  it('holds at most ten streams per coach: the next, even opened all at once, is a JSON 429 until one closes', async () => {
    const streams = api.app.get(SessionStreamService);
    await expect.poll(() => streams.openStreams, { timeout: 5_000 }).toBe(0);
    const opened = await Promise.all(Array.from({ length: SESSION_EVENTS.maxStreamsPerCoach + 2 }, () => openEventStream(api.url, coach.token)));
    try {
      const statuses = opened.map((s) => s.response.status).sort();
      expect(statuses).toEqual([...Array(SESSION_EVENTS.maxStreamsPerCoach).fill(200), 429, 429]);
      const refused = opened.find((s) => s.response.status === 429)!;
      expect(await refused.response.json()).toEqual({ statusCode: 429, message: SESSION_MESSAGES.tooManyStreams });
      // Another coach is not counted against this one.
      const neighbour = await openEventStream(api.url, other.token);
      expect(neighbour.response.status).toBe(200);
      neighbour.close();
      // One closes, and the coach can open another.
      opened.find((s) => s.response.status === 200)!.close();
      await expect.poll(() => streams.openStreams, { timeout: 5_000 }).toBe(SESSION_EVENTS.maxStreamsPerCoach - 1);
      const again = await openEventStream(api.url, coach.token);
      expect(again.response.status).toBe(200);
      again.close();
    } finally {
      for (const s of opened) s.close();
    }
    await expect.poll(() => streams.openStreams, { timeout: 5_000 }).toBe(0);
  });

  it('ends the streams when the listening database connection drops, and a new stream listens again', async () => {
    const stream = await openEventStream(api.url, coach.token);
    const admin = new Client({ connectionString: api.db.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'touchline-events'`);
      expect(rowCount).toBe(1);
      await stream.ended;

      const again = await openEventStream(api.url, coach.token);
      const created = await fetch(`${api.url}/api/sessions`, {
        method: 'POST',
        headers: { ...bearer(coach.token), 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'After the drop', mediaType: 'audio', fileName: 'after.wav', sizeBytes: 1000 }),
      });
      const { session } = (await created.json()) as { session: { id: string } };
      await again.waitFor((e) => e.sessionId === session.id && e.status === 'pending', 10_000);
      again.close();
    } finally {
      await admin.end();
    }
  });
});
