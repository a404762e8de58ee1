import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { GoalInput } from '@touchline/shared';
import { Repository } from 'typeorm';
import { GoalEntity } from './goal.entity';

/** The only code that reads or writes `coaching_goals`. Every call is scoped to the owner. */
@Injectable()
export class GoalsRepository {
  constructor(@InjectRepository(GoalEntity) private readonly goals: Repository<GoalEntity>) {}

  listByOwner(ownerId: string): Promise<GoalEntity[]> {
    return this.goals.find({ where: { ownerId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findOwned(ownerId: string, id: string): Promise<GoalEntity | null> {
    return this.goals.findOneBy({ id, ownerId });
  }

  /**
   * Adds a goal unless the owner already has `max`; answers null then. The owner's goals are counted under a
   * lock on the owner, so two requests at once cannot both add the last one allowed.
   */
  createWithinLimit(ownerId: string, input: GoalInput, max: number): Promise<GoalEntity | null> {
    return this.goals.manager.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('coaching_goals:' || $1))`, [ownerId]);
      const goals = tx.getRepository(GoalEntity);
      if ((await goals.countBy({ ownerId })) >= max) return null;
      return goals.save(goals.create({ ownerId, ...input }));
    });
  }

  /** Answers the updated goal, or null when the owner has no such goal. */
  async update(ownerId: string, id: string, input: GoalInput): Promise<GoalEntity | null> {
    const result = await this.goals.update({ id, ownerId }, input);
    return result.affected ? this.findOwned(ownerId, id) : null;
  }

  /** Answers whether the owner had such a goal. */
  async delete(ownerId: string, id: string): Promise<boolean> {
    const result = await this.goals.delete({ id, ownerId });
    return Boolean(result.affected);
  }
}
