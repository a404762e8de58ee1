import { lazy, Suspense, type ReactNode } from 'react';
import type { TrendLinesProps } from './trend-lines';

// The chart library comes with this chunk, after the page shows.
const TrendLines = lazy(() => import('./trend-lines')) as unknown as <P extends { label: string }>(props: TrendLinesProps<P>) => ReactNode;

interface TrendChartProps<P extends { label: string }> extends TrendLinesProps<P> {
  /** The chart's accessible name. */
  label: string;
  /** The caption of the table that gives screen readers the same figures. */
  caption: string;
  /** The table's columns before one per series. */
  leadingColumns: string[];
  /** The table's rows, a point each. */
  rows: ReactNode;
}

/**
 * Lines over time on a 0–100 scale (a series each), drawn once the chart's chunk has come in, and the same
 * figures as a table for screen readers.
 */
export function TrendChart<P extends { label: string }>({ label, caption, leadingColumns, rows, ...lines }: TrendChartProps<P>) {
  return (
    <div className="space-y-2">
      <div role="img" aria-label={label} className="rounded-xl border border-slate-200 bg-white p-4">
        {/* The same height while the chart's chunk comes in, so nothing below it moves. */}
        <Suspense fallback={<div style={{ height: 320 }} />}>
          <TrendLines {...lines} />
        </Suspense>
      </div>
      {/* A table ignores width: 1px, so sr-only on it left it full width, widening the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {[...leadingColumns, ...lines.series.map((series) => series.name)].map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
    </div>
  );
}
