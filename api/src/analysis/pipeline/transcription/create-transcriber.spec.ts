import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/app-config';
import { AutoTranscriber } from './auto-transcriber';
import { createTranscriber, WHISPER_HINT } from './create-transcriber';
import { PocketsphinxTranscriber } from './pocketsphinx-transcriber';
import { TranscriptionError } from './transcriber';
import { WhisperTranscriber } from './whisper-transcriber';

let dir: string;
/** A PATH with a pocketsphinx_batch on it, and its model folder: pocketsphinx "installed". */
let withPocketsphinx: string;
let modelDir: string;
let stateFile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-transcriber-choice-'));
  withPocketsphinx = path.join(dir, 'bin');
  modelDir = path.join(dir, 'model');
  await mkdir(withPocketsphinx);
  await mkdir(modelDir);
  await writeFile(path.join(withPocketsphinx, 'pocketsphinx_batch'), '#!/bin/sh\n');
  await chmod(path.join(withPocketsphinx, 'pocketsphinx_batch'), 0o755);
  await writeFile(path.join(modelDir, 'en-us.lm.bin'), '');
  stateFile = path.join(dir, 'transcriber.json');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const settings = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, POCKETSPHINX_MODEL_DIR: modelDir, ...env }, dir).analysis;
const writeState = (state: Record<string, unknown>) => writeFile(stateFile, JSON.stringify({ pid: process.pid, ...state }));
const auto = (env: Record<string, string> = {}, searchPath = withPocketsphinx) => createTranscriber(settings({ TRANSCRIBER: 'auto', ...env }), { searchPath });

describe('TRANSCRIBER=auto (the default): Whisper whenever it can be had', () => {
  it('is the default setting', () => {
    expect(loadConfig({ DATA_DIR: dir }, dir).analysis.transcriber).toBe('auto');
  });

  it('takes Whisper once npm start says its sidecar is ready, at the address it gives', async () => {
    await writeState({ state: 'ready', url: 'http://127.0.0.1:43210/' });
    const { transcriber } = auto({ TRANSCRIBER_STATE_FILE: stateFile });
    expect(transcriber).toBeInstanceOf(AutoTranscriber);
    const decision = await (transcriber as AutoTranscriber).decide(0);
    expect(decision.transcriber).toBeInstanceOf(WhisperTranscriber);
    expect(decision.whisperMissing).toBeNull();
    expect(transcriber!.name).toBe('whisper');
    expect((decision.transcriber as unknown as { options: { url: string } }).options.url).toBe('http://127.0.0.1:43210');
  });

  it('falls back to pocketsphinx when Whisper cannot be had, and keeps why', async () => {
    await writeState({ state: 'unavailable', reason: 'no Python 3.11, 3.12 or 3.13 with venv was found' });
    const { transcriber } = auto({ TRANSCRIBER_STATE_FILE: stateFile });
    const decision = await (transcriber as AutoTranscriber).decide(0);
    expect(decision.transcriber).toBeInstanceOf(PocketsphinxTranscriber);
    expect(decision.whisperMissing).toBe('no Python 3.11, 3.12 or 3.13 with venv was found');
    expect(transcriber!.name).toBe('pocketsphinx');
  });

  it('does not trust the state of a launcher that has ended', async () => {
    await writeFile(stateFile, JSON.stringify({ state: 'ready', url: 'http://127.0.0.1:43210', pid: 2 ** 22 + 7 }));
    const decision = await (auto({ TRANSCRIBER_STATE_FILE: stateFile }).transcriber as AutoTranscriber).decide(0);
    expect(decision.transcriber?.name).toBe('pocketsphinx');
    expect(decision.whisperMissing).toMatch(/has ended/);
  });

  it('waits while the sidecar is being installed, says so when the wait runs out, and takes it once ready', async () => {
    await writeState({ state: 'installing', detail: 'downloading and checking packages: 9 of 27' });
    const transcriber = auto({ TRANSCRIBER_STATE_FILE: stateFile }).transcriber as AutoTranscriber;
    const late = transcriber.decide(300);
    await expect(late).rejects.toBeInstanceOf(TranscriptionError);
    await expect(late).rejects.toThrow(/still being installed on this server \(downloading and checking packages: 9 of 27\)/);
    // Not decided yet: the analysis did not fall back to pocketsphinx.
    expect(await transcriber.readiness()).toEqual({ pending: 'downloading and checking packages: 9 of 27' });

    const waiting = transcriber.decide(10_000);
    setTimeout(() => void writeState({ state: 'ready', url: 'http://127.0.0.1:43211' }), 400);
    expect((await waiting).transcriber).toBeInstanceOf(WhisperTranscriber);
  });

  it('tells the analysis when it starts waiting for the install and when the wait is over, and nothing when there is no wait', async () => {
    await writeState({ state: 'installing', detail: 'installing 27 checked packages' });
    const transcriber = auto({ TRANSCRIBER_STATE_FILE: stateFile }).transcriber as AutoTranscriber;
    const told: boolean[] = [];
    const onWaiting = async (waiting: boolean) => void told.push(waiting);
    await expect(transcriber.decide(200, onWaiting)).rejects.toBeInstanceOf(TranscriptionError);
    // A wait that runs out is still a wait: the analysis is tried again and waits again.
    expect(told).toEqual([true]);

    const waiting = transcriber.decide(10_000, onWaiting);
    setTimeout(() => void writeState({ state: 'unavailable', reason: 'no Python 3.11, 3.12 or 3.13 with venv was found' }), 300);
    expect((await waiting).transcriber).toBeInstanceOf(PocketsphinxTranscriber);
    expect(told).toEqual([true, true, false]);

    // Decided: the next analysis does not wait, and hears nothing.
    await transcriber.decide(0, onWaiting);
    expect(told).toEqual([true, true, false]);
  });

  it('takes a fixed WHISPER_URL once its /health answers', async () => {
    let healthy = false;
    const server: Server = createServer((req, res) => res.writeHead(req.url === '/health' && healthy ? 200 : 503).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const transcriber = auto({ WHISPER_URL: url }).transcriber as AutoTranscriber;
      // The service's address is the admin's to read (the log), not a coach's or the demo's visitors'.
      expect(await transcriber.readiness()).toEqual({ pending: 'starting' });
      const late = transcriber.decide(0);
      await expect(late).rejects.toThrow(/still being installed on this server \(starting\)/);
      await expect(late).rejects.toMatchObject({ detail: expect.stringContaining(`waiting for ${url}/health to answer`) });
      healthy = true;
      expect((await transcriber.decide(5_000)).transcriber).toBeInstanceOf(WhisperTranscriber);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("asks a club's own service behind a key for its health with the key, and tells the log when the key is refused", async () => {
    const server: Server = createServer((req, res) => res.writeHead(req.headers.authorization === 'Bearer club-secret' ? 200 : 401).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const wrong = auto({ WHISPER_URL: url, TRANSCRIBER_API_KEY: 'stale' }).transcriber as AutoTranscriber;
      const refused = (await wrong.decide(0).catch((error: unknown) => error)) as TranscriptionError;
      expect(refused.detail).toContain('(it answers 401: check TRANSCRIBER_API_KEY)');
      // That is the log's; the coach's message names neither the service nor its key.
      expect(refused.message).not.toMatch(/TRANSCRIBER_API_KEY|127\.0\.0\.1/);
      const right = auto({ WHISPER_URL: url, TRANSCRIBER_API_KEY: 'club-secret' }).transcriber as AutoTranscriber;
      expect((await right.decide(5_000)).transcriber).toBeInstanceOf(WhisperTranscriber);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('without a Whisper sidecar set up, takes pocketsphinx and says what Whisper needs; nothing when neither is there', () => {
    const bare = auto();
    expect(bare.transcriber).toBeInstanceOf(PocketsphinxTranscriber);
    expect(bare.note).toContain(WHISPER_HINT);
    const none = auto({}, path.join(dir, 'empty'));
    expect(none.transcriber).toBeNull();
    expect(none.note).toMatch(/without a transcript: pocketsphinx_batch is not installed/);
  });

  it('leaves the explicit settings as they were', () => {
    expect(createTranscriber(settings({ TRANSCRIBER: 'pocketsphinx' }), { searchPath: withPocketsphinx }).transcriber).toBeInstanceOf(PocketsphinxTranscriber);
    expect(createTranscriber(settings({ TRANSCRIBER: 'whisper', WHISPER_URL: 'http://127.0.0.1:9' })).transcriber).toBeInstanceOf(WhisperTranscriber);
    expect(createTranscriber(settings({ TRANSCRIBER: 'none' })).transcriber).toBeNull();
  });
});
