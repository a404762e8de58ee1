import { UNCLEAR_SPEECH, type CategoryScoreDto, type SkillLevel } from '@touchline/shared';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { capitalize, formatScore } from '@/lib/format';

const CategoryBars = lazy(() => import('./category-bars'));

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
        {/* The same height while the chart's chunk comes in, so nothing below it moves. */}
        <Suspense fallback={<div style={{ height: 56 * bars.length + 40 }} />}>
          <CategoryBars bars={bars} narrow={narrow} />
        </Suspense>
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
