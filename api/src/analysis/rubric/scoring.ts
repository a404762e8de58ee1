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
 * What the transcript adds to the talk metrics: code counts and cue counts over all utterances, how many of them
 * the recogniser was too unsure of (`uncertain`), and its confidence in the words (their mean probability; null
 * when the recogniser gives none). Unclear utterances still count as heard: leaving them out moved transcript
 * scores further from what the true words give (7.1 → 10.4 points on the calibration grid,
 * docs/analysis-accuracy.md). They decide whether the transcript is relied on at all (categoryScores), and the
 * report marks them.
 */
export interface TranscriptStats {
  utterances: number;
  uncertain: number;
  counts: Record<UtteranceCode, number>;
  technicalCues: number;
  tacticalCues: number;
  confidence: number | null;
}

type StatsInput = CodedUtteranceDto & { technicalCues: number; tacticalCues: number; words: number; confidence: number | null };

export function transcriptStats(utterances: StatsInput[]): TranscriptStats {
  // Each utterance's mean word probability, weighted by its words: the mean over all the session's words.
  const rated = utterances.filter((u) => u.confidence !== null && u.words > 0);
  const words = rated.reduce((sum, u) => sum + u.words, 0);
  return {
    utterances: utterances.length,
    uncertain: utterances.filter((u) => u.uncertain).length,
    counts: codeCounts(utterances),
    technicalCues: utterances.reduce((sum, u) => sum + u.technicalCues, 0),
    tacticalCues: utterances.reduce((sum, u) => sum + u.tacticalCues, 0),
    confidence: words > 0 ? rated.reduce((sum, u) => sum + u.confidence! * u.words, 0) / words : null,
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
export function indicatorValues(metrics: TalkMetricsDto, stats: TranscriptStats | null): Partial<Record<IndicatorMetric, number>> {
  const values: Partial<Record<IndicatorMetric, number>> = {
    talk_ratio: metrics.talkRatio,
    interventions_per_minute: metrics.interventionsPerMinute,
    longest_silence_minutes: metrics.longestSilenceSeconds / 60,
  };
  if (metrics.interventions > 0) values.mean_intervention_seconds = metrics.meanInterventionSeconds;
  if (metrics.speechRateWpm !== null) values.speech_rate_wpm = metrics.speechRateWpm;
  if (stats && metrics.durationSeconds > 0) {
    const tenMinutes = metrics.durationSeconds / 600;
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

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * The five category scores: the weighted mean of each category's available indicators. The transcript's
 * indicators are left out when the recogniser's confidence in the whole transcript is below the rubric's minimum,
 * or when more of its utterances than the rubric allows were too unclear to count (`uncertain`): a category
 * resting on them alone is not scored (UNCLEAR_SPEECH), one with timing indicators too is scored from timing alone
 * and says so. Otherwise every utterance counts, and the basis says how many were unclear. No score then comes
 * from a garbled transcript.
 */
export function categoryScores(metrics: TalkMetricsDto, stats: TranscriptStats | null, rubric: Rubric): CategoryScoreDto[] {
  const values = indicatorValues(metrics, stats);
  const confidence = stats?.confidence ?? null;
  const minimum = rubric.confidence.min_transcript_confidence.value;
  const unclearWords = confidence !== null && confidence < minimum;
  const uncertain =
    stats && stats.uncertain > 0
      ? `${stats.uncertain} of ${stats.utterances} ${stats.utterances === 1 ? 'utterance' : 'utterances'} ${stats.uncertain === 1 ? 'was' : 'were'}`
      : null;
  const unclearUtterances = uncertain !== null && stats!.uncertain / stats!.utterances > rubric.confidence.max_uncertain_share.value;
  const why = unclearWords
    ? `the recogniser's confidence in the words it heard was ${percent(confidence)}, below the ${percent(minimum)} the rubric needs`
    : unclearUtterances
      ? `${uncertain} too unclear to rely on`
      : null;
  return SKILL_CATEGORIES.map((category) => {
    const indicators = rubric.categories[category].indicators;
    const available = indicators.filter((i) => values[i.metric] !== undefined);
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
    const basis =
      `From ${list(usable.map((i) => LABELS[i.metric]))}${fromTranscript ? '' : ': timing alone'}.` +
      (left.length ? ` Without ${list(left.map((i) => LABELS[i.metric]))}, which ${stats ? 'the transcript does not give' : 'need a transcript'}.` : '') +
      (fromTranscript && uncertain ? ` ${capitalize(uncertain)} unclear, marked in the transcript.` : '');
    return {
      category,
      score,
      level: levelOf(score, rubric),
      basis,
      confidence: fromTranscript && confidence !== null ? round2(confidence) : null,
    };
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function weightedScore(usable: Indicator[], values: Partial<Record<IndicatorMetric, number>>): number {
  const weight = usable.reduce((sum, i) => sum + i.weight, 0);
  return Math.round(usable.reduce((sum, i) => sum + i.weight * points(values[i.metric]!, i.ideal, i.outer), 0) / weight);
}
