import { describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from './audio-decoder';
import { DEFAULT_BOUNDARIES, LEVEL_FRAME_SECONDS, refineBoundaries, SpeechLevels } from './speech-levels';

/** A recording of `seconds` of low-pitched hum (field noise) with `sounds` added: [from, to, amplitude, frequency]. */
function recording(seconds: number, sounds: [number, number, number, number][], humAmplitude = 0.01): Float32Array {
  const samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < samples.length; i += 1) samples[i] = humAmplitude * Math.sin((2 * Math.PI * 60 * i) / SAMPLE_RATE);
  for (const [from, to, amplitude, frequency] of sounds)
    for (let i = Math.round(from * SAMPLE_RATE); i < Math.round(to * SAMPLE_RATE); i += 1)
      samples[i]! += amplitude * Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE);
  return samples;
}

function levelsOf(samples: Float32Array): Float32Array {
  const levels = new SpeechLevels();
  // In uneven pieces, as the decoder hands them over.
  for (let i = 0; i < samples.length; i += 3001) levels.push(samples.subarray(i, i + 3001));
  return levels.levels;
}

describe('speech edges from the 10 ms levels', () => {
  it('measures one level per whole 10 ms, however the samples arrive', () => {
    const levels = levelsOf(recording(2.005, [[0.5, 1, 0.3, 1000]]));
    expect(levels).toHaveLength(200);
    expect(levels[75]! - levels[25]!).toBeGreaterThan(30);
    expect(LEVEL_FRAME_SECONDS).toBe(0.01);
  });

  it('moves a late start and an early end to where the sound starts and ends, above a louder hum', () => {
    // A vowel from 1.00 to 1.80 s, then a quiet, high fricative to 1.95 s: the VAD heard 1.06–1.78.
    const levels = levelsOf(
      recording(4, [
        [1, 1.8, 0.3, 500],
        [1.8, 1.95, 0.01, 5000],
      ]),
    );
    const [segment] = refineBoundaries([{ start: 1.06, end: 1.78 }], levels, 4);
    expect(segment!.start).toBeCloseTo(1, 1);
    expect(Math.abs(segment!.start - 1)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(segment!.end - 1.95)).toBeLessThanOrEqual(0.01);
  });

  it('crosses the closure before a final burst, but not a pause', () => {
    // "…that": the vowel to 1.5 s, 70 ms of closure, a 30 ms burst; then a second line 0.5 s later.
    const levels = levelsOf(
      recording(4, [
        [1, 1.5, 0.3, 500],
        [1.57, 1.6, 0.05, 4000],
        [2.1, 3, 0.3, 500],
      ]),
    );
    const segments = refineBoundaries(
      [
        { start: 1, end: 1.45 },
        { start: 2.15, end: 3 },
      ],
      levels,
      4,
    );
    expect(segments).toHaveLength(2);
    expect(Math.abs(segments[0]!.end - 1.6)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(segments[1]!.start - 2.1)).toBeLessThanOrEqual(0.01);
  });

  it('does not take a gust beside an edge for the end of a word, and still finds a real one', () => {
    // A line from 1.0 to 2.0 s (the VAD heard to 1.95); a gust of wind, low and loud, from 2.0 to 3.5 s, well
    // above the quiet noise around the segment but under the speech; a second line the same, with no gust.
    const gusty = levelsOf(
      recording(
        10,
        [
          [1, 2, 0.3, 500],
          [2, 3.5, 0.02, 300],
          [6, 7, 0.3, 500],
          [7, 7.1, 0.01, 5000],
        ],
        0.001,
      ),
    );
    const [gust, fricative] = refineBoundaries(
      [
        { start: 1, end: 1.95 },
        { start: 6, end: 6.95 },
      ],
      gusty,
      10,
    );
    expect(Math.abs(gust!.end - 2)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(fricative!.end - 7.1)).toBeLessThanOrEqual(0.01);
    // Read without the noise beside each edge, the gust ran the first line on to the end of its window.
    const [ranOn] = refineBoundaries([{ start: 1, end: 1.95 }], gusty, 10, { ...DEFAULT_BOUNDARIES, edgeNoiseSeconds: 0 });
    expect(ranOn!.end).toBeGreaterThan(2.2);
  });

  it('moves an edge no further than its window, and keeps the VAD edge where there is no sound to find', () => {
    // Sound to 2.6 s, but the end may move at most 0.3 s past the VAD's 2.0 s; a segment of hum alone stays as it was.
    const levels = levelsOf(recording(5, [[1, 2.6, 0.3, 500]]));
    const segments = refineBoundaries(
      [
        { start: 1, end: 2 },
        { start: 3.5, end: 4 },
      ],
      levels,
      5,
    );
    expect(segments[0]!.end).toBeLessThanOrEqual(2.3 + 0.01);
    expect(segments[0]!.placed).toBe(true);
    expect(segments[1]).toEqual({ start: 3.5, end: 4, placed: false });
  });

  it('keeps the VAD edges of speech that stands less than 14 dB above broadband noise, where the level would cut its edges', () => {
    // A tone 8 dB above white noise (a seeded generator, so every run is the same): too close to place its edges.
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const samples = recording(4, [[1, 2, 0.1, 500]], 0);
    for (let i = 0; i < samples.length; i += 1) samples[i]! += 0.05 * random();
    expect(refineBoundaries([{ start: 1.06, end: 1.9 }], levelsOf(samples), 4)).toEqual([{ start: 1.06, end: 1.9, placed: false }]);
  });
});
