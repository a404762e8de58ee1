import { FIGURE_INFO, type GoalComparison, type SessionFigure } from '@touchline/shared';
import { formatDecimal, formatDuration, NO_VALUE } from '@/lib/format';

/**
 * A figure as a coach reads it, on every screen that shows it (report, Compare, Development, goals): a share as a
 * percent, a length as `formatDuration` writes it, a rate per minute, a score. Its name is FIGURE_INFO's label.
 */
export function formatFigure(figure: SessionFigure, value: number | null): string {
  if (value === null) return NO_VALUE;
  switch (FIGURE_INFO[figure].unit) {
    case 'share':
      return `${Math.round(value * 1000) / 10}%`;
    case 'seconds':
      return formatDuration(value);
    case 'perMinute':
      return `${formatDecimal(value, 2)}/min`;
    case 'score':
      return String(Math.round(value * 10) / 10);
  }
}

/** The figure on a chart's scale: shares as percent, everything else as it is. */
export function chartValue(figure: SessionFigure, value: number | null): number | null {
  if (value === null) return null;
  return FIGURE_INFO[figure].unit === 'share' ? Math.round(value * 1000) / 10 : Math.round(value * 100) / 100;
}

/** What a coach types for a target (percent for a share) to the API's unit (0–1 for a share), and back. */
export function targetToApi(figure: SessionFigure, typed: number): number {
  return FIGURE_INFO[figure].unit === 'share' ? Math.round(typed * 10) / 1000 : typed;
}

export function targetFromApi(figure: SessionFigure, target: number): number {
  return FIGURE_INFO[figure].unit === 'share' ? Math.round(target * 1000) / 10 : target;
}

/** "Questioning ≥ 15%", "Longest intervention ≤ 20.0 s". */
export function describeGoal(goal: { figure: SessionFigure; comparison: GoalComparison; target: number }): string {
  return `${FIGURE_INFO[goal.figure].label} ${goal.comparison === 'atLeast' ? '≥' : '≤'} ${formatFigure(goal.figure, goal.target)}`;
}

/** The unit a coach types a target in, for the form's label. */
export function typedUnit(figure: SessionFigure): string {
  return { share: '%', seconds: 's', perMinute: 'per minute', score: 'points (0–100)' }[FIGURE_INFO[figure].unit];
}
