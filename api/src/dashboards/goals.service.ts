import { Inject, Injectable } from '@nestjs/common';
import { MAX_GOALS, type GoalDto, type GoalInput } from '@touchline/shared';
import { RUBRIC, type Rubric } from '../analysis';
import { Errors } from '../common';
import type { UserEntity } from '../users';
import { assessmentOf, SessionFiguresRepository } from '../figures';
import { GoalsRepository } from './goals.repository';
import { mapGoal, utcToday, type DatedAssessment } from './goal.mapper';

/** A coach's goals: only their own, at most MAX_GOALS; another coach's goal is "not found". */
@Injectable()
export class GoalsService {
  constructor(
    private readonly goals: GoalsRepository,
    private readonly figures: SessionFiguresRepository,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  /** The owner's analysed sessions, oldest first, as goals are evaluated against them. */
  async sessionsOf(ownerId: string): Promise<DatedAssessment[]> {
    return (await this.figures.allByOwner(ownerId)).map((row) => ({ ...assessmentOf(this.rubric, row), date: new Date(row.created_at) }));
  }

  async list(user: UserEntity): Promise<GoalDto[]> {
    const [goals, sessions] = await Promise.all([this.goals.listByOwner(user.id), this.sessionsOf(user.id)]);
    const today = utcToday();
    return goals.map((goal) => mapGoal(goal, sessions, today));
  }

  async create(user: UserEntity, input: GoalInput): Promise<GoalDto> {
    const goal = await this.goals.createWithinLimit(user.id, input, MAX_GOALS);
    if (!goal) throw Errors.tooManyGoals();
    return mapGoal(goal, await this.sessionsOf(user.id), utcToday());
  }

  async update(user: UserEntity, id: string, input: GoalInput): Promise<GoalDto> {
    const goal = await this.goals.update(user.id, id, input);
    if (!goal) throw Errors.goalNotFound();
    return mapGoal(goal, await this.sessionsOf(user.id), utcToday());
  }

  async remove(user: UserEntity, id: string): Promise<void> {
    if (!(await this.goals.delete(user.id, id))) throw Errors.goalNotFound();
  }
}
