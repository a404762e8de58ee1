import {
  SESSION_FIGURES,
  SKILL_CATEGORIES,
  type CategoryScoreDto,
  type CategoryScores,
  type CoachingStyle,
  type FigureDirection,
  type SessionFigures,
} from '@touchline/shared';
import { storedAssessment, type Rubric } from '../analysis';
import { round } from '../common';
import type { FigureRow } from './session-figures.repository';

/**
 * The one rule for a mean of figures: it is taken over the values present, a null (a figure a session does not
 * have, such as a share without a transcript) is left out rather than counted as 0, and the mean of no values is
 * null. It is rounded to `places` decimals: 4 unless a view shows fewer (the overview shows 2).
 */
export function mean(values: readonly (number | null)[], places = 4): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? round(present.reduce((a, b) => a + b, 0) / present.length, places) : null;
}

/** Each category's mean score over the rows, by the same rule. */
export function meanScores(rows: readonly { scores: CategoryScores }[], places = 4): CategoryScores {
  return Object.fromEntries(
    SKILL_CATEGORIES.map((c) => [
      c,
      mean(
        rows.map((r) => r.scores[c]),
        places,
      ),
    ]),
  ) as CategoryScores;
}

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
    return Object.fromEntries(SESSION_FIGURES.map((figure) => [figure, mean(recent.map((f) => f[figure]))])) as SessionFigures;
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

/** An analysed session's figures that the weekly trend averages. */
export interface DatedFigures {
  date: Date;
  talkRatio: number | null;
  questioningShare: number | null;
  scores: CategoryScores;
}

/** The Monday (UTC) of a date's ISO week, YYYY-MM-DD. */
export function weekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The means per ISO week over the last `weeks` weeks that have analysed sessions, oldest first. */
export function weeklyTrend(analysed: readonly DatedFigures[], weeks: number) {
  const byWeek = new Map<string, DatedFigures[]>();
  for (const s of analysed) {
    const week = weekOf(s.date);
    const rows = byWeek.get(week);
    if (rows) rows.push(s);
    else byWeek.set(week, [s]);
  }
  return [...byWeek.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(-weeks)
    .map(([week, rows]) => ({
      week,
      sessions: rows.length,
      talkRatio: mean(rows.map((r) => r.talkRatio)),
      questioningShare: mean(rows.map((r) => r.questioningShare)),
      scores: meanScores(rows),
    }));
}
