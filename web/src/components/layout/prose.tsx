import type { ReactNode } from 'react';

/** The classes of long-form text, for a block that sets its own content (the help pages' prerendered HTML). */
export const PROSE_CLASS =
  'max-w-3xl space-y-4 text-slate-700 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_ol>li]:list-decimal [&_strong]:font-semibold [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_a]:text-brand-700 [&_a]:underline';

/** Long-form text (terms, privacy, guides) with readable spacing. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className={PROSE_CLASS}>{children}</div>;
}
