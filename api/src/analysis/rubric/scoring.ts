import {
  SKILL_CATEGORIES,
  SKILL_LEVELS,
  type CategoryScoreDto,
  type CoachingStyle,
  type CodedUtteranceDto,
  type SkillLevel,
  type TalkMetricsDto,
  type UtteranceCode,
} from '@touchline/shared';
import { codeCounts } from './code-counts';
import type { IndicatorMetric, Rubric } from './rubric';

/** What the transcript adds to the talk metrics: code counts and cue counts over all utterances. */
export interface TranscriptStats {
  utterances: number;
  counts: Record<UtteranceCode, number>;
  technicalCues: number;
  tacticalCues: number;
}

export function transcriptStats(utterances: (CodedUtteranceDto & { technicalCues: number; tacticalCues: number })[]): TranscriptStats {
  return {
    utterances: utterances.length,
    counts: codeCounts(utterances),
    technicalCues: utterances.reduce((sum, u) => sum + u.technicalCues, 0),
    tacticalCues: utterances.reduce((sum, u) => sum + u.tacticalCues, 0),
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

/** The five category scores: the weighted mean of each category's available indicators. */
export function categoryScores(metrics: TalkMetricsDto, stats: TranscriptStats | null, rubric: Rubric): CategoryScoreDto[] {
  const values = indicatorValues(metrics, stats);
  return SKILL_CATEGORIES.map((category) => {
    const indicators = rubric.categories[category].indicators;
    const usable = indicators.filter((i) => values[i.metric] !== undefined);
    if (usable.length === 0) {
      const basis = stats ? 'The transcript has nothing to judge this by.' : 'This needs a transcript, and the session was analysed without a transcriber.';
      return { category, score: null, level: null, basis };
    }
    const weight = usable.reduce((sum, i) => sum + i.weight, 0);
    const score = Math.round(usable.reduce((sum, i) => sum + i.weight * points(values[i.metric]!, i.ideal, i.outer), 0) / weight);
    const left = indicators.filter((i) => !usable.includes(i));
    const basis =
      `From ${list(usable.map((i) => LABELS[i.metric]))}.` +
      (left.length ? ` Without ${list(left.map((i) => LABELS[i.metric]))}, which ${stats ? 'the transcript does not give' : 'need a transcript'}.` : '');
    return { category, score, level: levelOf(score, rubric), basis };
  });
}
