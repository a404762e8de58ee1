import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { CoachingSessionDto, SessionReportDto } from '@touchline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSession } from '@touchline/tooling';
import { openEventStream } from './support/event-stream';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, registerCoach } from './support/tokens';
import { uploadSession } from './support/upload-session';

/**
 * TRANSCRIBER=auto as `npm start` runs it: the Whisper sidecar is installed in the background and its state kept
 * in a file (infra/lib/whisper.mjs). An analysis that starts while it is being installed waits for it, saying so
 * in the session's live status, and is transcribed by Whisper once the file says it is ready, not by pocketsphinx
 * in the meantime; when the install fails, by pocketsphinx, and its report says which. The sidecar here is a
 * stand-in that answers like it (verbose_json with word times).
 */
let api: TestApi;
let token: string;
let dir: string;
let stateFile: string;
let whisper: Server;
let whisperUrl: string;
const requests: string[] = [];

/** Answers every window with the word "great" every 0.3 s of its length, as the sidecar answers word times. */
function startFakeWhisper(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        if (req.url === '/health') return res.writeHead(200).end('{"status":"ok"}');
        const form = await new Request('http://local', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        }).formData();
        requests.push(String(form.get('response_format')));
        const wav = form.get('file') as Blob;
        const seconds = (wav.size - 44) / 32_000;
        const words = [];
        for (let t = 0.05; t + 0.2 < seconds; t += 0.3) words.push({ word: ' great', start: t, end: t + 0.2, probability: 0.9 });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: words.map((w) => w.word).join(''), words }));
      })();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const get = async <T>(route: string) => (await (await fetch(`${api.url}${route}`, { headers: bearer(token) })).json()) as T;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-auto-'));
  stateFile = path.join(dir, 'transcriber.json');
  await writeFile(stateFile, JSON.stringify({ state: 'installing', detail: 'downloading and checking packages: 3 of 26', pid: process.pid }));
  whisper = await startFakeWhisper();
  whisperUrl = `http://127.0.0.1:${(whisper.address() as { port: number }).port}`;
  api = await startTestApi({ TRANSCRIBER_STATE_FILE: stateFile });
  token = (await registerCoach(api, 'Waiting Coach')).token;
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await new Promise<void>((resolve) => whisper?.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

describe('TRANSCRIBER=auto while npm start installs Whisper', { timeout: 120_000 }, () => {
  it('waits for the sidecar rather than falling back, then transcribes with Whisper', async () => {
    const file = path.join(dir, 'session.wav');
    generateSession({
      file,
      seconds: 16,
      snrDb: 25,
      script: [
        { text: 'Pass it wide and keep your shape.', at: 1 },
        { text: 'Great first touch Sam!', at: 8 },
      ],
    });
    const stream = await openEventStream(api.url, token);
    const id = await uploadSession(api.url, token, 'session.wav', await readFile(file));

    // Decoded and measured, then held at the transcription step while the sidecar is installed, saying so live.
    await expect
      .poll(async () => (await get<CoachingSessionDto>(`/api/sessions/${id}`)).analysisProgress, { timeout: 60_000, interval: 250 })
      .toBeGreaterThanOrEqual(35);
    await stream.waitFor((e) => e.sessionId === id && e.waitingFor === 'transcriber', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const waiting = await get<CoachingSessionDto>(`/api/sessions/${id}`);
    expect(waiting).toMatchObject({ processingStatus: 'processing', waitingFor: 'transcriber' });
    expect((await get<{ items: CoachingSessionDto[] }>('/api/sessions')).items.find((s) => s.id === id)).toMatchObject({ waitingFor: 'transcriber' });
    expect(requests).toHaveLength(0);

    await writeFile(stateFile, JSON.stringify({ state: 'ready', url: whisperUrl, pid: process.pid }));
    await expect
      .poll(async () => (await get<CoachingSessionDto>(`/api/sessions/${id}`)).processingStatus, { timeout: 60_000, interval: 250 })
      .toBe('completed');
    // The wait's end was announced, and a finished session says nothing of it.
    await stream.waitFor((e) => e.sessionId === id && e.status === 'completed');
    const events = stream.sessionEvents().filter((e) => e.sessionId === id);
    const waited = events.findIndex((e) => e.waitingFor === 'transcriber');
    expect(events.slice(waited + 1).some((e) => e.status === 'processing' && e.waitingFor === undefined)).toBe(true);
    expect(events.at(-1)).toEqual({ sessionId: id, status: 'completed', progress: 100, uploaded: true });
    stream.close();
    expect(await get<CoachingSessionDto>(`/api/sessions/${id}`)).not.toHaveProperty('waitingFor');
    const report = await get<SessionReportDto>(`/api/sessions/${id}/report`);
    expect(report.transcriber).toBe('whisper');
    expect(report.transcript!.length).toBeGreaterThan(0);
    expect(report.transcript!.every((u) => /great/i.test(u.text))).toBe(true);
    expect(requests[0]).toBe('verbose_json');
  });
});

describe('TRANSCRIBER=auto when Whisper cannot be installed', { timeout: 120_000 }, () => {
  it('transcribes with pocketsphinx once the install fails, and the report names it', async () => {
    const fallbackState = path.join(dir, 'transcriber-fails.json');
    await writeFile(fallbackState, JSON.stringify({ state: 'installing', detail: 'looking for Python', pid: process.pid }));
    const fallbackApi = await startTestApi({ TRANSCRIBER_STATE_FILE: fallbackState });
    try {
      const coach = (await registerCoach(fallbackApi, 'Fallback Coach')).token;
      const read = async <T>(route: string) => (await (await fetch(`${fallbackApi.url}${route}`, { headers: bearer(coach) })).json()) as T;
      const file = path.join(dir, 'fallback.wav');
      generateSession({ file, seconds: 10, snrDb: 25, script: [{ text: 'Great first touch, well done.', at: 1 }] });
      const id = await uploadSession(fallbackApi.url, coach, 'fallback.wav', await readFile(file));
      await expect.poll(async () => (await read<CoachingSessionDto>(`/api/sessions/${id}`)).waitingFor, { timeout: 60_000, interval: 250 }).toBe('transcriber');

      await writeFile(fallbackState, JSON.stringify({ state: 'unavailable', reason: 'no Python 3.11, 3.12 or 3.13 with venv was found', pid: process.pid }));
      await expect
        .poll(async () => (await read<CoachingSessionDto>(`/api/sessions/${id}`)).processingStatus, { timeout: 90_000, interval: 250 })
        .toBe('completed');
      const report = await read<SessionReportDto>(`/api/sessions/${id}/report`);
      expect(report.transcriber).toBe('pocketsphinx');
      expect(report.transcript!.length).toBeGreaterThan(0);
    } finally {
      await fallbackApi.stop();
    }
  });
});
