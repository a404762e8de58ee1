import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { ExternalReviewDto } from '@touchline/shared';
import { startWhisper, wordErrorRate, type WhisperSidecar } from '@touchline/tooling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHISPER_HINT } from '../src/analysis/pipeline/transcription/create-transcriber';
import { wordsOf } from '../src/analysis/rubric/utterance-coding';
import { DEMO_SCRIPT } from '../src/demo/demo-recording';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * The public demo with the default transcriber (TRANSCRIBER=auto): analysed by Whisper (the real sidecar, which
 * `npm test` installs in its set-up) once `npm start`'s state file says it is ready, answering 503 with why
 * while it is being installed; where Whisper cannot be had, no transcript, and the unscored categories say what
 * the server lacks.
 */
let dir: string;
let sidecar: WhisperSidecar;
const apis: TestApi[] = [];

const demoReport = async (api: TestApi) => {
  const res = await fetch(`${api.url}/api/demo/report`);
  return { status: res.status, body: (await res.json()) as ExternalReviewDto & { message?: string } };
};
const writeState = (file: string, state: Record<string, unknown>) => writeFile(file, JSON.stringify({ pid: process.pid, ...state }));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-demo-auto-'));
  sidecar = await startWhisper();
}, 600_000);

afterAll(async () => {
  for (const api of apis) await api.stop();
  await sidecar?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the demo with the default transcriber', { timeout: 180_000 }, () => {
  it('waits while Whisper is installed, then shows a transcript a visitor can read and all five scores', async () => {
    const state = path.join(dir, 'ready.json');
    await writeState(state, { state: 'installing', detail: 'downloading and checking packages: 12 of 26' });
    const api = await startTestApi({ TRANSCRIBER_STATE_FILE: state });
    apis.push(api);

    const early = await demoReport(api);
    expect(early.status).toBe(503);
    expect(early.body.message).toBe(
      'The demo is being prepared: this server is installing its speech recogniser, Whisper (downloading and checking packages: 12 of 26). Please try again in a few minutes.',
    );

    await writeState(state, { state: 'ready', url: sidecar.url });
    const { status, body: demo } = await demoReport(api);
    expect(status).toBe(200);
    const heard = demo.transcript!.flatMap((u) => wordsOf(u.text));
    const truth = DEMO_SCRIPT.flatMap((line) => wordsOf(line.text));
    const wer = wordErrorRate(truth, heard);
    console.log(
      `demo with Whisper: WER ${wer.toFixed(3)} over ${truth.length} words; scores ${demo.scores!.map((s) => `${s.category} ${s.score}`).join(', ')}`,
    );
    expect(wer).toBeLessThanOrEqual(0.15);
    for (const score of demo.scores!) expect(score.score, `${score.category}: ${score.basis}`).not.toBeNull();
    expect(demo.codeCounts!['first-name']).toBeGreaterThanOrEqual(2);
  });

  it('is analysed in the background once Whisper is ready, before any visitor asks for it', async () => {
    const state = path.join(dir, 'at-start.json');
    await writeState(state, { state: 'installing', detail: 'downloading and checking packages: 3 of 26' });
    const lines: string[] = [];
    const api = await startTestApi(
      { TRANSCRIBER_STATE_FILE: state, DEMO_PREPARE_AT_START: 'true', LOG_LEVEL: 'info' },
      { log: { write: (line: string) => void lines.push(line) } },
    );
    apis.push(api);
    const made = () => lines.some((line) => line.includes('demo session made from a generated recording'));

    // Nothing is analysed while the recogniser is being installed (the API asks again every few seconds).
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(made()).toBe(false);

    await writeState(state, { state: 'ready', url: sidecar.url });
    await expect.poll(made, { timeout: 120_000, interval: 500 }).toBe(true);
    expect(lines.filter((line) => line.includes('"url":"/api/demo'))).toEqual([]);

    const { status, body: demo } = await demoReport(api);
    expect(status).toBe(200);
    expect(demo.transcript!.length).toBeGreaterThan(0);
    for (const score of demo.scores!) expect(score.score, `${score.category}: ${score.basis}`).not.toBeNull();
    // The visitor is shown the report made at start, not a second analysis.
    expect(lines.filter((line) => line.includes('demo session made from a generated recording'))).toHaveLength(1);
  });

  it('where Whisper cannot be had, shows no transcript and says what the server lacks', async () => {
    const state = path.join(dir, 'unavailable.json');
    const reason = 'no Python 3.11, 3.12 or 3.13 was found';
    await writeState(state, { state: 'unavailable', reason });
    const api = await startTestApi({ TRANSCRIBER_STATE_FILE: state });
    apis.push(api);

    const { status, body: demo } = await demoReport(api);
    expect(status).toBe(200);
    expect(demo.transcript).toBeNull();
    const unscored = demo.scores!.filter((s) => s.score === null);
    expect(unscored.length).toBeGreaterThan(0);
    for (const score of unscored) {
      expect(score.basis).toContain(
        `This server has no Whisper speech recogniser (${reason}), so the demo shows no transcript and does not score what rests on the coach's words. A club gets it with ${WHISPER_HINT}.`,
      );
    }
  });
});
