import { UNCLEAR_SPEECH, type CategoryScoreDto, type SkillLevel } from '@touchline/shared';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Rectangle, XAxis, YAxis, type BarShapeProps } from 'recharts';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { capitalize, formatScore } from '@/lib/format';

/** Below this width the chart keeps three axis ticks instead of five. */
const NARROW_CHART_PX = 480;

function useNarrow(element: RefObject<HTMLElement | null>): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setNarrow((entry?.contentRect.width ?? Infinity) < NARROW_CHART_PX));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return narrow;
}

const LEVEL_COLORS: Record<SkillLevel, string> = {
  beginner: '#f59e0b',
  intermediate: '#0ea5e9',
  advanced: '#14b8a6',
  expert: '#7c3aed',
};

/**
 * What a category's row says about its score: "72 · Advanced", "Not scored", or, when the score was withheld
 * because the recogniser was unsure of the words (a null score with a confidence), UNCLEAR_SPEECH.
 */
export function scoreCaption({ score, level, confidence }: Pick<CategoryScoreDto, 'score' | 'level' | 'confidence'>): string {
  if (score === null) return confidence !== null && confidence !== undefined ? UNCLEAR_SPEECH : 'Not scored';
  return level ? `${formatScore(score)} · ${capitalize(level)}` : formatScore(score);
}

/** The five skill categories as a bar chart (0–100), each with its level and what the score rests on. */
export function CategoryScores({ scores, rubricVersion }: { scores: CategoryScoreDto[]; rubricVersion: string }) {
  const bars = scores.map((s) => ({
    name: capitalize(s.category),
    // An unscored category keeps its row, with an empty bar and the words "Not scored".
    value: s.score ?? 0,
    caption: scoreCaption(s),
    color: s.level ? LEVEL_COLORS[s.level] : '#cbd5e1',
  }));
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box);
  const summary = scores.map((s) => `${capitalize(s.category)}: ${scoreCaption(s)}`).join('; ');

  return (
    <section aria-labelledby="skill-categories" className="space-y-4">
      <div>
        <h2 id="skill-categories" className="text-xl font-semibold text-slate-900">
          Skill categories
        </h2>
        <p className="text-sm text-slate-500">Scores from 0 to 100, computed with rubric {rubricVersion}.</p>
      </div>
      <div
        ref={box}
        data-testid="score-chart"
        role="img"
        aria-label={`Bar chart of the skill category scores. ${summary}`}
        className="rounded-xl border border-slate-200 bg-white p-4"
      >
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
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {scores.map((s) => (
          <li key={s.category} className="rounded-xl border border-slate-200 bg-white p-4" data-testid={`score-${s.category}`}>
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-medium text-slate-900">{capitalize(s.category)}</span>
              {s.score === null ? (
                <span className="text-sm font-medium text-slate-500">{scoreCaption(s)}</span>
              ) : (
                <span className="text-slate-700">
                  <span className="text-lg font-semibold text-slate-900">{formatScore(s.score)}</span>
                  <span className="sr-only"> out of 100</span>
                  {s.level && <span className="ml-2 text-sm">{capitalize(s.level)}</span>}
                </span>
              )}
            </div>
            <p className="mt-1 text-sm text-slate-500">{s.basis}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
