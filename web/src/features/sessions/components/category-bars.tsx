import { Bar, BarChart, CartesianGrid, Cell, LabelList, Rectangle, XAxis, YAxis, type BarShapeProps } from 'recharts';

export interface CategoryBar {
  name: string;
  value: number;
  caption: string;
  color: string;
}

/** The skill categories' bars: the chart library comes in this chunk, after the page shows (category-scores.tsx). */
export default function CategoryBars({ bars, narrow }: { bars: CategoryBar[]; narrow: boolean }) {
  return (
    <BarChart
      responsive
      data={bars}
      layout="vertical"
      margin={{ top: 4, right: narrow ? 96 : 112, bottom: 4, left: 0 }}
      style={{ width: '100%', height: 56 * bars.length + 40 }}
      accessibilityLayer={false}
    >
      <CartesianGrid horizontal={false} strokeDasharray="3 3" />
      {/* On a phone the plot is about 100 px wide: five tick labels ran into each other there, three fit. */}
      <XAxis type="number" domain={[0, 100]} ticks={narrow ? [0, 50, 100] : [0, 25, 50, 75, 100]} tick={{ fontSize: 12 }} />
      <YAxis type="category" dataKey="name" width={narrow ? 104 : 112} tick={{ fontSize: 13 }} />
      {/* A shape of our own keeps the empty bar of an unscored category, and so its track and its "Not scored". */}
      <Bar
        dataKey="value"
        barSize={22}
        background={{ fill: '#f1f5f9' }}
        isAnimationActive={false}
        shape={(bar: BarShapeProps) => <Rectangle x={bar.x} y={bar.y} width={bar.width} height={bar.height} radius={[0, 4, 4, 0]} fill={bar.fill} />}
      >
        {bars.map((bar) => (
          <Cell key={bar.name} fill={bar.color} />
        ))}
        <LabelList dataKey="caption" position="right" style={{ fontSize: 13, fill: '#334155' }} />
      </Bar>
    </BarChart>
  );
}
