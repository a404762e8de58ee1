import { SKILL_CATEGORIES, type TeamOverviewDto } from '@touchline/shared';
import { lazy, Suspense } from 'react';
import { MISSING_REASONS, NotScored, Score } from '@/components/ui/not-scored';
import { capitalize } from '@/lib/format';
import { shortDate } from '@/lib/trend-points';

const SERIES = [
  ...SKILL_CATEGORIES.map((category, index) => ({
    key: category,
    name: capitalize(category),
    color: ['#0284c7', '#7c3aed', '#059669', '#d97706', '#db2777'][index]!,
    dashed: false,
  })),
  { key: 'talkRatio', name: 'Talk ratio (%)', color: '#475569', dashed: true },
  { key: 'questioningShare', name: 'Questioning (%)', color: '#0f766e', dashed: true },
] as const;

export type WeekPoint = Record<(typeof SERIES)[number]['key'], number | null> & { week: string; label: string; sessions: number };

const TeamTrendLines = lazy(() => import('./team-trend-lines'));

const percent = (share: number | null) => (share === null ? null : Math.round(share * 100));

/** The team's weekly means: the five scores, talk ratio and questioning, all on a 0–100 scale, oldest week first. */
export function TeamTrendChart({ trend }: { trend: TeamOverviewDto['trend'] }) {
  const points: WeekPoint[] = trend.map((week) => ({
    ...week.scores,
    week: week.week,
    label: shortDate(week.week),
    sessions: week.sessions,
    talkRatio: percent(week.talkRatio),
    questioningShare: percent(week.questioningShare),
  }));
  return (
    <div className="space-y-2">
      <div
        role="img"
        aria-label={`Line chart of the team's weekly scores, talk ratio and questioning over ${points.length} weeks`}
        className="rounded-xl border border-slate-200 bg-white p-4"
      >
        {/* The same height while the chart's chunk comes in, so nothing below it moves. */}
        <Suspense fallback={<div style={{ height: 320 }} />}>
          <TeamTrendLines points={points} series={SERIES} />
        </Suspense>
      </div>
      {/* A table ignores width: 1px, so sr-only on it left it full width, widening the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>The team's means per week, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Sessions</th>
              {SERIES.map((series) => (
                <th key={series.key} scope="col">
                  {series.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.week}>
                <th scope="row">{point.label}</th>
                <td>{point.sessions}</td>
                {SERIES.map((series) => (
                  <td key={series.key}>
                    {/* A week in the trend has sessions, so a talk ratio; questioning needs a transcript. */}
                    {series.key === 'talkRatio' ? (
                      point.talkRatio
                    ) : series.key === 'questioningShare' ? (
                      point[series.key] === null ? (
                        <NotScored label="Not measured" reason={MISSING_REASONS.weekShare} />
                      ) : (
                        point[series.key]
                      )
                    ) : (
                      <Score score={point[series.key]} reason={MISSING_REASONS.week} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
