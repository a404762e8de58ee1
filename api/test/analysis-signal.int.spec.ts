import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { generateSession } from '@touchline/tooling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecodeError, decodeToPcm, SAMPLE_RATE } from '../src/analysis/pipeline/audio-decoder';
import { FRAME_SECONDS, SileroVad } from '../src/analysis/pipeline/silero-vad';
import { speechSegments } from '../src/analysis/pipeline/speech-segments';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { talkMetrics } from '../src/analysis/pipeline/talk-metrics';

const GAP = loadRubric().segmentation.intervention_gap_seconds.value;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-signal-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function analyse(file: string) {
  const vad = await SileroVad.create();
  const samples = await decodeToPcm(file, (piece) => vad.push(piece));
  await vad.flush();
  return { seconds: samples / SAMPLE_RATE, segments: speechSegments(vad.probabilities, FRAME_SECONDS) };
}

const script = [
  { text: 'Good morning everyone, line up on the cones please.', at: 2 },
  { text: 'Pass early and move into space.', at: 9 },
  { text: 'Well done Sam, great first touch!', at: 16.5 },
  { text: 'Why did you choose that pass?', at: 24 },
  { text: 'Again, and this time look up before you receive.', at: 31 },
];

describe('decoding and voice activity on generated sessions', () => {
  for (const snrDb of [undefined, 20, 12]) {
    it(`finds the coach's speech ${snrDb === undefined ? 'in a clean recording' : `at ${snrDb} dB SNR`}: talk ratio within 3 points, every intervention`, async () => {
      const file = path.join(dir, `session-${snrDb ?? 'clean'}.wav`);
      const { truth } = generateSession({ file, script, seconds: 40, snrDb });
      const { seconds, segments } = await analyse(file);
      expect(seconds).toBeCloseTo(40, 1);
      const measured = talkMetrics(segments, seconds, GAP);
      const expected = talkMetrics(truth, 40, GAP);
      expect(Math.abs(measured.talkRatio - expected.talkRatio) * 100).toBeLessThanOrEqual(3);
      expect(measured.interventions).toBe(expected.interventions);
    });
  }

  it('decodes a video container to the same audio, and a compressed format too', async () => {
    const wav = path.join(dir, 'clean.wav');
    generateSession({ file: wav, script: script.slice(0, 2), seconds: 12 });
    const { execFileSync } = await import('node:child_process');
    const mp4 = path.join(dir, 'clean.mp4');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=green:s=160x120:r=10',
      '-i',
      wav,
      '-shortest',
      '-c:v',
      'libx264',
      '-c:a',
      'aac',
      '-y',
      mp4,
    ]);
    const fromWav = await analyse(wav);
    const fromMp4 = await analyse(mp4);
    expect(fromMp4.seconds).toBeCloseTo(fromWav.seconds, 0);
    // AAC changes the waveform a little, so segment edges move; what the coach reads stays the same.
    const [wavMetrics, mp4Metrics] = [talkMetrics(fromWav.segments, fromWav.seconds, GAP), talkMetrics(fromMp4.segments, fromMp4.seconds, GAP)];
    expect(Math.abs(mp4Metrics.talkRatio - wavMetrics.talkRatio) * 100).toBeLessThanOrEqual(1.5);
    expect(mp4Metrics.interventions).toBe(wavMetrics.interventions);
    expect(mp4Metrics.interventions).toBe(2);
  });

  it('refuses a damaged file, an empty one and a video without sound with a reason a coach can read', async () => {
    const { execFileSync } = await import('node:child_process');
    const silentVideo = path.join(dir, 'silent.mp4');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=blue:s=160x120:r=10', '-t', '2', '-c:v', 'libx264', '-y', silentVideo]);
    const damaged = path.join(dir, 'damaged.mp4');
    await writeFile(damaged, Buffer.concat([Buffer.from('000000206674797069736f6d', 'hex'), Buffer.alloc(5000, 7)]));
    const empty = path.join(dir, 'empty.wav');
    await writeFile(empty, Buffer.alloc(0));
    const cases: [string, RegExp][] = [
      [silentVideo, /no audio track/],
      [damaged, /damaged or incomplete/],
      [empty, /damaged or incomplete|no sound/],
    ];
    for (const [input, reason] of cases) {
      const error = await decodeToPcm(input, () => undefined).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DecodeError);
      expect((error as Error).message).toMatch(reason);
    }
  });

  it('says so when the server has no ffmpeg', async () => {
    const error = await decodeToPcm(path.join(dir, 'silent.mp4'), () => undefined, path.join(dir, 'no-ffmpeg-here')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as Error).message).toBe('The server cannot analyse recordings yet: ffmpeg is not installed. Please ask your administrator, then try again.');
  });
});
