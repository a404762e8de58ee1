import type { TeamOverviewDto } from '@touchline/shared';
import { TrendChart } from '@/components/charts/trend-chart';
import { MISSING_REASONS, NotScored, Score } from '@/components/ui/not-scored';
import { formatShortDay } from '@/lib/format';
import { SCORE_SERIES } from '@/lib/trend-points';

const SERIES = [...SCORE_SERIES, { key: 'questioningShare', name: 'Questioning (%)', color: '#0f766e', dashed: true }] as const;

type WeekPoint = Record<(typeof SERIES)[number]['key'], number | null> & { week: string; label: string; sessions: number };

const percent = (share: number | null) => (share === null ? null : Math.round(share * 100));

/** The team's weekly means: the five scores, talk ratio and questioning, all on a 0–100 scale, oldest week first. */
export function TeamTrendChart({ trend }: { trend: TeamOverviewDto['trend'] }) {
  const points: WeekPoint[] = trend.map((week) => ({
    ...week.scores,
    week: week.week,
    label: formatShortDay(week.week),
    sessions: week.sessions,
    talkRatio: percent(week.talkRatio),
    questioningShare: percent(week.questioningShare),
  }));
  return (
    <TrendChart
      label={`Line chart of the team's weekly scores, talk ratio and questioning over ${points.length} weeks`}
      points={points}
      series={SERIES}
      tooltipLabel={(label, point) => `Week of ${label} · ${point?.sessions ?? 0} sessions`}
      caption="The team's means per week, oldest first"
      leadingColumns={['Week of', 'Sessions']}
      rows={points.map((point) => (
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
    />
  );
}
