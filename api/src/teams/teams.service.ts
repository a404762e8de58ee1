import { Inject, Injectable } from '@nestjs/common';
import {
  TEAM_MESSAGES,
  TEAM_OVERVIEW,
  type EliteRole,
  type Plan,
  type TeamDto,
  type TeamMemberDto,
  type TeamOverviewDto,
  type TeamSessionPageDto,
  type TeamSessionQuery,
  type TeamSessionReportDto,
} from '@touchline/shared';
import { Errors } from '../common';
import { AppConfig } from '../config';
import { MailService } from '../mail';
import { EntitlementsService } from '../plans';
import { SessionsService } from '../sessions';
import { type UserEntity, UsersRepository } from '../users';
import { TeamInsights } from './team-insights.service';
import { TeamsRepository, type Membership } from '../team-data';

/** The caller's team and role, once the API has checked that the caller belongs to it. */
export interface TeamAccess {
  user: UserEntity;
  membership: Membership;
}

/**
 * Teams and their members. A user on plan Elite who belongs to no team founds one, as its Elite Admin, the first
 * time they open a team route (an installation admin's `set-plan`, a sign-up for Elite, or later a subscription gives
 * the plan; the team follows). Anyone else without a membership, and any member whose plan is no longer Elite, is
 * answered 404 on every team route, as is a plain Elite Coach on the admin routes.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly users: UsersRepository,
    private readonly entitlements: EntitlementsService,
    private readonly insights: TeamInsights,
    private readonly recordings: SessionsService,
    private readonly mail: MailService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Coaches a team may hold, the admins included. */
  seats(): number {
    return this.entitlements.plan('Elite').teamSeats ?? 1;
  }

  /** The caller's membership; founds the team of an Elite user who has none. 404 for everyone else. */
  async access(user: UserEntity): Promise<TeamAccess> {
    if (user.plan !== 'Elite') throw Errors.teamNotFound();
    let membership = await this.teams.membershipOf(user.id);
    if (!membership) {
      await this.teams.transaction(async (tx) => {
        if (!(await this.teams.createTeam(tx, `${user.username}’s team`.slice(0, 80), user.id))) return;
        await this.users.setPlanAndRole(tx, user.id, 'Elite', 'Elite Admin');
      });
      this.users.forgetCachedUsers();
      membership = await this.teams.membershipOf(user.id);
      if (!membership) throw Errors.teamNotFound();
    }
    return { user, membership };
  }

  /** As `access`, for the routes of the team's admins. */
  async adminAccess(user: UserEntity): Promise<TeamAccess> {
    const access = await this.access(user);
    if (access.membership.role !== 'Elite Admin') throw Errors.teamNotFound();
    return access;
  }

  async team({ membership }: TeamAccess): Promise<TeamDto> {
    return {
      id: membership.teamId,
      name: membership.teamName,
      seats: this.seats(),
      seatsUsed: await this.teams.seatsUsed(membership.teamId),
      role: membership.role,
      createdAt: membership.teamCreatedAt.toISOString(),
    };
  }

  async rename(access: TeamAccess, name: string): Promise<TeamDto> {
    await this.teams.rename(access.membership.teamId, name);
    return this.team({ ...access, membership: { ...access.membership, teamName: name } });
  }

  async members({ membership }: TeamAccess): Promise<TeamMemberDto[]> {
    const members = await this.teams.members(membership.teamId);
    const ids = members.map((m) => m.userId);
    const [users, counts, latest] = await Promise.all([this.users.findMany(ids), this.insights.sessionCounts(ids), this.insights.latestScores(ids)]);
    const byId = new Map(users.map((u) => [u.id, u]));
    return members.flatMap((m) => {
      const user = byId.get(m.userId);
      if (!user) return [];
      const sessions = Object.values(counts.get(m.userId) ?? {}).reduce((a, b) => a + b, 0);
      return [
        {
          userId: m.userId,
          username: user.username,
          email: user.email,
          role: m.role,
          joinedAt: m.joinedAt.toISOString(),
          sessions,
          latest: latest.get(m.userId) ?? null,
        },
      ];
    });
  }

  /** A member's new role; the last Elite Admin cannot step down. */
  async changeRole(access: TeamAccess, userId: string, role: EliteRole): Promise<TeamMemberDto> {
    const { teamId } = access.membership;
    let changed: string | null = null;
    await this.teams.withTeamLocked(teamId, async (tx) => {
      const member = await this.teams.member(tx, teamId, userId);
      if (!member) throw Errors.teamMemberNotFound();
      if (member.role === role) return;
      if (member.role === 'Elite Admin' && (await this.teams.adminCount(tx, teamId)) <= 1) throw Errors.lastAdmin();
      await this.teams.setRole(tx, teamId, userId, role);
      await this.users.setPlanAndRole(tx, userId, 'Elite', role);
      changed = TEAM_MESSAGES.roleNotice(access.membership.teamName, role);
      await this.users.setNotice(tx, userId, changed);
    });
    this.users.forgetCachedUsers();
    if (changed) await this.tell(userId, access.membership.teamName, changed);
    const member = (await this.members(access)).find((m) => m.userId === userId);
    if (!member) throw Errors.teamMemberNotFound();
    return member;
  }

  /**
   * Ends a membership. The coach keeps the account and their sessions, which leave the team's views, and gets back the
   * plan they had before joining, with the date it started (a Free Trial resumes with the days it had left, one that
   * had run out stays ended); a founder (who had Elite of their own) stays on Elite and founds a new team when
   * they next open one. The last Elite Admin cannot be removed.
   */
  async remove(access: TeamAccess, userId: string): Promise<void> {
    const { teamId, teamName } = access.membership;
    let notice = '';
    await this.teams.withTeamLocked(teamId, async (tx) => {
      const member = await this.teams.member(tx, teamId, userId);
      if (!member) throw Errors.teamMemberNotFound();
      if (member.role === 'Elite Admin' && (await this.teams.adminCount(tx, teamId)) <= 1) throw Errors.lastAdmin();
      await this.teams.removeMember(tx, teamId, userId);
      const plan: Plan = member.previousPlan ?? 'Elite';
      await this.users.setPlanAndRole(tx, userId, plan, plan === 'Elite' ? 'Elite Admin' : null, member.previousPlanStartedAt);
      notice = TEAM_MESSAGES.removedNotice(teamName, plan);
      await this.users.setNotice(tx, userId, notice);
    });
    this.users.forgetCachedUsers();
    await this.tell(userId, teamName, notice);
  }

  /**
   * Emails a coach what a team admin changed about their membership (in the background: the admin's change stands
   * whether or not the mail goes out; the notice waits for the coach's next visit either way).
   */
  private async tell(userId: string, teamName: string, notice: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) return;
    this.mail.sendInBackground({
      to: user.email,
      subject: TEAM_MESSAGES.membershipEmailSubject(teamName),
      text: `Hello ${user.username},\n\n${notice}\n\nSign in to Touchline to see it: ${this.config.publicUrl}/login\n`,
    });
  }

  /** The team's members as users, in the order they joined. */
  private async memberUsers(teamId: string): Promise<{ user: UserEntity; role: EliteRole }[]> {
    const members = await this.teams.members(teamId);
    const users = new Map((await this.users.findMany(members.map((m) => m.userId))).map((u) => [u.id, u]));
    return members.flatMap((m) => {
      const user = users.get(m.userId);
      return user ? [{ user, role: m.role }] : [];
    });
  }

  async sessions({ membership }: TeamAccess, query: TeamSessionQuery): Promise<TeamSessionPageDto> {
    return this.insights.page(
      (await this.memberUsers(membership.teamId)).map((m) => m.user),
      query,
    );
  }

  async sessionReport({ membership }: TeamAccess, sessionId: string): Promise<TeamSessionReportDto> {
    return this.insights.report(
      (await this.memberUsers(membership.teamId)).map((m) => m.user),
      sessionId,
    );
  }

  /** A short-lived URL of a member's recording, for the report's player (admin). */
  async sessionMedia({ membership }: TeamAccess, sessionId: string): Promise<{ url: string; expiresAt: string }> {
    const members = (await this.memberUsers(membership.teamId)).map((m) => m.user);
    return this.recordings.recordingUrl(await this.insights.memberSession(members, sessionId));
  }

  async overview(access: TeamAccess): Promise<TeamOverviewDto> {
    const { teamId } = access.membership;
    const [team, members, pendingInvitations] = await Promise.all([this.team(access), this.memberUsers(teamId), this.teams.pendingInvitationCount(teamId)]);
    const { coaches, averages, trend, counts } = await this.insights.comparison(members, TEAM_OVERVIEW.trendWeeks);
    const total = (...statuses: string[]) =>
      [...counts.values()].reduce((sum, c) => sum + Object.entries(c).reduce((s, [status, n]) => s + (statuses.includes(status) ? n : 0), 0), 0);
    return {
      team,
      totals: {
        members: members.length,
        pendingInvitations,
        sessions: total('pending', 'processing', 'completed', 'failed'),
        completed: total('completed'),
        inProgress: total('pending', 'processing'),
        failed: total('failed'),
      },
      averages,
      coaches,
      trend,
    };
  }
}
