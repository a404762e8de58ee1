import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartSeries } from '@/lib/trend-points';

export interface TrendLinesProps<P extends { label: string }> {
  points: P[];
  series: readonly ChartSeries[];
  /** The tooltip's heading for a point, given its x-axis label. */
  tooltipLabel: (label: string, point: P | undefined) => string;
  /** Lists the tooltip's values in the order of the series rather than the chart library's own. */
  tooltipInSeriesOrder?: boolean;
}

/** A trend chart's lines on a 0–100 scale: the chart library comes in this chunk, after the page shows (trend-chart.tsx). */
export default function TrendLines<P extends { label: string }>({ points, series, tooltipLabel, tooltipInSeriesOrder }: TrendLinesProps<P>) {
  return (
    <LineChart responsive data={points} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} style={{ width: '100%', height: 320 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} />
      <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={{ fontSize: 12 }} />
      <Tooltip
        labelFormatter={(label, payload) => tooltipLabel(String(label), payload[0]?.payload as P | undefined)}
        itemSorter={tooltipInSeriesOrder ? (item) => series.findIndex((line) => line.key === item.dataKey) : undefined}
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
