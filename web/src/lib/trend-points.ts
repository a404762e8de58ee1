import { SKILL_CATEGORIES, type CategoryScores, type OverviewDto } from '@touchline/shared';
import { capitalize, formatShortDay } from './format';

/** One point of the trend chart: the five scores and the talk ratio, all on the chart's 0–100 scale. */
export type TrendPoint = CategoryScores & { sessionId: string; label: string; title: string; talkRatio: number };

/** One line of a trend chart: the key of its values in each point, its name in the legend, and how it is drawn. */
export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  dashed: boolean;
}

/** The five category scores (solid) and the talk ratio (dashed): the lines of the coach's and the team's trend charts. */
export const SCORE_SERIES = [
  ...SKILL_CATEGORIES.map((category, index) => ({
    key: category,
    name: capitalize(category),
    color: ['#0284c7', '#7c3aed', '#059669', '#d97706', '#db2777'][index]!,
    dashed: false,
  })),
  { key: 'talkRatio', name: 'Talk ratio (%)', color: '#475569', dashed: true },
] as const satisfies readonly ChartSeries[];

export function trendPoints(trend: OverviewDto['trend']): TrendPoint[] {
  return trend.map((entry) => ({
    ...entry.scores,
    sessionId: entry.sessionId,
    label: formatShortDay(entry.date),
    title: entry.title,
    talkRatio: Math.round(entry.talkRatio * 100),
  }));
}
