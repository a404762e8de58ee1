import { FIGURE_INFO, type DevelopmentDto, type GoalDto, type SessionFigure } from '@touchline/shared';
import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/components/ui/button';
import { chartValue, describeGoal } from '@/lib/figure-format';
import { FigureValue } from './figure-value';
import { formatShortDay } from '@/lib/format';

interface Props {
  points: DevelopmentDto['points'];
  goals: GoalDto[];
  figure: SessionFigure;
}

const GOAL_CELL = { true: 'Met', false: 'Not met', null: 'Not measured' } as const;

/**
 * One figure over the coach's sessions (a point per session, labelled by it) with the rolling average, and the
 * target of any goal on it. The chart is keyboard reachable (arrow keys move between sessions); the same data
 * is a table, hidden for sighted readers until asked for.
 */
export default function DevelopmentChart({ points, goals, figure }: Props) {
  const [asTable, setAsTable] = useState(false);
  const info = FIGURE_INFO[figure];
  const unitSuffix = info.unit === 'share' ? ' (%)' : info.unit === 'seconds' ? ' (s)' : '';
  const data = points.map((point, index) => ({
    label: `${index + 1} · ${formatShortDay(point.date)}`,
    title: point.title,
    value: chartValue(figure, point.figures[figure]),
    rolling: chartValue(figure, point.rolling[figure]),
  }));
  const targets = goals.filter((goal) => goal.figure === figure);
  return (
    <div className="space-y-3">
      <div className="rounded-xl border border-slate-200 bg-white p-4" data-testid="development-chart">
        <LineChart
          responsive
          accessibilityLayer
          data={data}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
          style={{ width: '100%', height: 320 }}
          title={`${info.label} per session, with the average of the last five`}
          tabIndex={0}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} domain={info.unit === 'score' ? [0, 100] : info.unit === 'share' ? [0, 'auto'] : ['auto', 'auto']} />
          <Tooltip
            labelFormatter={(label, payload) => `${(payload[0]?.payload as { title?: string } | undefined)?.title ?? ''} · ${String(label)}`}
            contentStyle={{ fontSize: 13, borderRadius: 8 }}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          {targets.map((goal) => (
            <ReferenceLine
              key={goal.id}
              y={chartValue(figure, goal.target) ?? 0}
              stroke="#d97706"
              strokeDasharray="6 4"
              label={{ value: describeGoal(goal), fontSize: 12, fill: '#92400e', position: 'insideTopRight' }}
            />
          ))}
          <Line
            type="monotone"
            dataKey="value"
            name={`${info.label}${unitSuffix}`}
            stroke="#0284c7"
            strokeWidth={2}
            dot={{ r: 4 }}
            connectNulls
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="rolling"
            name="Average of the last 5"
            stroke="#475569"
            strokeWidth={2}
            strokeDasharray="5 4"
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </div>
      <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
        {asTable ? 'Hide the table' : 'Show as a table'}
      </Button>
      <div className={asTable ? 'overflow-x-auto rounded-xl border border-slate-200 bg-white p-4' : 'sr-only'}>
        <table className="w-full text-sm" data-testid="development-table">
          <caption className="sr-only">{info.label} per session, oldest first, with the average of the last five and each goal met or not</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-3">
                Session
              </th>
              <th scope="col" className="py-1 pr-3">
                Date
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {info.label}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Average of the last 5
              </th>
              {goals.map((goal) => (
                <th key={goal.id} scope="col" className="py-1 pr-3">
                  {describeGoal(goal)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.sessionId} className="border-t border-slate-100" data-testid="development-row">
                <th scope="row" className="py-1 pr-3 text-left font-medium">
                  {point.title}
                </th>
                <td className="py-1 pr-3">{formatShortDay(point.date)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  <FigureValue figure={figure} value={point.figures[figure]} />
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  <FigureValue figure={figure} value={point.rolling[figure]} mean />
                </td>
                {point.goals.map((met, i) => (
                  <td key={goals[i]?.id ?? i} className="py-1 pr-3">
                    {GOAL_CELL[String(met) as keyof typeof GOAL_CELL]}
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
