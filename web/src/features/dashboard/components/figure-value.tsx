import { FIGURE_INFO, type SessionFigure } from '@touchline/shared';
import { MISSING_REASONS, NotScored } from '@/components/ui/not-scored';
import { formatFigure } from '@/lib/figure-format';

/**
 * A session's figure as `formatFigure` writes it; a missing one says so and why: a score the analysis did not
 * give, a share of utterances without a transcript. `mean` marks a mean over several sessions.
 */
export function FigureValue({ figure, value, mean = false }: { figure: SessionFigure; value: number | null; mean?: boolean }) {
  if (value !== null) return <>{formatFigure(figure, value)}</>;
  switch (FIGURE_INFO[figure].unit) {
    case 'score':
      return <NotScored reason={mean ? MISSING_REASONS.rolling : MISSING_REASONS.session} />;
    case 'share':
      return <NotScored label="Not measured" reason={mean ? MISSING_REASONS.rollingShare : MISSING_REASONS.share} />;
    default:
      // The timing figures exist for every analysed session.
      return <>{formatFigure(figure, value)}</>;
  }
}
