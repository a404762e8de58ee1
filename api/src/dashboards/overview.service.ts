import { Inject, Injectable } from '@nestjs/common';
import { OVERVIEW, SKILL_CATEGORIES, type CategoryScores, type OverviewDto } from '@touchline/shared';
import { mapSession, SessionsRepository } from '../sessions';
import { AnalysesRepository, storedAssessment, RUBRIC, type Rubric } from '../analysis';
import { mean, meanScores } from '../figures';

/** The overview shows its means to 2 decimals. */
const PLACES = 2;

@Injectable()
export class OverviewService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly analyses: AnalysesRepository,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  async of(ownerId: string): Promise<OverviewDto> {
    const counts = await this.sessions.countByStatus(ownerId);
    const count = (...statuses: string[]) => counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + c.n, 0);
    // Newest first; a session deleted between the two reads has lost its analysis too and is left out.
    const sessions = (await this.sessions.completedByOwner(ownerId)).reverse();
    const analyses = new Map((await this.analyses.findAssessments(sessions.map((s) => s.id))).map((a) => [a.sessionId, a]));
    const rows = sessions.flatMap((session) => {
      const analysis = analyses.get(session.id);
      return analysis ? [{ session, analysis }] : [];
    });
    const completed = rows.map((row) => {
      const assessed = storedAssessment(this.rubric, row.analysis);
      const scores = Object.fromEntries(SKILL_CATEGORIES.map((c) => [c, assessed.scores.find((s) => s.category === c)?.score ?? null])) as CategoryScores;
      return { row, assessed, scores };
    });
    return {
      totals: {
        sessions: counts.reduce((sum, c) => sum + c.n, 0),
        completed: count('completed'),
        inProgress: count('pending', 'processing'),
        failed: count('failed'),
      },
      latest: (await this.sessions.latestByOwner(ownerId, OVERVIEW.latest)).map(mapSession),
      averages: {
        talkRatio: mean(
          completed.map((s) => s.assessed.metrics.talkRatio),
          PLACES,
        ),
        interventionsPerMinute: mean(
          completed.map((s) => s.assessed.metrics.interventionsPerMinute),
          PLACES,
        ),
        scores: meanScores(completed, PLACES),
      },
      trend: completed
        .slice(0, OVERVIEW.trend)
        .reverse()
        .map(({ row, assessed, scores }) => ({
          sessionId: row.session.id,
          title: row.session.title,
          date: new Date(row.session.createdAt).toISOString(),
          talkRatio: assessed.metrics.talkRatio,
          coachingStyle: assessed.coachingStyle,
          scores,
        })),
    };
  }
}
