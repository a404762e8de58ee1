import { SKILL_CATEGORIES } from '@touchline/shared';
import { TrendChart } from '@/components/charts/trend-chart';
import { MISSING_REASONS, Score } from '@/components/ui/not-scored';
import { SCORE_SERIES, type TrendPoint } from '@/lib/trend-points';

/** The five category scores and the talk ratio over the latest completed sessions, oldest first. */
export function CoachTrendChart({ points }: { points: TrendPoint[] }) {
  return (
    <TrendChart
      label={`Line chart of your scores and talk ratio over your last ${points.length} analysed sessions`}
      points={points}
      series={SCORE_SERIES}
      tooltipLabel={(label, point) => `${point?.title ?? ''} · ${label}`}
      tooltipInSeriesOrder
      caption="Scores per analysed session, oldest first"
      leadingColumns={['Session']}
      rows={points.map((point) => (
        <tr key={point.sessionId}>
          <th scope="row">
            {point.title} ({point.label})
          </th>
          {SKILL_CATEGORIES.map((category) => (
            <td key={category}>
              <Score score={point[category]} reason={MISSING_REASONS.session} />
            </td>
          ))}
          <td>{point.talkRatio}</td>
        </tr>
      ))}
    />
  );
}
