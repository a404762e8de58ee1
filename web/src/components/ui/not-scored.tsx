import { lazy, Suspense, useState, type ReactNode } from 'react';
import { formatScore } from '@/lib/format';

// The tooltip library (about 18 KB of gzip JavaScript) follows the page in a chunk of its own: the button, its
// reason for screen readers and a tap's open state work at once, and the tooltip shows once the chunk is in.
const ReasonTooltip = lazy(() => import('./reason-tooltip'));

/** Why a figure is missing, where the API gives no reason of its own: what is known for certain, never a guess. */
export const MISSING_REASONS = {
  average: 'No analysed session scored this category yet.',
  teamAverage: 'No analysed session of the team scored this category yet.',
  noAnalysedSession: 'None of this coach’s sessions has been analysed yet.',
  coachAverage: 'None of this coach’s analysed sessions scored this category yet.',
  week: 'No session analysed that week scored this category.',
  weekShare: 'No session analysed that week has a transcript, so no words could be counted.',
  session: 'The analysis gave this session no score in this category; the session’s report says why.',
  share: 'The session was analysed without a transcript, so its words could not be counted.',
  shareAverage: 'No analysed session with a transcript yet, so no words could be counted.',
  rollingShare: 'None of these sessions was analysed with a transcript, so no words could be counted.',
  rolling: 'None of these sessions was scored in this category.',
} as const;

/**
 * What a coach sees instead of a bare dash: "Not scored" (or `label`), with the reason on hover, on focus and on a
 * tap (a phone has no hover), and in the text screen readers read.
 */
export function NotScored({ reason, label = 'Not scored' }: { reason: string; label?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = (
    <button
      type="button"
      data-testid="not-scored"
      className="cursor-help text-sm font-medium text-slate-500 underline decoration-dotted underline-offset-2"
      // A tap opens the reason; the tooltip itself would close on the press that opened it.
      onPointerDown={(event) => event.preventDefault()}
      onClick={(event) => {
        event.preventDefault();
        setOpen(true);
      }}
    >
      {label}
      <span className="sr-only">: {reason}</span>
    </button>
  );
  return (
    <Suspense fallback={button}>
      <ReasonTooltip reason={reason} open={open} onOpenChange={setOpen}>
        {button}
      </ReasonTooltip>
    </Suspense>
  );
}

/** A 0–100 score as `formatScore` writes it, or "Not scored" with `reason`. */
export function Score({ score, reason }: { score: number | null; reason: string }) {
  return score === null ? <NotScored reason={reason} /> : <>{formatScore(score)}</>;
}
