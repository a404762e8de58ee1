import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { UtteranceCode } from '@touchline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseRecording, type RecordingAnalysis } from '../src/analysis/pipeline/analyse-recording';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { talkMetrics } from '../src/analysis/pipeline/talk-metrics';
import { createTranscriber } from '../src/analysis/pipeline/transcription/create-transcriber';
import { UtteranceCoder } from '../src/analysis/rubric/utterance-coding';
import { loadConfig } from '../src/config/app-config';

// @ts-expect-error plain ESM module without types
import { codedScript, encodeAs, generateSession } from '../../infra/lib/session-generator.mjs';

interface Truth {
  start: number;
  end: number;
  text: string;
}
const generate = generateSession as (o: { file: string; script: { text: string; at: number }[]; seconds: number; snrDb?: number; voice?: string }) => {
  truth: Truth[];
};
const buildScript = codedScript as (o: { seed: number; count: number }) => {
  script: { text: string; at: number }[];
  codes: UtteranceCode[][];
  seconds: number;
};
const encode = encodeAs as (wav: string, file: string, kind: string) => string;

const rubric = loadRubric();
const GAP = rubric.segmentation.intervention_gap_seconds.value;

/**
 * Twelve generated sessions: clean and with field noise down to 12 dB SNR, two voices, as WAV, MP4 video, M4A,
 * MP3 and Opus. Each has 12 coached lines with known times and known codes.
 */
const SESSIONS = [
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
] as const;

interface Measured {
  name: string;
  truth: Truth[];
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
    const { script, codes, seconds } = buildScript({ seed: session.seed, count: 12 });
    const wav = path.join(dir, `s${session.seed}.wav`);
    const { truth } = generate({ file: wav, script, seconds, snrDb: 'snrDb' in session ? session.snrDb : undefined, voice: session.voice });
    const file = session.kind === 'wav' ? wav : encode(wav, path.join(dir, `s${session.seed}.${session.kind}`), session.kind);
    const analysis = await analyseRecording(file, { rubric, transcriber, maxRecordingMinutes: 240 });
    const name = `#${session.seed} ${session.kind} ${session.voice} ${'snrDb' in session ? `${session.snrDb} dB` : 'clean'}`;
    measured.push({ name, truth, codes, seconds, analysis });
  }
}, 600_000);

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
  it('measures talk time within 3 points and interventions within 10% of the truth, in every session', () => {
    expect(measured).toHaveLength(12);
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
      expect(Math.abs(row.talkMeasured - row.talkTruth), row.session).toBeLessThanOrEqual(3);
      expect(Math.abs(row.interventionsMeasured - row.interventionsTruth), row.session).toBeLessThanOrEqual(row.interventionsTruth * 0.1);
    }
  });

  it('transcribes with pocketsphinx, codes the transcript, and prints question and praise detection', () => {
    for (const m of measured) {
      expect(m.analysis.transcriber).toBe('pocketsphinx');
      expect(m.analysis.transcript!.length, m.name).toBeGreaterThan(0);
      expect(m.analysis.metrics.speechRateWpm, m.name).not.toBeNull();
      expect(
        m.analysis.scores.every((s) => s.score !== null),
        m.name,
      ).toBe(true);
    }
    // The coder on the script's own words is the ceiling the recogniser's errors are measured against.
    const coder = new UtteranceCoder(rubric);
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
