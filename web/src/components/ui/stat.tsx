import { SKILL_CATEGORIES, type CategoryScores } from '@touchline/shared';
import type { ReactNode } from 'react';
import { capitalize } from '@/lib/format';
import { Score } from './not-scored';

/** One figure in a `<dl>` of figures: its label above, its value large (or why there is none). */
export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** Figures side by side: two to a row on a phone, `columns` on a wider screen. */
export function StatGrid({ label, columns = 4, children }: { label?: string; columns?: 3 | 4; children: ReactNode }) {
  return (
    <dl className={`grid grid-cols-2 gap-4 ${columns === 3 ? 'md:grid-cols-3' : 'md:grid-cols-4'}`} aria-label={label}>
      {children}
    </dl>
  );
}

/** How many sessions there are, and how many of them are analysed, being analysed and failed. */
export function SessionCountStats({ totals }: { totals: { sessions: number; completed: number; inProgress: number; failed: number } }) {
  return (
    <>
      <Stat label="Sessions" value={String(totals.sessions)} />
      <Stat label="Completed" value={String(totals.completed)} />
      <Stat label="In progress" value={String(totals.inProgress)} />
      <Stat label="Failed" value={String(totals.failed)} />
    </>
  );
}

/** The five category scores, each "Not scored" with `reason` when it is missing. */
export function ScoreStats({ scores, reason }: { scores: CategoryScores; reason: string }) {
  return SKILL_CATEGORIES.map((category) => <Stat key={category} label={capitalize(category)} value={<Score score={scores[category]} reason={reason} />} />);
}
