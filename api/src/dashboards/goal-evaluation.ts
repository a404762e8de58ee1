import type { GoalDto, GoalInput } from '@touchline/shared';
import { round } from '../common';

/** Whether a session's value meets a goal; null when the session does not have the figure (no transcript, no score). */
export function meetsGoal(goal: Pick<GoalInput, 'comparison' | 'target'>, value: number | null): boolean | null {
  if (value === null) return null;
  return goal.comparison === 'atLeast' ? value >= goal.target : value <= goal.target;
}

/** 0–1: how close a value comes to the target, 1 once it meets it. */
export function closeness(goal: Pick<GoalInput, 'comparison' | 'target'>, value: number): number {
  if (meetsGoal(goal, value)) return 1;
  // Not met: at least → value below a positive target; at most → value above the target (so value > 0).
  return round(goal.comparison === 'atLeast' ? Math.max(0, value) / goal.target : goal.target / value, 3);
}

export interface EvaluatedSession {
  date: Date;
  value: number | null;
}

/**
 * Where a goal stands after the given sessions (oldest first): the latest session with the figure decides
 * met or not; sessions on or after the day it was set count towards "since set". `today` is a YYYY-MM-DD day.
 */
export function goalProgress(
  goal: Pick<GoalInput, 'comparison' | 'target' | 'targetDate'> & { createdAt: Date },
  sessions: EvaluatedSession[],
  today: string,
): GoalDto['progress'] {
  const measured = sessions.filter((s): s is { date: Date; value: number } => s.value !== null);
  const latest = measured.at(-1)?.value ?? null;
  const since = measured.filter((s) => s.date >= goal.createdAt);
  const status = latest === null ? 'no-data' : meetsGoal(goal, latest) ? 'met' : 'not-met';
  return {
    status,
    latest,
    fraction: latest === null ? null : closeness(goal, latest),
    metSinceSet: since.filter((s) => meetsGoal(goal, s.value)).length,
    evaluatedSinceSet: since.length,
    overdue: status !== 'met' && today > goal.targetDate,
  };
}
