import { refineBoundaries, type BoundaryOptions } from './speech-levels';

/** A stretch of the recording, in seconds from its start. */
export interface Segment {
  start: number;
  end: number;
}

export interface SegmentationOptions {
  /** A frame at or above this speech probability starts (or continues) speech. */
  threshold: number;
  /** Speech ends only when the probability falls below this (hysteresis against flicker). */
  negativeThreshold: number;
  /** Shorter bursts are dropped as noise. */
  minSpeechSeconds: number;
  /** Shorter pauses inside speech are bridged. */
  minSilenceSeconds: number;
  /** Added on both sides of each segment (clipped to the recording), as speech onsets and offsets are soft; not when the levels place them. */
  padSeconds: number;
  /**
   * Taken off the end of each segment: the model's speech probability stays high this long after the voice
   * stops (its recurrent state and the 64-sample context carry the last syllable into the following frames).
   */
  hangoverSeconds: number;
  /**
   * What is taken off the end of a segment whose edges the levels could not place (speech close to the noise):
   * there, in flat noise (pink, white), the model's probability falls as the voice sinks under the noise, with no
   * hangover, and taking one off cut 0.1 s from every line's end (docs/analysis-accuracy.md).
   */
  keptHangoverSeconds: number;
}

export const DEFAULT_SEGMENTATION: SegmentationOptions = {
  threshold: 0.6,
  negativeThreshold: 0.55,
  minSpeechSeconds: 0.25,
  // Nine 32 ms frames: a 0.37 s breath in 12 dB field noise after AAC shows as nine low frames (docs/analysis-accuracy.md).
  minSilenceSeconds: 0.28,
  padSeconds: 0.03,
  hangoverSeconds: 0.09,
  keptHangoverSeconds: 0,
};

/** The recording's level every 10 ms (SpeechLevels), to place each segment's edges where the sound starts and ends. */
export interface SpeechEdges {
  levels: Float32Array;
  options?: BoundaryOptions;
}

/**
 * Speech segments from per-frame speech probabilities (frames of `frameSeconds`, back to back), with the
 * hysteresis, minimum-duration and padding rules of Silero VAD's reference `get_speech_timestamps`. With `edges`,
 * each segment's start and end are moved to the sound's own (refineBoundaries) instead of padded, where the
 * speech stands clear of the noise, before bursts too short to be speech are dropped: a short word the VAD heard
 * for less than its true length is kept.
 */
export function speechSegments(
  probabilities: ArrayLike<number>,
  frameSeconds: number,
  options: SegmentationOptions = DEFAULT_SEGMENTATION,
  edges?: SpeechEdges,
): Segment[] {
  const total = probabilities.length * frameSeconds;
  const raw: Segment[] = [];
  let start: number | null = null;
  let silenceSince: number | null = null;
  // Speech ends after its last confident frame: frames between the thresholds keep a segment open (so a
  // soft syllable does not split it) but do not lengthen it, which noise would otherwise do.
  let lastSpeechEnd = 0;
  for (let i = 0; i < probabilities.length; i += 1) {
    const p = probabilities[i]!;
    const t = i * frameSeconds;
    if (p >= options.threshold) {
      silenceSince = null;
      if (start === null) start = t;
      lastSpeechEnd = t + frameSeconds;
    } else if (start !== null && p < options.negativeThreshold) {
      silenceSince ??= t;
      if (t + frameSeconds - silenceSince >= options.minSilenceSeconds) {
        raw.push({ start, end: lastSpeechEnd });
        start = null;
        silenceSince = null;
      }
    }
  }
  if (start !== null) raw.push({ start, end: lastSpeechEnd });

  const trimmed = raw.map((s) => ({ start: s.start, end: Math.max(s.start, s.end - options.hangoverSeconds) }));
  const placed = edges ? refineBoundaries(trimmed, edges.levels, total, edges.options) : trimmed.map((s) => ({ ...s, placed: false }));
  const kept = placed.filter((s) => s.end - s.start >= options.minSpeechSeconds);
  // Edges the levels placed are where the sound is; the VAD's own are padded.
  // Where the levels were read and could not place a segment, the noise is close to the speech: less is taken off.
  const restored = edges ? options.hangoverSeconds - options.keptHangoverSeconds : 0;
  const padded = kept.map((s) =>
    s.placed
      ? { start: s.start, end: s.end }
      : { start: Math.max(0, s.start - options.padSeconds), end: Math.min(total, s.end + restored + options.padSeconds) },
  );
  return mergeOverlapping(padded);
}

/** Joins segments that overlap or touch. */
export function mergeOverlapping(segments: Segment[]): Segment[] {
  const merged: Segment[] = [];
  for (const segment of [...segments].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && segment.start <= last.end) last.end = Math.max(last.end, segment.end);
    else merged.push({ ...segment });
  }
  return merged;
}
