import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { WeekPoint } from './team-trend-chart';
import type { ChartSeries } from '@/lib/trend-points';

/** The team trend chart's lines: the chart library comes in this chunk, after the page shows (team-trend-chart.tsx). */
export default function TeamTrendLines({ points, series }: { points: WeekPoint[]; series: readonly ChartSeries[] }) {
  return (
    <LineChart responsive data={points} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} style={{ width: '100%', height: 320 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} />
      <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={{ fontSize: 12 }} />
      <Tooltip
        labelFormatter={(label, payload) => `Week of ${String(label)} · ${(payload[0]?.payload as WeekPoint | undefined)?.sessions ?? 0} sessions`}
        contentStyle={{ fontSize: 13, borderRadius: 8 }}
      />
      <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
      {series.map((line) => (
        <Line
          key={line.key}
          type="monotone"
          dataKey={line.key}
          name={line.name}
          stroke={line.color}
          strokeWidth={2}
          strokeDasharray={line.dashed ? '5 4' : undefined}
          dot={{ r: 3, strokeDasharray: '0' }}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}
