import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhisperTranscriber } from './whisper-transcriber';
import { COACHING_PROMPT } from './http-transcriber';

/** A service that answers each request with the next of the given word lists, and notes what it was sent. */
let answers: { word: string; start: number; end: number; probability: number }[][] = [];
const sent: { seconds: number; format: string; prompt: string | null }[] = [];
let server: Server;
let url: string;
let dir: string;
let pcm: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-whisper-unit-'));
  pcm = path.join(dir, 'speech.raw');
  await writeFile(pcm, Buffer.alloc(16000 * 2 * 20));
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': req.headers['content-type']! } }).formData();
    sent.push({
      seconds: ((form.get('file') as Blob).size - 44) / 32000,
      format: String(form.get('response_format')),
      prompt: form.get('prompt') as string | null,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: '', words: answers.shift() ?? [] }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('WhisperTranscriber', () => {
  const spans = [
    { start: 0, end: 2 },
    { start: 3, end: 5 },
    { start: 6, end: 8 },
  ];

  it('sends the spans joined, and sends again, joined among themselves, the ones a window that was heard left empty', async () => {
    sent.length = 0;
    answers = [
      // Whisper stops after the first span of the window (0–2 s, 2.5–4.5 s, 5–7 s).
      [{ word: 'Press!', start: 0.2, end: 0.6, probability: 0.8 }],
      // The two it skipped, joined again (0–2 s, 2.5–4.5 s).
      [
        { word: 'Well', start: 0.3, end: 0.6, probability: 0.9 },
        { word: 'done.', start: 0.7, end: 1, probability: 0.7 },
        { word: 'Sophie,', start: 2.6, end: 3, probability: 0.6 },
        { word: 'go.', start: 3.1, end: 3.4, probability: 1 },
      ],
    ];
    const transcriber = new WhisperTranscriber({ url, model: 'whisper-1', language: 'en' });
    const progress: number[] = [];
    const heard = await transcriber.transcribe(pcm, spans, { vocabulary: ['Sophie'], onProgress: async (done) => void progress.push(done) });
    expect(heard.map((r) => r.text)).toEqual(['Press!', 'Well done.', 'Sophie, go.']);
    expect(heard.map((r) => r.confidence)).toEqual([0.8, 0.8, 0.8]);
    expect(sent.map((r) => r.seconds)).toEqual([7, 4.5]);
    expect(sent.every((r) => r.format === 'verbose_json' && r.prompt === `${COACHING_PROMPT} Players: Sophie.`)).toBe(true);
    expect(progress).toEqual([1]);
  });

  it('sends nothing again when a whole window was silent', async () => {
    sent.length = 0;
    answers = [[]];
    const heard = await new WhisperTranscriber({ url, model: 'whisper-1', language: 'en' }).transcribe(pcm, spans);
    expect(heard).toEqual(spans.map(() => ({ text: '', confidence: null })));
    expect(sent).toHaveLength(1);
  });
});
