import { describe, expect, it } from 'vitest';
import { DEFAULT_SEGMENTATION, mergeOverlapping, speechSegments } from './speech-segments';

const FRAME = 0.032;
/** Probabilities for a timeline of [seconds, probability] pieces. */
const timeline = (...pieces: [number, number][]) => pieces.flatMap(([seconds, p]) => Array.from({ length: Math.round(seconds / FRAME) }, () => p));
const noPad = { ...DEFAULT_SEGMENTATION, padSeconds: 0, hangoverSeconds: 0 };

describe('speech segments from frame probabilities', () => {
  it('finds speech between silences', () => {
    const segments = speechSegments(timeline([1, 0.05], [2, 0.9], [1, 0.05]), FRAME, noPad);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.start).toBeCloseTo(1, 1);
    expect(segments[0]!.end).toBeCloseTo(3, 1);
  });

  it('bridges pauses shorter than the minimum silence, and splits at longer ones', () => {
    expect(speechSegments(timeline([1, 0.9], [0.2, 0.1], [1, 0.9]), FRAME, noPad)).toHaveLength(1);
    expect(speechSegments(timeline([1, 0.9], [0.6, 0.1], [1, 0.9]), FRAME, noPad)).toHaveLength(2);
  });

  it('keeps speech going through probabilities between the two thresholds', () => {
    const between = (DEFAULT_SEGMENTATION.threshold + DEFAULT_SEGMENTATION.negativeThreshold) / 2;
    expect(speechSegments(timeline([1, 0.9], [1, between], [1, 0.9]), FRAME, noPad)).toHaveLength(1);
  });

  it("takes the model's hangover off each end, so a 0.4 s breath between two lines stays a boundary", () => {
    // The probability stays high about 0.1 s after the voice stops: a 0.4 s pause shows as about 0.3 s of low frames.
    const probabilities = timeline([1, 0.05], [2.1, 0.9], [0.33, 0.1], [2.1, 0.9], [1, 0.05]);
    const segments = speechSegments(probabilities, FRAME, { ...DEFAULT_SEGMENTATION, padSeconds: 0 });
    expect(segments).toHaveLength(2);
    expect(segments[0]!.end).toBeCloseTo(3.1 - DEFAULT_SEGMENTATION.hangoverSeconds, 1);
    expect(speechSegments(probabilities, FRAME, { ...noPad, minSilenceSeconds: 0.35 })).toHaveLength(1);
  });

  it('keeps a breath of nine low frames (0.29 s) as a boundary, as a short breath in field noise shows', () => {
    // Nine frames below the release threshold between two lines: the probability seen around a 0.37 s breath at 12 dB.
    const nineFrames = [...timeline([1, 0.05], [2, 0.9]), ...Array.from({ length: 9 }, () => 0.2), ...timeline([2, 0.9], [1, 0.05])];
    expect(speechSegments(nineFrames, FRAME, DEFAULT_SEGMENTATION)).toHaveLength(2);
    const eightFrames = [...timeline([1, 0.05], [2, 0.9]), ...Array.from({ length: 8 }, () => 0.2), ...timeline([2, 0.9], [1, 0.05])];
    expect(speechSegments(eightFrames, FRAME, DEFAULT_SEGMENTATION)).toHaveLength(1);
  });

  it('drops bursts shorter than the minimum speech', () => {
    expect(speechSegments(timeline([1, 0.05], [0.1, 0.95], [1, 0.05]), FRAME, noPad)).toEqual([]);
  });

  it('pads segments within the recording and merges what the padding joins', () => {
    const segments = speechSegments(timeline([1, 0.9], [1, 0.05]), FRAME, { ...noPad, padSeconds: 0.2 });
    expect(segments[0]!.start).toBe(0);
    expect(segments[0]!.end).toBeCloseTo(1.2, 1);
    expect(
      mergeOverlapping([
        { start: 0, end: 1 },
        { start: 1, end: 2 },
        { start: 3, end: 4 },
      ]),
    ).toEqual([
      { start: 0, end: 2 },
      { start: 3, end: 4 },
    ]);
  });

  it('with the 10 ms levels, places the edges on the sound and keeps a short word the VAD heard for less than its length', () => {
    // "Brilliant," alone: 0.42 s of sound from 1.00 s, which the VAD rates high for nine frames only (0.29 s, 0.20 s after its hangover).
    const probabilities = timeline([1.024, 0.05], [0.288, 0.95], [2, 0.05]);
    const levels = Float32Array.from({ length: 330 }, (_, f) => (f >= 100 && f < 142 ? -25 : -70));
    expect(speechSegments(probabilities, FRAME, DEFAULT_SEGMENTATION)).toEqual([]);
    const [word] = speechSegments(probabilities, FRAME, DEFAULT_SEGMENTATION, { levels });
    expect(word!.start).toBeCloseTo(1.005, 3);
    expect(word!.end).toBeCloseTo(1.415, 3);
  });

  it('where the speech stands too close to the noise for the levels, keeps the end the VAD heard, hangover and all', () => {
    // A line from 1.0 to 3.0 s, 10 dB over flat noise: the probability falls as the voice sinks under it, at 3.0 s.
    const probabilities = timeline([1, 0.05], [2, 0.9], [2, 0.05]);
    const levels = Float32Array.from({ length: 500 }, (_, f) => (f >= 100 && f < 300 ? -50 : -60));
    const [line] = speechSegments(probabilities, FRAME, DEFAULT_SEGMENTATION, { levels });
    expect(line!.end).toBeCloseTo(3 + DEFAULT_SEGMENTATION.padSeconds, 1);
    // Without the levels, the hangover is taken off as everywhere else.
    const [unread] = speechSegments(probabilities, FRAME, DEFAULT_SEGMENTATION);
    expect(unread!.end).toBeCloseTo(3 - DEFAULT_SEGMENTATION.hangoverSeconds + DEFAULT_SEGMENTATION.padSeconds, 1);
  });

  it('ends speech that lasts to the end of the recording there', () => {
    const segments = speechSegments(timeline([1, 0.05], [1, 0.9]), FRAME, noPad);
    expect(segments[0]!.end).toBeCloseTo(2, 1);
  });
});
