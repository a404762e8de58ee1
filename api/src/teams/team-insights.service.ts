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
import { AnalysesRepository, storedAssessment, RUBRIC, type Rubric, SessionReports, teamAdminView } from '../analysis';
import { Errors } from '../common';
import { assessmentOf, type DatedFigures, mean, meanScores, SessionFiguresRepository } from '../figures';
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

  /** Per-coach means and the team's weekly trend. */
  async comparison(
    members: { user: UserEntity; role: TeamCoachFiguresDto['role'] }[],
  ): Promise<{ coaches: TeamCoachFiguresDto[]; analysed: AnalysedSession[]; counts: Map<string, Partial<Record<ProcessingStatus, number>>> }> {
    const ids = members.map((m) => m.user.id);
    const [analysed, counts] = await Promise.all([this.analysed(ids), this.sessionCounts(ids)]);
    const coaches = members.map(({ user, role }) => {
      const own = analysed.filter((s) => s.ownerId === user.id);
      const count = counts.get(user.id) ?? {};
      return {
        userId: user.id,
        username: user.username,
        role,
        sessions: Object.values(count).reduce((a, b) => a + b, 0),
        completed: count.completed ?? 0,
        talkRatio: mean(own.map((s) => s.talkRatio)),
        questioningShare: mean(own.map((s) => s.questioningShare)),
        scores: meanScores(own),
        lastSessionAt: own.at(-1)?.date.toISOString() ?? null,
      };
    });
    return { coaches, analysed, counts };
  }
}
