import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EliteRole, Plan, SignupPlan } from '@touchline/shared';
import { Repository } from 'typeorm';
import { isUniqueViolation } from '../database/postgres-errors';
import { returningRows } from '../database/returning-rows';
import { ASSIGN_PLAN_SQL, type AssignedPlan } from './plan-assignment';
import { UserCache } from './user-cache';
import { UserEntity } from './user.entity';

export interface NewUser {
  identityId: string;
  username: string;
  email: string;
  plan: Plan;
  eliteRole: EliteRole | null;
}

@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly cache: UserCache,
  ) {}

  findByIdentityId(identityId: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ identityId });
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** The user an authenticated request acts as; may be a few seconds old when changed by another process (see UserCache). */
  findForRequest(identityId: string): Promise<UserEntity | null> {
    return this.cache.get(identityId, () => this.findByIdentityId(identityId));
  }

  /** Drops every cached user, e.g. when another process announces a plan or role change. */
  forgetCachedUsers(): void {
    this.cache.clear();
  }

  /** Null when the identity or the email already has a user: the unique indexes decide, race-free. */
  async create(user: NewUser): Promise<UserEntity | null> {
    try {
      return await this.users.save(this.users.create(user));
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async updateSquad(user: UserEntity, names: string[]): Promise<UserEntity> {
    user.squad = names;
    return this.users.save(user);
  }

  /** The squad of a coach, for the analysis of their sessions; empty when the user is gone. */
  async squadOf(userId: string): Promise<string[]> {
    return (await this.users.findOne({ select: { id: true, squad: true }, where: { id: userId } }))?.squad ?? [];
  }

  async updateEmail(user: UserEntity, email: string): Promise<UserEntity> {
    user.email = email;
    return this.users.save(user);
  }

  /** Null when no user has this email. */
  async assignPlan(email: string, plan: SignupPlan, startedAt: Date | null = null): Promise<AssignedPlan | null> {
    const assigned = returningRows<AssignedPlan>(await this.users.query(ASSIGN_PLAN_SQL, [email, plan, startedAt]))[0] ?? null;
    // A raw query passes no TypeORM subscriber: forget the cached users here, so this process answers the new plan.
    this.cache.clear();
    return assigned;
  }
}
