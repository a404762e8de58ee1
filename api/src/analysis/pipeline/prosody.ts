import { PitchDetector } from 'pitchy';
import { SAMPLE_RATE } from './audio-decoder';

/** 32 ms windows: two and a half periods of a 80 Hz voice, the lowest a coach's is likely to go. */
const WINDOW_SAMPLES = 512;
/** One pitch estimate every 10 ms, the usual frame rate of pitch tracks. */
export const PITCH_HOP_SECONDS = 0.01;
/** Voice pitch, men to children; estimates outside are octave errors or noise. */
const MIN_HZ = 70;
const MAX_HZ = 450;
/** The McLeod method's clarity (0–1) a frame needs to count as voiced; lower is noise or a consonant. */
const MIN_CLARITY = 0.6;
/** Quieter windows are not tracked (pitchy's gate, in dB relative to full scale). */
const MIN_VOLUME_DB = -45;
/** A jump larger than this from the previous voiced frame is an octave error, not intonation. */
const MAX_JUMP_SEMITONES = 9;
/** The stretch at the end of the voicing whose contour decides: a final syllable or two. */
const FINAL_SECONDS = 0.35;
/** Voiced frames the rest of the utterance needs for a level to compare the end with (0.1 s). */
const MIN_BODY_FRAMES = 10;

/**
 * The pitch track of 16 kHz mono samples: one value in Hz per PITCH_HOP_SECONDS, 0 where the frame is not
 * clearly voiced. The McLeod pitch method ("A smarter way to find pitch", McLeod and Wyvill, 2005), from the
 * `pitchy` library.
 */
export function pitchTrack(samples: Float32Array, sampleRate = SAMPLE_RATE): number[] {
  const detector = PitchDetector.forFloat32Array(WINDOW_SAMPLES);
  detector.minVolumeDecibels = MIN_VOLUME_DB;
  const hop = Math.round(PITCH_HOP_SECONDS * sampleRate);
  const track: number[] = [];
  for (let offset = 0; offset + WINDOW_SAMPLES <= samples.length; offset += hop) {
    const [hz, clarity] = detector.findPitch(samples.subarray(offset, offset + WINDOW_SAMPLES), sampleRate);
    track.push(clarity >= MIN_CLARITY && hz >= MIN_HZ && hz <= MAX_HZ ? hz : 0);
  }
  return track;
}

const semitones = (hz: number, reference: number) => 12 * Math.log2(hz / reference);

/**
 * How far an utterance's pitch ends above its own level, in semitones: the last voiced frames (median of three,
 * against single-frame errors) against the median of the voiced frames before the final FINAL_SECONDS. A
 * yes/no question, or a question said as a statement ("you saw the runner?"), ends high (the H-H% boundary of
 * ToBI; Pierrehumbert and Hirschberg, 1990); statements end low (L-L%). Null when the utterance has too little
 * voicing to tell.
 */
export function finalRise(track: readonly number[]): number | null {
  // Voiced frames with octave jumps left out.
  const voiced: number[] = [];
  for (const hz of track) {
    if (hz <= 0) continue;
    const previous = voiced[voiced.length - 1];
    if (previous !== undefined && Math.abs(semitones(hz, previous)) > MAX_JUMP_SEMITONES) continue;
    voiced.push(hz);
  }
  const finalFrames = Math.round(FINAL_SECONDS / PITCH_HOP_SECONDS);
  const body = voiced.slice(0, -finalFrames);
  if (body.length < MIN_BODY_FRAMES || voiced.length - body.length < 3) return null;
  return semitones(median(voiced.slice(-3)), median(body));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
