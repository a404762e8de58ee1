import { SKILL_CATEGORIES } from '@touchline/shared';
import { lazy, Suspense } from 'react';
import { MISSING_REASONS, Score } from '@/components/ui/not-scored';
import { capitalize } from '@/lib/format';
import type { TrendPoint } from '@/lib/trend-points';

const TrendLines = lazy(() => import('./trend-lines'));

const SERIES = [
  ...SKILL_CATEGORIES.map((category, index) => ({
    key: category,
    name: capitalize(category),
    color: ['#0284c7', '#7c3aed', '#059669', '#d97706', '#db2777'][index]!,
    dashed: false,
  })),
  { key: 'talkRatio', name: 'Talk ratio (%)', color: '#475569', dashed: true },
] as const;

/** The five category scores and the talk ratio over the latest completed sessions, oldest first. */
export function TrendChart({ points }: { points: TrendPoint[] }) {
  return (
    <div className="space-y-2">
      <div
        role="img"
        aria-label={`Line chart of your scores and talk ratio over your last ${points.length} analysed sessions`}
        className="rounded-xl border border-slate-200 bg-white p-4"
      >
        {/* The same height while the chart's chunk comes in, so nothing below it moves. */}
        <Suspense fallback={<div style={{ height: 320 }} />}>
          <TrendLines points={points} series={SERIES} />
        </Suspense>
      </div>
      {/* A table ignores width: 1px, so sr-only on it left it full width, widening the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>Scores per analysed session, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Session</th>
              {SERIES.map((series) => (
                <th key={series.key} scope="col">
                  {series.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
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
          </tbody>
        </table>
      </div>
    </div>
  );
}
