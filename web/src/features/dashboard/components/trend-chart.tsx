import { SKILL_CATEGORIES } from '@touchline/shared';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { MISSING_REASONS, Score } from '@/components/ui/not-scored';
import { capitalize } from '@/lib/format';
import type { TrendPoint } from '../trend-points';

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
        <LineChart responsive data={points} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} style={{ width: '100%', height: 320 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={{ fontSize: 12 }} />
          <Tooltip
            labelFormatter={(label, payload) => `${(payload[0]?.payload as TrendPoint | undefined)?.title ?? ''} · ${String(label)}`}
            itemSorter={(item) => SERIES.findIndex((series) => series.key === item.dataKey)}
            contentStyle={{ fontSize: 13, borderRadius: 8 }}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
          {SERIES.map((series) => (
            <Line
              key={series.key}
              type="monotone"
              dataKey={series.key}
              name={series.name}
              stroke={series.color}
              strokeWidth={2}
              strokeDasharray={series.dashed ? '5 4' : undefined}
              dot={{ r: 3, strokeDasharray: '0' }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
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
