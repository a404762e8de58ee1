import type { CategoryScoreDto, CoachingStyle, CodedUtteranceDto } from '@touchline/shared';
import { round } from '../pipeline/round';
import type { Rubric } from './rubric';
import type { SessionAnalysisEntity } from '../session-analysis.entity';
import { categoryScores, coachingStyleOf, transcriptStats, type TranscriptStats } from './scoring';
import { interventionsOf } from '../pipeline/talk-metrics';
import type { Segment } from '../pipeline/speech-segments';
import type { TalkMetrics } from '../pipeline/talk-metrics';
import { UtteranceCoder } from './utterance-coding';

/** Longer interventions are transcribed in pieces split at pauses, so no request or recogniser run grows without bound. */
const MAX_SPAN_SECONDS = 30;
/** Added before and after each span: speech onsets and offsets are soft, and recognisers want a little silence. */
const SPAN_PAD_SECONDS = 0.2;

/**
 * The stretches of audio to transcribe: one per intervention (the unit the coding works on), an intervention
 * longer than MAX_SPAN_SECONDS split between its speech segments.
 */
export function utteranceSpans(segments: Segment[], gapSeconds: number, durationSeconds: number): Segment[] {
  const spans: Segment[] = [];
  for (const intervention of interventionsOf(segments, gapSeconds)) {
    const inside = segments.filter((s) => s.start >= intervention.start && s.end <= intervention.end);
    let current: Segment | null = null;
    for (const segment of inside.length ? inside : [intervention]) {
      if (current && segment.end - current.start > MAX_SPAN_SECONDS) {
        spans.push(current);
        current = null;
      }
      current = current ? { start: current.start, end: segment.end } : { ...segment };
    }
    if (current) spans.push(current);
  }
  return spans.map((s) => ({ start: Math.max(0, s.start - SPAN_PAD_SECONDS), end: Math.min(durationSeconds, s.end + SPAN_PAD_SECONDS) }));
}

export interface CoachingAssessment {
  transcript: CodedUtteranceDto[] | null;
  metrics: TalkMetrics;
  coachingStyle: CoachingStyle;
  scores: CategoryScoreDto[];
}

/**
 * Codes the transcribed spans (null: no transcriber) and scores the session with the rubric. Spans the
 * recogniser heard nothing in are left out of the transcript.
 */
export function assessSession(rubric: Rubric, metrics: TalkMetrics, spans: Segment[] | null, texts: string[] | null): CoachingAssessment {
  let stats: TranscriptStats | null = null;
  let transcript: CodedUtteranceDto[] | null = null;
  let measured = metrics;
  if (spans && texts) {
    const coder = new UtteranceCoder(rubric);
    const coded = spans
      .map((span, i) => ({ span, text: texts[i] ?? '' }))
      .filter(({ text }) => text.trim() !== '')
      .map(({ span, text }) => ({ start: round(span.start), end: round(span.end), text, ...coder.code(text) }));
    transcript = coded.map(({ start, end, text, codes }) => ({ start, end, text, codes }));
    stats = transcriptStats(coded);
    const words = coded.reduce((sum, u) => sum + u.words, 0);
    measured = { ...metrics, speechRateWpm: words > 0 && metrics.talkSeconds > 0 ? round((words / metrics.talkSeconds) * 60, 1) : null };
  }
  return { transcript, metrics: measured, coachingStyle: coachingStyleOf(measured, rubric), scores: categoryScores(measured, stats, rubric) };
}

/**
 * The stored assessment of an analysis. Analyses written before the rubric existed have metrics only; they
 * are scored from those with the current rubric when read.
 */
export function storedAssessment(
  rubric: Rubric,
  analysis: Pick<SessionAnalysisEntity, 'metrics' | 'coachingStyle' | 'scores' | 'rubricVersion'>,
): Omit<CoachingAssessment, 'transcript'> & { rubricVersion: string } {
  const metrics = { ...analysis.metrics, speechRateWpm: analysis.metrics.speechRateWpm ?? null };
  if (analysis.coachingStyle && analysis.scores && analysis.rubricVersion) {
    return { metrics, coachingStyle: analysis.coachingStyle, scores: analysis.scores, rubricVersion: analysis.rubricVersion };
  }
  const { coachingStyle, scores } = assessSession(rubric, metrics, null, null);
  return { metrics, coachingStyle, scores, rubricVersion: rubric.version };
}
