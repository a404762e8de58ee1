import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { encodeAs, generateSession, talkHeavyScript, type EncodedKind } from '@touchline/tooling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseRecording } from '../src/analysis/pipeline/analyse-recording';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { talkMetrics, type TalkMetrics } from '../src/analysis/pipeline/talk-metrics';

const rubric = loadRubric();
const GAP = rubric.segmentation.intervention_gap_seconds.value;

/**
 * The timing gates on talk-heavy sessions that neither the calibration (seeds 101–120) nor the choice of the
 * minimum silence (the accuracy suite and seeds 201–218) saw: six voices, clean to 12 dB, WAV and MP4. Timing
 * only (no transcriber), so it runs in a minute or two.
 */
const SESSIONS: { seed: number; kind: 'wav' | EncodedKind; voice: string; snrDb?: number }[] = [
  { seed: 219, kind: 'wav', voice: 'en-us', snrDb: 15 },
  { seed: 220, kind: 'mp4', voice: 'en-gb+f3', snrDb: 12 },
  { seed: 221, kind: 'wav', voice: 'en-us+m3', snrDb: 12 },
  { seed: 222, kind: 'mp4', voice: 'en-gb-scotland' },
  { seed: 223, kind: 'wav', voice: 'en-029', snrDb: 25 },
  { seed: 224, kind: 'mp4', voice: 'en-gb', snrDb: 20 },
  { seed: 225, kind: 'wav', voice: 'en-us', snrDb: 12 },
  { seed: 226, kind: 'mp4', voice: 'en-gb+f3', snrDb: 12 },
  { seed: 227, kind: 'wav', voice: 'en-us+m3' },
  { seed: 228, kind: 'mp4', voice: 'en-gb-scotland', snrDb: 25 },
  { seed: 229, kind: 'wav', voice: 'en-029', snrDb: 20 },
  { seed: 230, kind: 'mp4', voice: 'en-gb', snrDb: 15 },
  { seed: 231, kind: 'wav', voice: 'en-us', snrDb: 12 },
  { seed: 232, kind: 'mp4', voice: 'en-gb+f3' },
  { seed: 233, kind: 'wav', voice: 'en-us+m3', snrDb: 25 },
  { seed: 234, kind: 'mp4', voice: 'en-gb-scotland', snrDb: 20 },
  { seed: 235, kind: 'wav', voice: 'en-029', snrDb: 15 },
  { seed: 236, kind: 'mp4', voice: 'en-gb', snrDb: 12 },
];

let dir: string;
const rows: { session: string; truth: TalkMetrics; measured: TalkMetrics }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-timing-'));
  for (const session of SESSIONS) {
    const { script } = talkHeavyScript({ seed: session.seed, count: 20 });
    const wav = path.join(dir, `t${session.seed}.wav`);
    const { truth, seconds } = generateSession({ file: wav, script, snrDb: session.snrDb, voice: session.voice });
    const file = session.kind === 'wav' ? wav : encodeAs(wav, path.join(dir, `t${session.seed}.${session.kind}`), session.kind);
    const analysis = await analyseRecording(file, { rubric, transcriber: null, maxRecordingMinutes: 240 });
    rows.push({
      session: `#${session.seed} ${session.kind} ${session.voice} ${session.snrDb ?? 'clean'}`,
      truth: talkMetrics(truth, seconds, GAP),
      measured: analysis.metrics,
    });
  }
}, 900_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('speech timing on unseen talk-heavy sessions', () => {
  it('measures talk time within 1.5 points and interventions within 5% in every session', () => {
    expect(rows).toHaveLength(SESSIONS.length);
    console.table(
      rows.map(({ session, truth, measured }) => ({
        session,
        talkTruth: +(truth.talkRatio * 100).toFixed(1),
        talkMeasured: +(measured.talkRatio * 100).toFixed(1),
        interventions: `${truth.interventions} / ${measured.interventions}`,
      })),
    );
    for (const { session, truth, measured } of rows) {
      expect(Math.abs(measured.talkRatio - truth.talkRatio) * 100, session).toBeLessThanOrEqual(1.5);
      expect(Math.abs(measured.interventions - truth.interventions), session).toBeLessThanOrEqual(truth.interventions * 0.05);
    }
  });
});
