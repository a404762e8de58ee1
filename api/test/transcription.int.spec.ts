import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SESSION_MESSAGES } from '@touchline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseRecording } from '../src/analysis/pipeline/analyse-recording';
import { DecodeError } from '../src/analysis/pipeline/audio-decoder';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { createTranscriber } from '../src/analysis/pipeline/transcription/create-transcriber';
import { COACHING_PROMPT, HttpTranscriber } from '../src/analysis/pipeline/transcription/http-transcriber';
import { TranscriptionError } from '../src/analysis/pipeline/transcription/transcriber';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { startTranscriptionServer } from './support/transcription-server';
import { generateSession } from '@touchline/tooling';

const rubric = loadRubric();
const KEY = 'club-stt-key';
let dir: string;
let recording: string;
let server: Awaited<ReturnType<typeof startTranscriptionServer>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-stt-test-'));
  recording = path.join(dir, 'session.wav');
  generateSession({
    file: recording,
    seconds: 24,
    snrDb: 20,
    script: [
      { text: 'Why did you choose that pass?', at: 1 },
      { text: 'Great job, well done!', at: 9 },
      { text: 'Everyone bring the cones over here.', at: 16 },
    ],
  });
  server = await startTranscriptionServer(KEY);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

const settings = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env }, dir).analysis;

describe('the http transcriber (an OpenAI-compatible service)', { timeout: 60_000 }, () => {
  it('sends each utterance as 16 kHz mono WAV with the model and language, and codes what comes back', async () => {
    const { transcriber } = createTranscriber(
      settings({ TRANSCRIBER: 'http', TRANSCRIBER_URL: `${server.url}/`, TRANSCRIBER_API_KEY: KEY, TRANSCRIBER_MODEL: 'small.en' }),
    );
    expect(transcriber?.name).toBe('http');
    const analysis = await analyseRecording(recording, { rubric, transcriber, maxRecordingMinutes: 240 });
    expect(server.requests).toHaveLength(3);
    for (const request of server.requests)
      expect(request).toMatchObject({ model: 'small.en', language: 'en', responseFormat: 'json', sampleRate: 16000, channels: 1, prompt: COACHING_PROMPT });
    expect(analysis.transcriber).toBe('http');
    // The transcript is what the service answered, trimmed (two requests run at once, so compare as sets).
    expect(analysis.transcript!.map((u) => u.text).sort()).toEqual(
      server.requests
        .map((r) => r.text)
        .filter(Boolean)
        .sort(),
    );
    expect(analysis.transcript!.map((u) => u.start)).toEqual([...analysis.transcript!.map((u) => u.start)].sort((a, b) => a - b));
    expect(analysis.scores.find((s) => s.category === 'engagement')!.score).not.toBeNull();
  });

  it("gives the coaching words and names the coach's squad in every request's prompt, so the service spells the players' names", async () => {
    const { transcriber } = createTranscriber(settings({ TRANSCRIBER: 'http', TRANSCRIBER_URL: server.url, TRANSCRIBER_API_KEY: KEY }));
    const before = server.requests.length;
    await analyseRecording(recording, { rubric, transcriber, squad: ['Sophie', 'Kwame', 'Mary-Jo'], maxRecordingMinutes: 240 });
    const sent = server.requests.slice(before);
    expect(sent).toHaveLength(3);
    expect(sent.map((r) => r.prompt)).toEqual(Array(3).fill(`${COACHING_PROMPT} Players: Sophie, Kwame, Mary-Jo.`));
  });

  it('reports a service that refuses or cannot be reached as a transcription error a coach can read', async () => {
    const spans = [{ start: 1, end: 3 }];
    const pcm = path.join(dir, 'speech.raw');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(pcm, Buffer.alloc(16000 * 2 * 4));
    const wrongKey = new HttpTranscriber({ url: server.url, apiKey: 'nope', model: 'm', language: 'en' });
    await expect(wrongKey.transcribe(pcm, spans)).rejects.toThrow(TranscriptionError);
    await expect(wrongKey.transcribe(pcm, spans)).rejects.toMatchObject({
      message: 'The transcription service did not answer. Please try again later.',
      detail: expect.stringMatching(/^401/),
    });
    server.failWith(503);
    const down = new HttpTranscriber({ url: server.url, apiKey: KEY, model: 'm', language: 'en' });
    await expect(down.transcribe(pcm, spans)).rejects.toMatchObject({ detail: expect.stringMatching(/^503/) });
    server.failWith(null);
    const unreachable = new HttpTranscriber({ url: 'http://127.0.0.1:9', apiKey: KEY, model: 'm', language: 'en', timeoutMs: 5000 });
    await expect(unreachable.transcribe(pcm, spans)).rejects.toThrow(TranscriptionError);
  });

  it('is configured or refused at start', () => {
    expect(() => settings({ TRANSCRIBER: 'http' })).toThrow(ConfigError);
    expect(() => settings({ TRANSCRIBER: 'http' })).toThrow(/TRANSCRIBER_URL is required when TRANSCRIBER=http/);
    expect(() => settings({ TRANSCRIBER: 'whisperx' })).toThrow(/TRANSCRIBER must be auto, none, pocketsphinx, http or whisper/);
    expect(() => settings({ TRANSCRIBER: 'whisper' })).toThrow(/WHISPER_URL is required when TRANSCRIBER=whisper/);
    expect(createTranscriber(settings({ TRANSCRIBER: 'whisper', WHISPER_URL: 'http://127.0.0.1:9000/' })).transcriber?.name).toBe('whisper');
    expect(() => createTranscriber(settings({ TRANSCRIBER: 'pocketsphinx', POCKETSPHINX_MODEL_DIR: dir }))).toThrow(/no pocketsphinx model in/);
    expect(createTranscriber(settings({ TRANSCRIBER: 'auto', POCKETSPHINX_MODEL_DIR: dir }))).toMatchObject({
      transcriber: null,
      note: expect.stringMatching(/without a transcript/),
    });
    expect(createTranscriber(settings({ TRANSCRIBER: 'none' })).transcriber).toBeNull();
  });
});

describe('recording length limit', () => {
  it('refuses a recording longer than the limit with a reason, before decoding it', async () => {
    const long = path.join(dir, 'long.wav');
    generateSession({ file: long, seconds: 75, script: [{ text: 'Well done.', at: 1 }] });
    const analysing = analyseRecording(long, { rubric, transcriber: null, maxRecordingMinutes: 1 });
    await expect(analysing).rejects.toThrow(DecodeError);
    await expect(analyseRecording(long, { rubric, transcriber: null, maxRecordingMinutes: 1 })).rejects.toThrow(SESSION_MESSAGES.tooLong('1 minute'));
  });
});
