import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { UNCLEAR_SPEECH, type UtteranceCode } from '@touchline/shared';
import { codedScript, encodeAs, generateSession, talkHeavyScript, wordErrorRate, type EncodedKind, type SpokenLine } from '@touchline/tooling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseRecording, type RecordingAnalysis } from '../src/analysis/pipeline/analyse-recording';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { talkMetrics } from '../src/analysis/pipeline/talk-metrics';
import { createTranscriber } from '../src/analysis/pipeline/transcription/create-transcriber';
import { UtteranceCoder, wordsOf } from '../src/analysis/rubric/utterance-coding';
import { loadConfig } from '../src/config/app-config';

const rubric = loadRubric();
const GAP = rubric.segmentation.intervention_gap_seconds.value;
/** The squad of the generated coach: the names the coded lines use. */
const SQUAD = ['James', 'Sophie', 'Oliver'];

/**
 * Twenty generated sessions: clean and with field noise down to 12 dB SNR, as WAV, MP4 video, M4A, MP3 and
 * Opus. The first twelve (two voices) have 12 coached lines with pauses of 3–9 s; the last eight (six voices,
 * WAV and MP4 at every noise level) are talk-heavy: 20 lines in runs of three or four with 0.35–1.7 s breaths inside a run and
 * 2.3–3.2 s between runs, the coach talking 55–65 % of the time. Every line has known times and known codes.
 * The segmentation was calibrated on other seeds (101–120); these are held out.
 */
const SESSIONS: { seed: number; kind: 'wav' | EncodedKind; voice: string; snrDb?: number; talkHeavy?: boolean }[] = [
  { seed: 1, kind: 'wav', voice: 'en-gb' },
  { seed: 2, kind: 'wav', voice: 'en-us', snrDb: 25 },
  { seed: 3, kind: 'mp4', voice: 'en-gb', snrDb: 20 },
  { seed: 4, kind: 'm4a', voice: 'en-us', snrDb: 20 },
  { seed: 5, kind: 'mp3', voice: 'en-gb', snrDb: 15 },
  { seed: 6, kind: 'opus', voice: 'en-us', snrDb: 15 },
  { seed: 7, kind: 'mp4', voice: 'en-us', snrDb: 12 },
  { seed: 8, kind: 'wav', voice: 'en-gb', snrDb: 12 },
  { seed: 9, kind: 'mp4', voice: 'en-gb' },
  { seed: 10, kind: 'opus', voice: 'en-gb', snrDb: 25 },
  { seed: 11, kind: 'm4a', voice: 'en-us', snrDb: 12 },
  { seed: 12, kind: 'mp3', voice: 'en-us', snrDb: 20 },
  { seed: 21, kind: 'wav', voice: 'en-gb+f3', talkHeavy: true },
  { seed: 29, kind: 'mp4', voice: 'en-us', talkHeavy: true },
  { seed: 23, kind: 'mp4', voice: 'en-029', snrDb: 25, talkHeavy: true },
  { seed: 24, kind: 'wav', voice: 'en-us+m3', snrDb: 20, talkHeavy: true },
  { seed: 25, kind: 'mp4', voice: 'en-gb-scotland', snrDb: 15, talkHeavy: true },
  { seed: 26, kind: 'wav', voice: 'en-gb', snrDb: 15, talkHeavy: true },
  { seed: 27, kind: 'wav', voice: 'en-029', snrDb: 12, talkHeavy: true },
  { seed: 28, kind: 'mp4', voice: 'en-gb+f3', snrDb: 12, talkHeavy: true },
];

interface Measured {
  name: string;
  truth: SpokenLine[];
  codes: UtteranceCode[][];
  seconds: number;
  analysis: RecordingAnalysis;
}

let dir: string;
const measured: Measured[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-accuracy-'));
  const config = loadConfig({ TRANSCRIBER: 'pocketsphinx', DATA_DIR: dir }, dir);
  const { transcriber } = createTranscriber(config.analysis);
  for (const session of SESSIONS) {
    const {
      script,
      codes,
      seconds: planned,
    } = session.talkHeavy ? { ...talkHeavyScript({ seed: session.seed, count: 20 }), seconds: undefined } : codedScript({ seed: session.seed, count: 12 });
    const wav = path.join(dir, `s${session.seed}.wav`);
    const { truth, seconds } = generateSession({ file: wav, script, seconds: planned, snrDb: session.snrDb, voice: session.voice });
    const file = session.kind === 'wav' ? wav : encodeAs(wav, path.join(dir, `s${session.seed}.${session.kind}`), session.kind);
    const analysis = await analyseRecording(file, { rubric, transcriber, squad: SQUAD, maxRecordingMinutes: 240 });
    const name = `#${session.seed} ${session.talkHeavy ? 'talk-heavy ' : ''}${session.kind} ${session.voice} ${session.snrDb !== undefined ? `${session.snrDb} dB` : 'clean'}`;
    measured.push({ name, truth, codes, seconds, analysis });
  }
}, 2_400_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Precision and recall of one code: found utterances matched to the truth by time overlap. */
function detection(code: UtteranceCode, pick: (m: Measured) => { start: number; end: number; codes: UtteranceCode[] }[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const m of measured) {
    const found = pick(m);
    m.truth.forEach((t, i) => {
      const overlapping = found.filter((u) => u.start < t.end && u.end > t.start);
      const said = m.codes[i]!.includes(code);
      const detected = overlapping.some((u) => u.codes.includes(code));
      if (said && detected) tp += 1;
      if (said && !detected) fn += 1;
      if (!said && detected) fp += 1;
    });
  }
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  return { precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn), said: tp + fn };
}

describe('analysis accuracy on generated sessions', { timeout: 60_000 }, () => {
  it('measures talk time within 1.5 points and interventions within 5% in every session', () => {
    expect(measured).toHaveLength(SESSIONS.length);
    const rows = measured.map((m) => {
      const truth = talkMetrics(m.truth, m.seconds, GAP);
      return {
        session: m.name,
        talkTruth: +(truth.talkRatio * 100).toFixed(1),
        talkMeasured: +(m.analysis.metrics.talkRatio * 100).toFixed(1),
        interventionsTruth: truth.interventions,
        interventionsMeasured: m.analysis.metrics.interventions,
      };
    });
    console.table(rows);
    for (const row of rows) {
      expect(Math.abs(row.talkMeasured - row.talkTruth), row.session).toBeLessThanOrEqual(1.5);
      expect(Math.abs(row.interventionsMeasured - row.interventionsTruth), row.session).toBeLessThanOrEqual(row.interventionsTruth * 0.05);
    }
    // The talk-heavy sessions are what they claim to be.
    for (const row of rows.filter((r) => r.session.includes('talk-heavy'))) expect(row.talkTruth, row.session).toBeGreaterThanOrEqual(55);
  });

  it('transcribes with pocketsphinx, codes the transcript, and prints question and praise detection', () => {
    const minimum = rubric.confidence.min_transcript_confidence.value;
    const quality = measured.map((m) => {
      const truthWords = m.truth.flatMap((t) => wordsOf(t.text));
      const heardWords = m.analysis.transcript!.flatMap((u) => wordsOf(u.text));
      return {
        session: m.name,
        lines: m.truth.length,
        utterances: m.analysis.transcript!.length,
        wer: +wordErrorRate(truthWords, heardWords).toFixed(2),
        confidence: m.analysis.transcriptConfidence === null ? null : +m.analysis.transcriptConfidence.toFixed(2),
        scores: m.analysis.scores.map((s) => (s.score === null ? '–' : s.score)).join(' '),
      };
    });
    console.table(quality);
    for (const m of measured) {
      expect(m.analysis.transcriber).toBe('pocketsphinx');
      expect(m.analysis.transcript!.length, m.name).toBeGreaterThan(0);
      expect(m.analysis.metrics.speechRateWpm, m.name).not.toBeNull();
      expect(m.analysis.transcriptConfidence, m.name).not.toBeNull();
      // Utterances, not interventions: every line is an utterance of its own.
      expect(m.analysis.transcript!.length, m.name).toBeGreaterThanOrEqual(m.truth.length * 0.8);
      // Unclear as a whole (the session's confidence) or line by line (more than the rubric's share of utterances).
      const uncertainShare = m.analysis.transcript!.filter((u) => u.uncertain).length / m.analysis.transcript!.length;
      const unclear = m.analysis.transcriptConfidence! < minimum || uncertainShare > rubric.confidence.max_uncertain_share.value;
      for (const score of m.analysis.scores) {
        if (unclear) {
          // An unclear transcript scores nothing: a category is unscored or rests on timing alone.
          expect(score.score === null ? score.basis.startsWith(UNCLEAR_SPEECH) : /timing alone/.test(score.basis), `${m.name} ${score.category}`).toBe(true);
        } else {
          expect(score.score, `${m.name} ${score.category}`).not.toBeNull();
        }
      }
    }
    // The coder on the script's own words is the ceiling the recogniser's errors are measured against.
    const coder = new UtteranceCoder(rubric, SQUAD);
    const fromScript = (m: Measured) => m.truth.map((t) => ({ ...t, codes: coder.code(t.text).codes }));
    const fromAudio = (m: Measured) => m.analysis.transcript!;
    const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
    const table = (['questioning', 'praise'] as const).flatMap((code) =>
      [
        ['pocketsphinx transcript', detection(code, fromAudio)],
        ['script text (no recogniser)', detection(code, fromScript)],
      ].map(([source, d]) => {
        const { precision, recall, said } = d as ReturnType<typeof detection>;
        return { code, source, utterances: said, precision: percent(precision), recall: percent(recall) };
      }),
    );
    console.table(table);
    expect(table.every((row) => row.utterances > 0)).toBe(true);
  });
});
