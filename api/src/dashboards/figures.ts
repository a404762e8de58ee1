import { SESSION_FIGURES, SKILL_CATEGORIES, type CategoryScoreDto, type CoachingStyle, type FigureDirection, type SessionFigures } from '@touchline/shared';
import { storedAssessment, type Rubric } from '../analysis';
import { round } from '../common';
import type { FigureRow } from './session-figures.repository';

export interface SessionAssessment {
  figures: SessionFigures;
  coachingStyle: CoachingStyle;
  scores: Pick<CategoryScoreDto, 'category' | 'score' | 'level'>[];
}

/** A row's figures; an analysis from before the rubric is scored from its metrics, as its report is. */
export function assessmentOf(rubric: Rubric, row: FigureRow): SessionAssessment {
  let { coaching_style: coachingStyle, scores } = row;
  if (row.legacy_metrics || !coachingStyle || !scores) {
    const assessed = storedAssessment(rubric, { metrics: row.legacy_metrics!, coachingStyle: null, scores: null, rubricVersion: null });
    coachingStyle = assessed.coachingStyle;
    scores = assessed.scores.map(({ category, score, level }) => ({ category, score, level }));
  }
  const score = Object.fromEntries(SKILL_CATEGORIES.map((c) => [c, scores.find((s) => s.category === c)?.score ?? null]));
  return {
    coachingStyle,
    scores: SKILL_CATEGORIES.map((c) => scores.find((s) => s.category === c) ?? { category: c, score: null, level: null }),
    figures: {
      durationSeconds: row.duration_seconds,
      talkRatio: row.talk_ratio,
      interventionsPerMinute: row.interventions_per_minute,
      meanInterventionSeconds: row.mean_intervention_seconds,
      longestInterventionSeconds: row.longest_intervention_seconds,
      longestSilenceSeconds: row.longest_silence_seconds,
      questioningShare: row.questioning_share,
      instructionShare: row.instruction_share,
      praiseShare: row.praise_share,
      scoldShare: row.scold_share,
      ...score,
    } as SessionFigures,
  };
}

/** Each session's mean of every figure over itself and the `window − 1` sessions before it that have the figure. */
export function rollingMeans(series: SessionFigures[], window: number): SessionFigures[] {
  return series.map((_, i) => {
    const recent = series.slice(Math.max(0, i - window + 1), i + 1);
    return Object.fromEntries(
      SESSION_FIGURES.map((figure) => {
        const values = recent.map((f) => f[figure]).filter((v): v is number => v !== null);
        return [figure, values.length ? round(values.reduce((a, b) => a + b, 0) / values.length, 4) : null];
      }),
    ) as SessionFigures;
  });
}

/**
 * The best and the worst of the compared values by the rubric's direction: the highest or lowest, or the
 * nearest to and farthest from the ideal band. Nothing is marked when the values do not differ.
 */
export function verdicts(direction: FigureDirection, ideal: [number, number] | null, values: (number | null)[]): ('best' | 'worst' | null)[] {
  const shortfall = (v: number): number => {
    if (direction === 'higher') return -v;
    if (direction === 'lower') return v;
    if (!ideal) return 0;
    return v < ideal[0] ? ideal[0] - v : v > ideal[1] ? v - ideal[1] : 0;
  };
  if (direction === 'none') return values.map(() => null);
  const measured = values.map((v) => (v === null ? null : round(shortfall(v), 6)));
  const known = measured.filter((v): v is number => v !== null);
  if (known.length < 2) return values.map(() => null);
  const best = Math.min(...known);
  const worst = Math.max(...known);
  if (best === worst) return values.map(() => null);
  return measured.map((v) => (v === best ? 'best' : v === worst ? 'worst' : null));
}
