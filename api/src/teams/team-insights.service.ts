import { Inject, Injectable } from '@nestjs/common';
import {
  SESSION_PAGE,
  SKILL_CATEGORIES,
  type CategoryScores,
  type ProcessingStatus,
  type TeamCoachFiguresDto,
  type TeamSessionPageDto,
  type TeamSessionQuery,
  type TeamSessionReportDto,
} from '@touchline/shared';
import {
  AnalysesRepository,
  type FigureSums,
  storedAssessment,
  RUBRIC,
  type Rubric,
  SessionReports,
  TEAM_FIGURES,
  type TeamFigure,
  teamAdminView,
} from '../analysis';
import { Errors, round } from '../common';
import { assessmentOf, type DatedFigures, SessionFiguresRepository } from '../figures';
import { mapSession, SessionsRepository } from '../sessions';
import type { UserEntity } from '../users';

type MemberSession = NonNullable<Awaited<ReturnType<SessionsRepository['findOwnedByAny']>>>;

export interface AnalysedSession extends DatedFigures {
  ownerId: string;
  sessionId: string;
}

const scoresOf = (scores: { category: string; score: number | null }[]): CategoryScores =>
  Object.fromEntries(SKILL_CATEGORIES.map((c) => [c, scores.find((s) => s.category === c)?.score ?? null])) as CategoryScores;

/**
 * What a team's admins read about its members' sessions. It reads through the sessions' and analyses' own
 * repositories and the figures module, always limited to the member ids the caller's team has.
 */
@Injectable()
export class TeamInsights {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly analyses: AnalysesRepository,
    private readonly figures: SessionFiguresRepository,
    private readonly reports: SessionReports,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  sessionCounts(memberIds: string[]): Promise<Map<string, Partial<Record<ProcessingStatus, number>>>> {
    return this.sessions.countByOwners(memberIds);
  }

  /** Every analysed session of each member (member by member, each oldest first), with the figures the team views compare. */
  async analysed(memberIds: string[]): Promise<AnalysedSession[]> {
    const perMember = new Map<string, AnalysedSession[]>(memberIds.map((id) => [id, []]));
    for (const row of await this.figures.allByOwners(memberIds)) {
      const { figures } = assessmentOf(this.rubric, row);
      perMember.get(row.owner_id)?.push({
        ownerId: row.owner_id,
        sessionId: row.id,
        date: new Date(row.created_at),
        talkRatio: figures.talkRatio,
        questioningShare: figures.questioningShare,
        scores: Object.fromEntries(SKILL_CATEGORIES.map((c) => [c, figures[c]])) as CategoryScores,
      });
    }
    return [...perMember.values()].flat();
  }

  /** Each member's most recent analysed session's scores. */
  async latestScores(memberIds: string[]): Promise<Map<string, { sessionId: string; date: string; scores: CategoryScores }>> {
    const latest = new Map<string, { sessionId: string; date: string; scores: CategoryScores }>();
    for (const s of await this.analysed(memberIds)) latest.set(s.ownerId, { sessionId: s.sessionId, date: s.date.toISOString(), scores: s.scores });
    return latest;
  }

  /** One page of the members' sessions, filtered as the sessions dashboard is, optionally to one coach. */
  async page(members: UserEntity[], query: TeamSessionQuery): Promise<TeamSessionPageDto> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? SESSION_PAGE.defaultSize;
    const owners = query.coachId ? members.filter((m) => m.id === query.coachId) : members;
    if (owners.length === 0) return { items: [], total: 0, page, pageSize };
    const [items, total] = await this.sessions.pageByOwners(
      owners.map((m) => m.id),
      query,
      page,
      pageSize,
    );
    const completed = items.filter((s) => s.processingStatus === 'completed').map((s) => s.id);
    const assessments = new Map((await this.analyses.findAssessments(completed)).map((a) => [a.sessionId, storedAssessment(this.rubric, a)]));
    const names = new Map(members.map((m) => [m.id, m.username]));
    return {
      items: items.map((session) => {
        const assessed = assessments.get(session.id);
        return {
          session: mapSession(session),
          coach: { userId: session.ownerId, username: names.get(session.ownerId) ?? '' },
          coachingStyle: assessed?.coachingStyle ?? null,
          scores: assessed ? scoresOf(assessed.scores) : null,
        };
      }),
      total,
      page,
      pageSize,
    };
  }

  /** A member's session report, read-only; 404 for a session of anyone outside the team. */
  /** A member's session, found among the given members' only: anyone else's is not found. */
  async memberSession(members: UserEntity[], sessionId: string): Promise<MemberSession> {
    const session = await this.sessions.findOwnedByAny(
      sessionId,
      members.map((m) => m.id),
    );
    if (!session) throw Errors.sessionNotFound();
    return session;
  }

  async report(members: UserEntity[], sessionId: string): Promise<TeamSessionReportDto> {
    const session = await this.memberSession(members, sessionId);
    const coach = members.find((m) => m.id === session.ownerId)!;
    return this.reports.build(session, teamAdminView({ userId: coach.id, username: coach.username }));
  }

  /**
   * Per-coach means, the team's means and its weekly trend over the last `weeks` weeks that have analysed sessions,
   * from sums PostgreSQL computes per coach and per week (analyses from before the rubric are scored here and added).
   * Each mean is taken over the sessions that have the figure, to 4 places, as `mean` takes it.
   */
  async comparison(
    members: { user: UserEntity; role: TeamCoachFiguresDto['role'] }[],
    weeks: number,
  ): Promise<{
    coaches: TeamCoachFiguresDto[];
    averages: Omit<TeamWeek, 'week' | 'sessions'>;
    trend: TeamWeek[];
    counts: Map<string, Partial<Record<ProcessingStatus, number>>>;
  }> {
    const ids = members.map((m) => m.user.id);
    const [sessions, counts] = await Promise.all([this.sessions.completedWeeksByOwners(ids), this.sessionCounts(ids)]);
    const { sums, legacyIds } = await this.analyses.figureSums(sessions);
    const byOwner = new Map<string, FigureSums>();
    const byWeek = new Map<string, FigureSums>();
    for (const group of sums) (group.group === 'owner' ? byOwner : byWeek).set(group.key, group);
    if (legacyIds.length) {
      const position = new Map(sessions.map((s, i) => [s.id, i]));
      for (const row of await this.analyses.findFigures(legacyIds)) {
        const i = position.get(row.id)!;
        const s = sessions[i]!;
        const { figures: values } = assessmentOf(this.rubric, { ...row, owner_id: s.ownerId, title: '', created_at: new Date(s.createdAt) });
        addTo(byOwner, 'owner', s.ownerId, i + 1, values);
        addTo(byWeek, 'week', s.week, i + 1, values);
      }
    }
    const coaches = members.map(({ user, role }) => {
      const own = byOwner.get(user.id);
      const count = counts.get(user.id) ?? {};
      return {
        userId: user.id,
        username: user.username,
        role,
        sessions: Object.values(count).reduce((a, b) => a + b, 0),
        completed: count.completed ?? 0,
        ...meansOf(own),
        lastSessionAt: own ? new Date(sessions[own.last - 1]!.createdAt).toISOString() : null,
      };
    });
    const team = [...byOwner.values()].reduce<FigureSums | undefined>((all, group) => (all ? merged(all, group) : group), undefined);
    const trend = [...byWeek.values()]
      .sort((a, b) => a.key.localeCompare(b.key))
      .slice(-weeks)
      .map((week) => ({ week: week.key, sessions: week.sessions, ...meansOf(week) }));
    return { coaches, averages: meansOf(team), trend, counts };
  }
}

/** A week of the team's trend. */
export interface TeamWeek {
  week: string;
  sessions: number;
  talkRatio: number | null;
  questioningShare: number | null;
  scores: CategoryScores;
}

const meanOf = (group: FigureSums | undefined, figure: TeamFigure): number | null =>
  group && group.counts[figure] ? round(group.sums[figure] / group.counts[figure], 4) : null;

function meansOf(group: FigureSums | undefined): Omit<TeamWeek, 'week' | 'sessions'> {
  return {
    talkRatio: meanOf(group, 'talkRatio'),
    questioningShare: meanOf(group, 'questioningShare'),
    scores: Object.fromEntries(SKILL_CATEGORIES.map((c) => [c, meanOf(group, c)])) as CategoryScores,
  };
}

function merged(a: FigureSums, b: FigureSums): FigureSums {
  return {
    ...a,
    sessions: a.sessions + b.sessions,
    last: Math.max(a.last, b.last),
    sums: Object.fromEntries(TEAM_FIGURES.map((f) => [f, a.sums[f] + b.sums[f]])) as Record<TeamFigure, number>,
    counts: Object.fromEntries(TEAM_FIGURES.map((f) => [f, a.counts[f] + b.counts[f]])) as Record<TeamFigure, number>,
  };
}

/** Adds one session's figures to its group's sums. */
function addTo(groups: Map<string, FigureSums>, group: FigureSums['group'], key: string, position: number, values: Record<TeamFigure, number | null>): void {
  const one: FigureSums = {
    group,
    key,
    sessions: 1,
    last: position,
    sums: Object.fromEntries(TEAM_FIGURES.map((f) => [f, values[f] ?? 0])) as Record<TeamFigure, number>,
    counts: Object.fromEntries(TEAM_FIGURES.map((f) => [f, values[f] === null ? 0 : 1])) as Record<TeamFigure, number>,
  };
  const existing = groups.get(key);
  groups.set(key, existing ? merged(existing, one) : one);
}
