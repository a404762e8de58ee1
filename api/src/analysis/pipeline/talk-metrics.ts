import type { TalkMetricsDto } from '@touchline/shared';
import { round } from '../../common';
import { mergeOverlapping, type Segment } from './speech-segments';

/** The metrics the analysis computes, exactly as the API returns them. */
export type TalkMetrics = TalkMetricsDto;

/**
 * Interventions: speech segments joined across pauses shorter than `gapSeconds` (the rubric's
 * `segmentation.intervention_gap_seconds`).
 */
export function interventionsOf(segments: Segment[], gapSeconds: number): Segment[] {
  return mergeOverlapping(segments.map((s) => ({ start: s.start, end: s.end + gapSeconds }))).map((s) => ({ start: s.start, end: s.end - gapSeconds }));
}

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The talk metrics of a session; the speech rate needs a transcript and is filled in by the analysis. */
export function talkMetrics(segments: Segment[], durationSeconds: number, gapSeconds: number): TalkMetrics {
  const speech = mergeOverlapping(segments.filter((s) => s.end > s.start));
  const talkSeconds = speech.reduce((sum, s) => sum + (s.end - s.start), 0);
  const interventions = interventionsOf(speech, gapSeconds);
  const lengths = interventions.map((s) => s.end - s.start);
  let longestSilence = 0;
  let cursor = 0;
  for (const s of speech) {
    longestSilence = Math.max(longestSilence, s.start - cursor);
    cursor = s.end;
  }
  longestSilence = Math.max(longestSilence, durationSeconds - cursor);
  const minutes = durationSeconds / 60;
  return {
    durationSeconds: round(durationSeconds),
    talkSeconds: round(talkSeconds),
    talkRatio: durationSeconds > 0 ? round(talkSeconds / durationSeconds, 4) : 0,
    interventions: interventions.length,
    interventionsPerMinute: minutes > 0 ? round(interventions.length / minutes, 2) : 0,
    meanInterventionSeconds: lengths.length ? round(lengths.reduce((a, b) => a + b, 0) / lengths.length) : 0,
    medianInterventionSeconds: round(median(lengths)),
    longestInterventionSeconds: round(Math.max(0, ...lengths)),
    longestSilenceSeconds: round(longestSilence),
    speechRateWpm: null,
  };
}
