import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { boundaryErrors, encodeAs, generateSession, meanAbsolute, nearGapScript, type EncodedKind, type SpokenLine } from '@touchline/tooling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseRecording } from '../src/analysis/pipeline/analyse-recording';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { talkMetrics, type TalkMetrics } from '../src/analysis/pipeline/talk-metrics';
import type { Segment } from '../src/analysis/pipeline/speech-segments';

const rubric = loadRubric();
const GAP = rubric.segmentation.intervention_gap_seconds.value;
/** Pauses a tenth and a fifth of a second either side of the 2 s gap: each one either is a new intervention or is not. */
const PAUSES = [1.8, 2.1, 1.9, 2.2];
/** The goal for the mean boundary error at each end (docs/analysis-accuracy.md). */
const MAX_MEAN_BOUNDARY_SECONDS = 0.03;

/**
 * Sessions whose pauses sit just either side of the intervention gap (1.8, 1.9, 2.1 and 2.2 s, with a breath
 * joining two lines now and then), where a speech end placed a tenth of a second early, or a start late, turns a
 * 1.9 s pause into a new intervention. Six voices, clean (where the old segmentation erred most) and with field
 * noise at 25, 18 and 12 dB, WAV and MP4; seeds no choice of the segmentation saw. Timing only (no transcriber),
 * so it runs in two minutes.
 */
const SESSIONS: { seed: number; kind: 'wav' | EncodedKind; voice: string; snrDb?: number }[] = [
  { seed: 701, kind: 'wav', voice: 'en-gb' },
  { seed: 702, kind: 'mp4', voice: 'en-us', snrDb: 25 },
  { seed: 703, kind: 'wav', voice: 'en-gb+f3', snrDb: 18 },
  { seed: 704, kind: 'mp4', voice: 'en-us+m3', snrDb: 12 },
  { seed: 705, kind: 'mp4', voice: 'en-gb-scotland' },
  { seed: 706, kind: 'wav', voice: 'en-029', snrDb: 25 },
  { seed: 707, kind: 'mp4', voice: 'en-gb', snrDb: 18 },
  { seed: 708, kind: 'wav', voice: 'en-us', snrDb: 12 },
  { seed: 709, kind: 'wav', voice: 'en-us+m3' },
  { seed: 710, kind: 'mp4', voice: 'en-029' },
];

let dir: string;
const rows: { session: string; truth: TalkMetrics; measured: TalkMetrics; lines: SpokenLine[]; segments: Segment[] }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-gap-'));
  for (const session of SESSIONS) {
    const { script } = nearGapScript({ seed: session.seed, count: 30, pauses: PAUSES });
    const wav = path.join(dir, `g${session.seed}.wav`);
    const { truth, seconds } = generateSession({ file: wav, script, snrDb: session.snrDb, voice: session.voice });
    const file = session.kind === 'wav' ? wav : encodeAs(wav, path.join(dir, `g${session.seed}.${session.kind}`), session.kind);
    const analysis = await analyseRecording(file, { rubric, transcriber: null, maxRecordingMinutes: 240 });
    rows.push({
      session: `#${session.seed} ${session.kind} ${session.voice} ${session.snrDb ?? 'clean'}`,
      truth: talkMetrics(truth, seconds, GAP),
      measured: analysis.metrics,
      lines: truth,
      segments: analysis.segments,
    });
  }
}, 900_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pauses just either side of the intervention gap', () => {
  it('counts every intervention, places speech starts and ends within 0.03 s on average, and keeps talk time within 1.5 points', () => {
    expect(rows).toHaveLength(SESSIONS.length);
    const measured = rows.map((row) => ({ ...row, errors: boundaryErrors(row.lines, row.segments) }));
    console.table(
      measured.map(({ session, truth, measured, errors }) => ({
        session,
        interventions: `${truth.interventions} / ${measured.interventions}`,
        talk: `${(truth.talkRatio * 100).toFixed(1)} / ${(measured.talkRatio * 100).toFixed(1)}`,
        'start error s (mean |e|)': +meanAbsolute(errors.starts).toFixed(3),
        'end error s (mean |e|)': +meanAbsolute(errors.ends).toFixed(3),
        'lines not one segment': errors.unmatched,
      })),
    );
    for (const { session, truth, measured: found, errors, lines } of measured) {
      // The script's pauses decide the truth: every 2.1 and 2.2 s pause starts an intervention, no 1.8 or 1.9 s one does.
      expect(truth.interventions, session).toBe(1 + lines.slice(1).filter((line, i) => line.start - lines[i]!.end > GAP).length);
      expect(found.interventions, session).toBe(truth.interventions);
      expect(Math.abs(found.talkRatio - truth.talkRatio) * 100, session).toBeLessThanOrEqual(1.5);
      expect(errors.starts.length, session).toBeGreaterThanOrEqual(truth.interventions);
      expect(meanAbsolute(errors.starts), `${session}: starts`).toBeLessThanOrEqual(MAX_MEAN_BOUNDARY_SECONDS);
      expect(meanAbsolute(errors.ends), `${session}: ends`).toBeLessThanOrEqual(MAX_MEAN_BOUNDARY_SECONDS);
    }
  });
});
