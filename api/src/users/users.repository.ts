import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EliteRole, Plan, SignupPlan } from '@touchline/shared';
import { In, Repository, type EntityManager } from 'typeorm';
import { isUniqueViolation, returningRows } from '../database';
import { ASSIGN_PLAN_SQL, DECLINE_PLAN_REQUEST_SQL, PLAN_REQUESTS_SQL, type AssignedPlan, type PlanRequestRow } from './plan-assignment';
import { UserCache } from './user-cache';
import { UserEntity } from './user.entity';

export interface NewUser {
  identityId: string;
  username: string;
  email: string;
  plan: Plan;
  eliteRole: EliteRole | null;
  /** The plan asked for at sign-up when the account starts on another (billing off). */
  requestedPlan: SignupPlan | null;
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
    const { requestedPlan, ...rest } = user;
    try {
      return await this.users.save(this.users.create({ ...rest, requestedPlan, planRequestedAt: requestedPlan ? new Date() : null }));
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

  /**
   * Null when no user has this email. `source: 'billing'` marks a change the payment provider decided: when it moves
   * the last Elite Admin of a team with members off Elite, the team closes instead of the change being refused (see
   * migration TeamClosesWithSubscription1765300000000).
   *
   * The teams' rows follow the plan in the database, not here: the trigger `team_member_leaves_elite` on `users`
   * (migrations TeamMembershipFollowsPlan1764920000000 and TeamClosesWithSubscription1765300000000) runs in the
   * statement of every change of a user's plan (this one, `setPlanAndRole`, the admin command, SQL), with the team's
   * row locked. When the plan leaves Elite and the coach is in a team:
   * - the coach is its only member: the team is deleted (its memberships and invitations go with it, ON DELETE CASCADE);
   * - the coach is its last Elite Admin and others remain: the change is refused (SQLSTATE TL409, `isLastTeamAdmin`,
   *   answered 409), except for `source: 'billing'`, which deletes the other members' memberships, gives each of them
   *   back the plan they had before joining with its start (a Free Trial that has already ended when there was none),
   *   and deletes the team;
   * - otherwise: the coach's `team_members` row is deleted, and the seat is free at once.
   */
  async assignPlan(email: string, plan: SignupPlan, startedAt: Date | null = null, source: 'admin' | 'billing' = 'admin'): Promise<AssignedPlan | null> {
    const assigned = await this.users.manager.transaction(async (tx) => {
      if (source === 'billing') await tx.query(`SELECT set_config('touchline.plan_source', 'billing', true)`);
      return returningRows<AssignedPlan>(await tx.query(ASSIGN_PLAN_SQL, [email, plan, startedAt]))[0] ?? null;
    });
    // A raw query passes no TypeORM subscriber: forget the cached users here, so this process answers the new plan.
    this.cache.clear();
    return assigned;
  }

  /**
   * Sets a coach's plan and Elite role as a team membership decides them (joining, a role change, leaving), within
   * the caller's transaction. The users trigger announces the change to the coach's live stream; the cache is
   * cleared here and again by the caller once the transaction commits. A changed plan starts now, or at `startedAt`
   * when a plan held before is given back.
   */
  async setPlanAndRole(tx: EntityManager, userId: string, plan: Plan, eliteRole: EliteRole | null, startedAt: Date | null = null): Promise<void> {
    await tx.query(
      `UPDATE "users" SET
         "plan_started_at" = CASE WHEN "plan" IS DISTINCT FROM $2::varchar THEN COALESCE($4::timestamptz, now()) ELSE "plan_started_at" END,
         "updated_at" = CASE WHEN "plan" IS DISTINCT FROM $2::varchar OR "elite_role" IS DISTINCT FROM $3::varchar THEN now() ELSE "updated_at" END,
         "plan" = $2::varchar,
         "elite_role" = $3::varchar,
         "requested_plan" = NULL,
         "plan_requested_at" = NULL
       WHERE "id" = $1`,
      [userId, plan, eliteRole, startedAt],
    );
    this.cache.clear();
  }

  /** Pending sign-up plan requests, oldest first. */
  async planRequests(): Promise<PlanRequestRow[]> {
    return (await this.users.query(PLAN_REQUESTS_SQL)) as PlanRequestRow[];
  }

  /** Declines the pending request of the user with this email (any case); false when there was none. */
  async declinePlanRequest(email: string): Promise<boolean> {
    const declined = returningRows<{ email: string }>(await this.users.query(DECLINE_PLAN_REQUEST_SQL, [email]));
    this.cache.clear();
    return declined.length > 0;
  }

  /**
   * Moves a user onto a new identity at the provider (the old one is gone); null when the user changed meanwhile.
   * Their sessions, reports and team stay theirs: everything is keyed by the user's id, not the identity.
   */
  async relinkIdentity(user: UserEntity, identityId: string): Promise<UserEntity | null> {
    const moved = returningRows<{ id: string }>(
      await this.users.query(`UPDATE "users" SET "identity_id" = $2, "updated_at" = now() WHERE "id" = $1 AND "identity_id" = $3 RETURNING "id"`, [
        user.id,
        identityId,
        user.identityId,
      ]),
    );
    this.cache.clear();
    return moved.length ? this.findById(user.id) : null;
  }

  /** Leaves the coach a notice for their next visit, within the caller's transaction. */
  async setNotice(tx: EntityManager, userId: string, notice: string): Promise<void> {
    await tx.query(`UPDATE "users" SET "notice" = $2 WHERE "id" = $1`, [userId, notice.slice(0, 500)]);
    this.cache.clear();
  }

  /** The coach has read their notice. */
  async clearNotice(userId: string): Promise<UserEntity | null> {
    await this.users.update({ id: userId }, { notice: null });
    this.cache.clear();
    return this.findById(userId);
  }

  /** The user with this email, in any case. */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** The users among `ids`, in no particular order. */
  findMany(ids: string[]): Promise<UserEntity[]> {
    return ids.length ? this.users.findBy({ id: In(ids) }) : Promise.resolve([]);
  }
}
