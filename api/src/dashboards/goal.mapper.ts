import type { GoalDto } from '@touchline/shared';
import type { GoalEntity } from './goal.entity';
import { goalProgress } from './goal-evaluation';
import type { SessionAssessment } from '../figures';

export interface DatedAssessment extends SessionAssessment {
  date: Date;
}

/** A goal as the API answers it, with where it stands after the owner's analysed sessions (oldest first). */
export function mapGoal(goal: GoalEntity, sessions: DatedAssessment[], today: string): GoalDto {
  return {
    id: goal.id,
    figure: goal.figure,
    comparison: goal.comparison,
    target: goal.target,
    targetDate: goal.targetDate,
    createdAt: goal.createdAt.toISOString(),
    progress: goalProgress(
      goal,
      sessions.map((s) => ({ date: s.date, value: s.figures[goal.figure] })),
      today,
    ),
  };
}

/** Today's UTC calendar day, YYYY-MM-DD: goals' target dates are days. */
export const utcToday = (): string => new Date().toISOString().slice(0, 10);
