import {
  SKILL_CATEGORIES,
  SKILL_LEVELS,
  type CategoryScoreDto,
  type CoachingStyle,
  type CodedUtteranceDto,
  type SkillLevel,
  type TalkMetricsDto,
  type UtteranceCode,
  UNCLEAR_SPEECH,
} from '@touchline/shared';
import { codeCounts } from './code-counts';
import type { Indicator, IndicatorMetric, Rubric } from './rubric';

/**
 * What the transcript adds to the talk metrics: code counts and cue counts over the utterances that count as
 * evidence (all but those the recogniser was too unsure of, `uncertain`), and the recogniser's confidence in the
 * words (their mean probability; null when the recogniser gives none).
 */
export interface TranscriptStats {
  /** The utterances that count as evidence: the shares of instruction, questions … are shares of these. */
  utterances: number;
  /** All the transcript's utterances, and how many of them were too unclear to count. */
  total: number;
  uncertain: number;
  counts: Record<UtteranceCode, number>;
  technicalCues: number;
  tacticalCues: number;
  /** The share of the transcript's speech time the evidence covers (1 when no utterance is uncertain): cue rates are read over it. */
  evidenceShare: number;
  /** Over all the transcript's words: the session-wide confidence the rubric's minimum is checked against. */
  confidence: number | null;
  /** Over the evidence's words: how sure the recogniser was of what the scores rest on. */
  evidenceConfidence: number | null;
  /** The same figures with every utterance counted, uncertain ones too: only to name what a withheld transcript would have given. */
  whole: Figures;
}

type Figures = Pick<TranscriptStats, 'utterances' | 'counts' | 'technicalCues' | 'tacticalCues' | 'evidenceShare'>;

type StatsInput = CodedUtteranceDto & { technicalCues: number; tacticalCues: number; words: number; confidence: number | null };

/** Each utterance's mean word probability, weighted by its words: the mean over all their words; null when none is rated. */
function meanConfidence(utterances: StatsInput[]): number | null {
  const rated = utterances.filter((u) => u.confidence !== null && u.words > 0);
  const words = rated.reduce((sum, u) => sum + u.words, 0);
  return words > 0 ? rated.reduce((sum, u) => sum + u.confidence! * u.words, 0) / words : null;
}

export function transcriptStats(utterances: StatsInput[]): TranscriptStats {
  const evidence = utterances.filter((u) => !u.uncertain);
  const seconds = (list: StatsInput[]) => list.reduce((sum, u) => sum + Math.max(0, u.end - u.start), 0);
  const total = seconds(utterances);
  const figures = (counted: StatsInput[]): Figures => ({
    utterances: counted.length,
    counts: codeCounts(counted),
    technicalCues: counted.reduce((sum, u) => sum + u.technicalCues, 0),
    tacticalCues: counted.reduce((sum, u) => sum + u.tacticalCues, 0),
    evidenceShare: total > 0 ? seconds(counted) / total : utterances.length > 0 ? counted.length / utterances.length : 1,
  });
  return {
    ...figures(evidence),
    total: utterances.length,
    uncertain: utterances.length - evidence.length,
    confidence: meanConfidence(utterances),
    evidenceConfidence: meanConfidence(evidence),
    whole: figures(utterances),
  };
}

const LABELS: Record<IndicatorMetric, string> = {
  talk_ratio: 'talk time',
  mean_intervention_seconds: 'length of interventions',
  interventions_per_minute: 'interventions per minute',
  longest_silence_minutes: 'longest silence',
  speech_rate_wpm: 'speech rate',
  technical_cues_per_10_min: 'technical cues',
  tactical_cues_per_10_min: 'tactical cues',
  instruction_share: 'share of instruction',
  questioning_share: 'share of questions',
  praise_share: 'share of praise',
  management_share: 'share of management',
  first_name_share: 'use of first names',
  praise_to_scold: 'praise per scold',
};

/** The value of every indicator the session allows; those it does not (no transcript, nothing said) are absent. */
export function indicatorValues(metrics: TalkMetricsDto, stats: Figures | null): Partial<Record<IndicatorMetric, number>> {
  const values: Partial<Record<IndicatorMetric, number>> = {
    talk_ratio: metrics.talkRatio,
    interventions_per_minute: metrics.interventionsPerMinute,
    longest_silence_minutes: metrics.longestSilenceSeconds / 60,
  };
  if (metrics.interventions > 0) values.mean_intervention_seconds = metrics.meanInterventionSeconds;
  if (metrics.speechRateWpm !== null) values.speech_rate_wpm = metrics.speechRateWpm;
  if (stats && metrics.durationSeconds > 0 && stats.evidenceShare > 0) {
    // Cues per ten minutes of the session, read over the part of its speech the evidence covers.
    const tenMinutes = (metrics.durationSeconds * stats.evidenceShare) / 600;
    values.technical_cues_per_10_min = stats.technicalCues / tenMinutes;
    values.tactical_cues_per_10_min = stats.tacticalCues / tenMinutes;
  }
  if (stats && stats.utterances > 0) {
    const share = (code: UtteranceCode) => stats.counts[code] / stats.utterances;
    values.instruction_share = share('instruction');
    values.questioning_share = share('questioning');
    values.praise_share = share('praise');
    values.management_share = share('management');
    values.first_name_share = share('first-name');
    const { praise, scold } = stats.counts;
    // No scolding at all is the best ratio there is; with neither praise nor scold there is no ratio to judge.
    if (praise + scold > 0) values.praise_to_scold = scold === 0 ? Number.POSITIVE_INFINITY : praise / scold;
  }
  return values;
}

/**
 * 100 inside the ideal band, falling linearly to 0 at the outer band's edges. An ideal band that reaches an
 * outer edge has no fall-off on that side: everything beyond it counts as ideal.
 */
export function points(value: number, ideal: readonly [number, number], outer: readonly [number, number]): number {
  if (value >= ideal[0] && value <= ideal[1]) return 100;
  if (value < ideal[0]) {
    if (ideal[0] === outer[0]) return 100;
    return value <= outer[0] ? 0 : (100 * (value - outer[0])) / (ideal[0] - outer[0]);
  }
  if (ideal[1] === outer[1]) return 100;
  return value >= outer[1] ? 0 : (100 * (outer[1] - value)) / (outer[1] - ideal[1]);
}

export function levelOf(score: number, rubric: Rubric): SkillLevel {
  return [...SKILL_LEVELS].reverse().find((level) => score >= rubric.levels.value[level]) ?? SKILL_LEVELS[0];
}

export function coachingStyleOf(metrics: TalkMetricsDto, rubric: Rubric): CoachingStyle {
  return metrics.talkRatio < rubric.style.hands_off_max_talk_ratio.value ? 'Hands-off' : 'Balanced';
}

const list = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * The five category scores: the weighted mean of each category's available indicators. The transcript's
 * indicators are left out when the recogniser's confidence in the whole transcript is below the rubric's minimum,
 * or when more of its utterances than the rubric allows were too unclear to count (`uncertain`): a category
 * resting on them alone is not scored (UNCLEAR_SPEECH), one with timing indicators too is scored from timing alone
 * and says so. Otherwise they are read from the utterances that count, and the basis says how many were left
 * out. No score then comes from a garbled transcript.
 */
export function categoryScores(metrics: TalkMetricsDto, stats: TranscriptStats | null, rubric: Rubric): CategoryScoreDto[] {
  const values = indicatorValues(metrics, stats);
  const confidence = stats?.confidence ?? null;
  const minimum = rubric.confidence.min_transcript_confidence.value;
  const unclearWords = confidence !== null && confidence < minimum;
  const uncertain = stats && stats.uncertain > 0 ? `${stats.uncertain} of ${stats.total} ${stats.total === 1 ? 'utterance was' : 'utterances were'}` : null;
  const unclearUtterances = uncertain !== null && stats!.uncertain / stats!.total > rubric.confidence.max_uncertain_share.value;
  const why = unclearWords
    ? `the recogniser's confidence in the words it heard was ${percent(confidence)}, below the ${percent(minimum)} the rubric needs`
    : unclearUtterances
      ? `${uncertain} too unclear to rely on`
      : null;
  // What the transcript would have given had every utterance counted: what a withheld transcript leaves out.
  const heard = why ? indicatorValues(metrics, stats && stats.whole) : values;
  return SKILL_CATEGORIES.map((category) => {
    const indicators = rubric.categories[category].indicators;
    const available = indicators.filter((i) => (why ? heard : values)[i.metric] !== undefined);
    const usable = why ? available.filter((i) => !i.needs_transcript) : available;
    if (why && usable.length < available.length) {
      if (usable.length === 0) return { category, score: null, level: null, basis: `${UNCLEAR_SPEECH}: ${why}.`, confidence: round2(confidence ?? 0) };
      const score = weightedScore(usable, values);
      const dropped = available.filter((i) => !usable.includes(i));
      const basis = `From ${list(usable.map((i) => LABELS[i.metric]))}: timing alone. Without ${list(dropped.map((i) => LABELS[i.metric]))}, as ${why}.`;
      return { category, score, level: levelOf(score, rubric), basis, confidence: null };
    }
    if (usable.length === 0) {
      const basis = stats ? 'The transcript has nothing to judge this by.' : 'This needs a transcript, and the session was analysed without a transcriber.';
      return { category, score: null, level: null, basis, confidence: null };
    }
    const score = weightedScore(usable, values);
    const left = indicators.filter((i) => !usable.includes(i));
    const fromTranscript = usable.some((i) => i.needs_transcript);
    const evidenceConfidence = stats?.evidenceConfidence ?? null;
    const basis =
      `From ${list(usable.map((i) => LABELS[i.metric]))}${fromTranscript ? '' : ': timing alone'}.` +
      (left.length ? ` Without ${list(left.map((i) => LABELS[i.metric]))}, which ${stats ? 'the transcript does not give' : 'need a transcript'}.` : '') +
      (fromTranscript && uncertain ? ` Left out: ${uncertain} too unclear to rely on.` : '');
    return {
      category,
      score,
      level: levelOf(score, rubric),
      basis,
      confidence: fromTranscript && evidenceConfidence !== null ? round2(evidenceConfidence) : null,
    };
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function weightedScore(usable: Indicator[], values: Partial<Record<IndicatorMetric, number>>): number {
  const weight = usable.reduce((sum, i) => sum + i.weight, 0);
  return Math.round(usable.reduce((sum, i) => sum + i.weight * points(values[i.metric]!, i.ideal, i.outer), 0) / weight);
}
