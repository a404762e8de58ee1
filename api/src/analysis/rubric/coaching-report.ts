import type { CategoryScoreDto, CoachingStyle, CodedUtteranceDto } from '@touchline/shared';
import { round } from '../../common';
import { isUncertain, type Rubric } from './rubric';
import type { SessionAnalysisEntity } from '../session-analysis.entity';
import { categoryScores, coachingStyleOf, transcriptStats, type TranscriptStats } from './scoring';
import type { Segment } from '../pipeline/speech-segments';
import type { TalkMetrics } from '../pipeline/talk-metrics';
import { UtteranceCoder } from './utterance-coding';
import type { Recognised } from '../pipeline/transcription/transcriber';

/** A stretch of speech without a pause longer than this is still cut, so no request or recogniser run grows without bound. */
const MAX_UTTERANCE_SECONDS = 30;
/** Added before and after each utterance for the recogniser: speech onsets and offsets are soft, and recognisers want a little silence. */
const SPAN_PAD_SECONDS = 0.2;

/**
 * The utterances of a session, the unit ASUOI and CAIS code: its speech segments, which the voice activity
 * detection already ends at every pause of a breath or longer (so an intervention of several lines is several
 * utterances). A segment longer than MAX_UTTERANCE_SECONDS is cut into equal pieces.
 */
export function utterancesOf(segments: Segment[]): Segment[] {
  return segments.flatMap((s) => {
    const pieces = Math.ceil((s.end - s.start) / MAX_UTTERANCE_SECONDS);
    if (pieces <= 1) return [{ start: s.start, end: s.end }];
    const length = (s.end - s.start) / pieces;
    return Array.from({ length: pieces }, (_, i) => ({ start: round(s.start + i * length), end: round(s.start + (i + 1) * length) }));
  });
}

/** The audio the recogniser reads for each utterance: the utterance with a little room on both sides. */
export function transcriptionSpans(utterances: Segment[], durationSeconds: number): Segment[] {
  return utterances.map((s) => ({ start: Math.max(0, s.start - SPAN_PAD_SECONDS), end: Math.min(durationSeconds, s.end + SPAN_PAD_SECONDS) }));
}

/**
 * An utterance's text cut at sentence ends (a transcriber that punctuates marks them; one that does not
 * leaves the pause-cut utterance whole), each sentence given a share of the time by its length in letters.
 */
export function sentencesOf(utterance: Segment, text: string): (Segment & { text: string })[] {
  const sentences = text
    .split(/(?<=[.?!])\s+/)
    .map((t) => t.trim())
    .filter(Boolean);
  if (sentences.length <= 1) return [{ ...utterance, text: text.trim() }];
  const total = sentences.reduce((sum, t) => sum + t.length, 0);
  let cursor = utterance.start;
  return sentences.map((t) => {
    const start = cursor;
    cursor += ((utterance.end - utterance.start) * t.length) / total;
    return { start: round(start), end: round(cursor), text: t };
  });
}

export interface CoachingAssessment {
  transcript: CodedUtteranceDto[] | null;
  metrics: TalkMetrics;
  coachingStyle: CoachingStyle;
  scores: CategoryScoreDto[];
  /** The recogniser's mean word posterior over the transcript; null without a transcript or a recogniser that gives none. */
  transcriptConfidence: number | null;
}

/**
 * Codes the transcribed utterances (null: no transcriber) sentence by sentence, with the coach's squad as the
 * first names to detect, and scores the session with the rubric: the shares of instruction, questions,
 * praise … are shares of these utterances. Utterances the recogniser heard nothing in are left out. `rises`
 * (per utterance, semitones, see `pipeline/prosody.ts`) is how far each utterance's pitch ends above its level:
 * it bears on the utterance's last sentence, where the voice rose. An utterance whose confidence the rubric's
 * calibration reads as too unclear is marked `uncertain` and does not count as evidence (see `categoryScores`).
 */
export function assessSession(
  rubric: Rubric,
  metrics: TalkMetrics,
  utterances: Segment[] | null,
  texts: (string | Recognised)[] | null,
  squad: readonly string[] = [],
  rises: readonly (number | null)[] = [],
): CoachingAssessment {
  let stats: TranscriptStats | null = null;
  let transcript: CodedUtteranceDto[] | null = null;
  let measured = metrics;
  if (utterances && texts) {
    const coder = new UtteranceCoder(rubric, squad);
    const coded = utterances
      .flatMap((utterance, i) => {
        const heard = texts[i] ?? '';
        const { text, confidence } = typeof heard === 'string' ? { text: heard, confidence: null } : heard;
        const sentences = sentencesOf(utterance, text);
        return sentences.map((sentence, j) => ({ ...sentence, confidence, rise: j === sentences.length - 1 ? (rises[i] ?? null) : null }));
      })
      .filter(({ text }) => text !== '')
      .map(({ start, end, text, confidence, rise }) => ({
        start: round(start),
        end: round(end),
        text,
        confidence,
        ...coder.code(text, rise),
        ...(isUncertain(confidence, rubric) ? { uncertain: true } : {}),
      }));
    transcript = coded.map(({ start, end, text, codes, uncertain }) => ({ start, end, text, codes, ...(uncertain ? { uncertain } : {}) }));
    stats = transcriptStats(coded);
    const words = coded.reduce((sum, u) => sum + u.words, 0);
    measured = { ...metrics, speechRateWpm: words > 0 && metrics.talkSeconds > 0 ? round((words / metrics.talkSeconds) * 60, 1) : null };
  }
  return {
    transcript,
    metrics: measured,
    coachingStyle: coachingStyleOf(measured, rubric),
    scores: categoryScores(measured, stats, rubric),
    transcriptConfidence: stats?.confidence ?? null,
  };
}

/**
 * The stored assessment of an analysis. Analyses written before the rubric existed have metrics only; they
 * are scored from those with the current rubric when read.
 */
export function storedAssessment(
  rubric: Rubric,
  analysis: Pick<SessionAnalysisEntity, 'metrics' | 'coachingStyle' | 'scores' | 'rubricVersion'>,
): Omit<CoachingAssessment, 'transcript' | 'transcriptConfidence'> & { rubricVersion: string } {
  const metrics = { ...analysis.metrics, speechRateWpm: analysis.metrics.speechRateWpm ?? null };
  if (analysis.coachingStyle && analysis.scores && analysis.rubricVersion) {
    return { metrics, coachingStyle: analysis.coachingStyle, scores: analysis.scores, rubricVersion: analysis.rubricVersion };
  }
  const { coachingStyle, scores } = assessSession(rubric, metrics, null, null);
  return { metrics, coachingStyle, scores, rubricVersion: rubric.version };
}
