import { SAMPLE_RATE } from './audio-decoder';
import type { Segment } from './speech-segments';

/** 10 ms frames: a boundary placed to the frame is within 5 ms of the sound, where the VAD's 32 ms frames are within 16. */
export const LEVEL_FRAME_SECONDS = 0.01;
const LEVEL_FRAME_SAMPLES = Math.round(LEVEL_FRAME_SECONDS * SAMPLE_RATE);
/** The usual speech pre-emphasis: a first-order high-pass that lifts the fricatives and plosive bursts of word edges above rumble. */
const PRE_EMPHASIS = 0.97;
/** What an all-zero frame reads, instead of -Infinity. */
const FLOOR_DB = -100;

/**
 * The level of the recording every 10 ms, in dB of the pre-emphasised signal, fed the decoded samples in any
 * pieces, in order. Word edges (an /s/ fading, a final /t/'s burst, a soft /h/ or /f/ onset) are quiet and
 * high-pitched; field noise (wind, distant play, traffic) is mostly low-pitched, so the pre-emphasis keeps the
 * edges above it. Four bytes per frame: 1.4 MB for an hour.
 */
export class SpeechLevels {
  private frames = new Float32Array(1024);
  private count = 0;
  private energy = 0;
  private inFrame = 0;
  private previous = 0;

  push(samples: Float32Array): void {
    for (let i = 0; i < samples.length; i += 1) {
      const x = samples[i]!;
      const y = x - PRE_EMPHASIS * this.previous;
      this.previous = x;
      this.energy += y * y;
      if (++this.inFrame === LEVEL_FRAME_SAMPLES) this.close();
    }
  }

  /** The level of each whole 10 ms frame so far. */
  get levels(): Float32Array {
    return this.frames.subarray(0, this.count);
  }

  private close(): void {
    if (this.count === this.frames.length) {
      const grown = new Float32Array(this.frames.length * 2);
      grown.set(this.frames);
      this.frames = grown;
    }
    const mean = this.energy / LEVEL_FRAME_SAMPLES;
    this.frames[this.count++] = mean > 0 ? Math.max(FLOOR_DB, 10 * Math.log10(mean)) : FLOOR_DB;
    this.energy = 0;
    this.inFrame = 0;
  }
}

export interface BoundaryOptions {
  /**
   * A segment whose median level stands less than this above the noise around it keeps the VAD's edges: the
   * quiet ends of its words are under the noise (a crowd, say, which is loud high up too), and the level would
   * cut them off, where the VAD still hears them.
   */
  minContrastDb: number;
  /** A frame is sound when it is this far above the noise around the segment (the median level of the frames outside speech)… */
  aboveNoiseDb: number;
  /** …and no further below the segment's own median level than this (what decides in a clean recording). */
  belowSpeechDb: number;
  /** How far around a segment its noise is read. */
  noiseWindowSeconds: number;
  /**
   * How far beyond each edge the noise is read again: an edge moves out past the VAD's only over frames above the
   * louder of the two noises, so that a gust of wind beside it, louder than the noise around the segment, is not
   * taken for the end of a word (0: not read).
   */
  edgeNoiseSeconds: number;
  /** Fewer frames outside speech than this there, and the recording's own noise level is used. */
  minNoiseSeconds: number;
  /** How far a speech end may move back (the VAD's end was late) or on (it was early: a fading /s/, a final burst). */
  endEarlierSeconds: number;
  endLaterSeconds: number;
  /** How far a speech start may move back (a soft onset the VAD heard late) or on. */
  startEarlierSeconds: number;
  startLaterSeconds: number;
  /** Quiet spans this short past the VAD's edge are crossed: the closure before a word's final /t/ or /k/ burst. */
  bridgeSeconds: number;
  /** Never closer than this to the neighbouring segment, so a boundary does not run into the next line. */
  guardSeconds: number;
}

/**
 * Chosen on generated sessions with pauses of 1.7–2.3 s (tooling `nearGapScript`, seeds 300–323, six voices, clean
 * to 12 dB, WAV and MP4) and checked on others (seeds 400–423 and 500–523, pink noise 600–623, the timing and
 * accuracy suites): docs/analysis-accuracy.md, "Speech edges to the hundredth of a second". The noise beside each
 * edge (`edgeNoiseSeconds`) was added for gusting wind, chosen on the held-out sets and checked on sessions no choice
 * used: "Speech edges in wind and in flat noise" there.
 */
export const DEFAULT_BOUNDARIES: BoundaryOptions = {
  minContrastDb: 14,
  aboveNoiseDb: 6,
  belowSpeechDb: 45,
  noiseWindowSeconds: 5,
  edgeNoiseSeconds: 0.5,
  minNoiseSeconds: 0.2,
  endEarlierSeconds: 0.2,
  endLaterSeconds: 0.3,
  startEarlierSeconds: 0.3,
  startLaterSeconds: 0.2,
  bridgeSeconds: 0.1,
  guardSeconds: 0.05,
};

function median(values: number[]): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A segment as refineBoundaries answers it: `placed` when the levels placed its edges, false when it kept the VAD's. */
export interface PlacedSegment extends Segment {
  placed: boolean;
}

/**
 * Each segment's start and end moved to where the sound starts and ends, from the 10 ms levels: the VAD places
 * them to its 32 ms frame, and its probability rises late on a soft onset and falls early on a fading end, or late
 * (its hangover), by up to a tenth of a second either way, which decides whether a pause near the intervention
 * gap is one. A start moves to the first frame of the sound that runs into the segment, an end to the last, each
 * within its window; a frame is sound when it stands above both the noise around the segment and the segment's
 * own level less `belowSpeechDb`, and, past the VAD's edge, above the noise just beyond it too. A segment that stands less than `minContrastDb` above its noise keeps its edges.
 * Segments in order, not overlapping; answers them in order.
 */
export function refineBoundaries(
  segments: readonly Segment[],
  levels: Float32Array,
  durationSeconds: number,
  options: BoundaryOptions = DEFAULT_BOUNDARIES,
): PlacedSegment[] {
  const frames = levels.length;
  const frameAt = (seconds: number) => Math.max(0, Math.min(frames, Math.round(seconds / LEVEL_FRAME_SECONDS)));
  const bridge = Math.round(options.bridgeSeconds / LEVEL_FRAME_SECONDS);
  const inSpeech = new Uint8Array(frames);
  for (const s of segments) inSpeech.fill(1, frameAt(s.start), frameAt(s.end));
  const outside = (from: number, to: number) => {
    const found: number[] = [];
    for (let f = from; f < to; f += 1) if (!inSpeech[f]) found.push(levels[f]!);
    return found;
  };
  const everywhere = outside(0, frames);
  const recordingNoise = everywhere.length ? median(everywhere) : -Infinity;
  const minNoiseFrames = Math.round(options.minNoiseSeconds / LEVEL_FRAME_SECONDS);

  const refined: PlacedSegment[] = [];
  let previousEnd = 0;
  segments.forEach((segment, k) => {
    const kept = () => {
      refined.push({ start: segment.start, end: segment.end, placed: false });
      previousEnd = segment.end;
    };
    const first = frameAt(segment.start);
    const last = frameAt(segment.end);
    if (last <= first) return kept();
    const near = outside(frameAt(segment.start - options.noiseWindowSeconds), frameAt(segment.end + options.noiseWindowSeconds));
    const noise = near.length >= minNoiseFrames ? median(near) : recordingNoise;
    const speech = median(Array.from(levels.subarray(first, last)));
    if (speech - noise < options.minContrastDb) return kept();
    const threshold = Math.max(noise + options.aboveNoiseDb, speech - options.belowSpeechDb);
    const edgeThreshold = (from: number, to: number) => {
      if (options.edgeNoiseSeconds <= 0) return threshold;
      const beside = outside(from, to);
      return beside.length >= minNoiseFrames ? Math.max(threshold, median(beside) + options.aboveNoiseDb) : threshold;
    };
    // Read past where this edge may move and short of where the neighbour's may, so that neither's words are
    // taken for noise; with no room between them (a breath), the noise around the segment decides.
    const nextStart = segments[k + 1]?.start ?? durationSeconds;
    const previousVadEnd = segments[k - 1]?.end ?? -Infinity;
    const endBeyond = segment.end + options.endLaterSeconds;
    const startBefore = segment.start - options.startEarlierSeconds;
    const endThreshold = edgeThreshold(frameAt(endBeyond), frameAt(Math.min(endBeyond + options.edgeNoiseSeconds, nextStart - options.startEarlierSeconds)));
    const startThreshold = edgeThreshold(
      frameAt(Math.max(startBefore - options.edgeNoiseSeconds, previousVadEnd + options.endLaterSeconds)),
      frameAt(startBefore),
    );

    // The end: the last frame of sound from a little before the VAD's end, crossing short quiet spans past it.
    let end = segment.end;
    let quiet = 0;
    const endTo = frameAt(Math.min(nextStart - options.guardSeconds, segment.end + options.endLaterSeconds));
    for (let f = frameAt(Math.max(segment.start, segment.end - options.endEarlierSeconds)); f < endTo; f += 1) {
      if (levels[f]! >= (f >= last ? endThreshold : threshold)) {
        end = (f + 0.5) * LEVEL_FRAME_SECONDS;
        quiet = 0;
      } else if (++quiet > bridge && f >= last) break;
    }
    // The start, the same way backwards, not before the previous segment's end.
    let start = segment.start;
    quiet = 0;
    const startFrom = frameAt(Math.max(previousEnd + options.guardSeconds, segment.start - options.startEarlierSeconds));
    for (let f = frameAt(Math.min(end, segment.start + options.startLaterSeconds)) - 1; f >= startFrom; f -= 1) {
      if (levels[f]! >= (f < first ? startThreshold : threshold)) {
        start = (f + 0.5) * LEVEL_FRAME_SECONDS;
        quiet = 0;
      } else if (++quiet > bridge && f < first) break;
    }
    if (end <= start) return;
    refined.push({ start, end, placed: true });
    previousEnd = end;
  });
  return refined;
}
