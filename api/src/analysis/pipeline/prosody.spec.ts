import { describe, expect, it } from 'vitest';
import { finalRise, PITCH_HOP_SECONDS, pitchTrack } from './prosody';

const RATE = 16_000;

/** A voice-like tone (a fundamental and three harmonics) whose pitch follows `hzAt(seconds)`. */
function voice(seconds: number, hzAt: (t: number) => number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  let phase = 0;
  for (let i = 0; i < samples.length; i += 1) {
    phase += (2 * Math.PI * hzAt(i / RATE)) / RATE;
    samples[i] = 0.3 * (Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.3 * Math.sin(3 * phase) + 0.2 * Math.sin(4 * phase));
  }
  return samples;
}

/** 110 Hz, then over the last 0.3 s a glide to `endHz`. */
const contour = (endHz: number) => (t: number) => (t < 0.9 ? 110 : 110 + ((endHz - 110) * (t - 0.9)) / 0.3);

describe('pitch and the end of an utterance', () => {
  it('tracks the pitch of a voiced sound every 10 ms', () => {
    const track = pitchTrack(voice(0.5, () => 150));
    expect(track.length).toBeGreaterThanOrEqual(Math.floor(0.45 / PITCH_HOP_SECONDS));
    const voiced = track.filter((hz) => hz > 0);
    expect(voiced.length).toBeGreaterThan(track.length * 0.9);
    for (const hz of voiced) expect(hz).toBeCloseTo(150, -1);
  });

  it('measures a rising end in semitones above the utterance level', () => {
    // 110 → 155 Hz is 5.9 semitones.
    expect(finalRise(pitchTrack(voice(1.2, contour(155))))).toBeGreaterThan(4.5);
  });

  it('reads a falling or level end as no rise', () => {
    expect(finalRise(pitchTrack(voice(1.2, contour(85))))!).toBeLessThan(-2);
    expect(Math.abs(finalRise(pitchTrack(voice(1.2, () => 110)))!)).toBeLessThan(0.5);
  });

  it('answers null for noise or too little voicing, rather than a guess', () => {
    let seed = 7;
    const noise = Float32Array.from({ length: RATE }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed / 2 ** 31 - 0.5) * 0.5;
    });
    expect(finalRise(pitchTrack(noise))).toBeNull();
    expect(finalRise(pitchTrack(voice(0.2, () => 120)))).toBeNull();
  });
});
