import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  buildHeldOutSession,
  HELD_OUT_SESSIONS,
  heldOutSquad,
  measureHeldOut,
  precisionRecall,
  startWhisper,
  type HeldOutFigures,
  type WhisperSidecar,
} from '@touchline/tooling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseRecording } from '../src/analysis/pipeline/analyse-recording';
import { talkMetrics } from '../src/analysis/pipeline/talk-metrics';
import { createTranscriber } from '../src/analysis/pipeline/transcription/create-transcriber';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { wordsOf } from '../src/analysis/rubric/utterance-coding';
import { loadConfig } from '../src/config/app-config';

/**
 * Four sessions of the held-out set (tooling's `HELD_OUT_SESSIONS`; all twelve: `npm run bench:accuracy`): wind at
 * 25 dB, a crowd's murmur at 18 dB (MP4), the coach far from the microphone, and a player answering in a second
 * voice, analysed as the worker does with the default transcriber, Whisper (the sidecar, the squad as vocabulary).
 * The conditions, voices, lines and squad are none the analysis was calibrated on. Gated here: the goals that hold
 * on the whole set (docs/analysis-accuracy.md, "Held-out sets"); the others are measured by the benchmark. And one
 * session of the second set whose words are mostly lost (white noise at 3 dB), which must not be scored from them.
 */
const rubric = loadRubric();
const GAP = rubric.segmentation.intervention_gap_seconds.value;
const PICKED = ['H1', 'H5', 'H9', 'H11'];
const POOR = 'H20';

let dir: string;
let sidecar: WhisperSidecar;
const figures: HeldOutFigures[] = [];
let poor: HeldOutFigures;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-heldout-'));
  const built = HELD_OUT_SESSIONS.filter((s) => [...PICKED, POOR].includes(s.id)).map((s) => buildHeldOutSession(s, dir));
  sidecar = await startWhisper();
  const config = loadConfig({ DATA_DIR: dir, TRANSCRIBER: 'whisper', WHISPER_URL: sidecar.url }, dir);
  const { transcriber } = createTranscriber(config.analysis);
  for (const b of built) {
    const analysis = await analyseRecording(b.file, { rubric, transcriber, squad: [...heldOutSquad(b.session)], maxRecordingMinutes: 240 });
    expect(analysis.transcriber).toBe('whisper');
    const measured = measureHeldOut(b, analysis, { wordsOf, talkMetrics, gap: GAP });
    if (b.session.id === POOR) poor = measured;
    else figures.push(measured);
  }
  console.table(
    [...figures, poor].map((f) => ({
      session: f.name,
      'talk error pp': +f.talkError.toFixed(2),
      interventions: `${f.interventionsMeasured}/${f.interventionsTruth}`,
      WER: +f.wer.toFixed(3),
      'words/min': `${f.speechRateMeasured}/${f.speechRateTruth.toFixed(0)}`,
      scored: f.categoriesScored,
      'scored on words': f.scoredOnWords.join(' '),
    })),
  );
}, 600_000);

afterAll(async () => {
  await sidecar?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('held-out sessions with Whisper (wind, crowd, a distant coach, a player answering)', () => {
  it('measures talk time within 1.5 points and interventions within 5 % in every session', () => {
    expect(figures).toHaveLength(PICKED.length);
    for (const f of figures) {
      expect(Math.abs(f.talkError), f.name).toBeLessThanOrEqual(1.5);
      expect(Math.abs(f.interventionsError), f.name).toBeLessThanOrEqual(0.05);
    }
  });

  it('transcribes every session with a word error rate of at most 0.45, and scores all five categories from good words only', () => {
    for (const f of figures) {
      expect(f.referenceWords, f.name).toBeGreaterThan(50);
      expect(f.wer, f.name).toBeLessThanOrEqual(0.45);
      // A poor transcript is never scored from its words; a good one is scored in every category.
      if (f.wer > 0.45) expect(f.scoredOnWords, f.name).toEqual([]);
      else expect(f.categoriesScored, f.name).toBe(5);
    }
  });

  it('scores no category from the words of a transcript that is mostly wrong, and says so by withholding them', () => {
    // White noise at 3 dB: the recogniser loses most words (measured 0.745 by the benchmark).
    expect(poor.wer, poor.name).toBeGreaterThan(0.45);
    expect(poor.scoredOnWords, poor.name).toEqual([]);
    expect(poor.categoriesScored, poor.name).toBeLessThan(5);
  });

  it('reports a speech rate within 15 % of the words a minute the lines were said at', () => {
    // The truth: the words of every line over the time they took (162–215 a minute in the held-out sessions).
    for (const f of figures) {
      expect(f.speechRateError, f.name).not.toBeNull();
      expect(Math.abs(f.speechRateError!), f.name).toBeLessThanOrEqual(0.15);
    }
  });

  it("finds the squad's first names in the lines that use them", () => {
    const { recall, said } = precisionRecall(figures.map((f) => f.detection['first-name']));
    expect(said).toBeGreaterThan(5);
    expect(recall).toBeGreaterThanOrEqual(0.85);
  });
});
