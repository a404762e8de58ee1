import { Inject, Injectable } from '@nestjs/common';
import { OVERVIEW, SKILL_CATEGORIES, type CategoryScores, type OverviewDto } from '@touchline/shared';
import { mapSession, SessionsRepository } from '../sessions';
import { RUBRIC, type Rubric } from '../analysis';
import { assessmentOf, mean, meanScores, SessionFiguresRepository } from '../figures';

/** The overview shows its means to 2 decimals. */
const PLACES = 2;

@Injectable()
export class OverviewService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly figures: SessionFiguresRepository,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  async of(ownerId: string): Promise<OverviewDto> {
    const [counts, analysed, latest] = await Promise.all([
      this.sessions.countByStatus(ownerId),
      this.figures.allByOwner(ownerId),
      this.sessions.latestByOwner(ownerId, OVERVIEW.latest),
    ]);
    const count = (...statuses: string[]) => counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + c.n, 0);
    // Newest first, each with its stored figures (as Development reads them).
    const completed = analysed.reverse().map((row) => {
      const assessed = assessmentOf(this.rubric, row);
      const scores = Object.fromEntries(SKILL_CATEGORIES.map((c) => [c, assessed.figures[c]])) as CategoryScores;
      return { row, assessed, scores };
    });
    return {
      totals: {
        sessions: counts.reduce((sum, c) => sum + c.n, 0),
        completed: count('completed'),
        inProgress: count('pending', 'processing'),
        failed: count('failed'),
      },
      latest: latest.map(mapSession),
      averages: {
        talkRatio: mean(
          completed.map((s) => s.row.talk_ratio),
          PLACES,
        ),
        interventionsPerMinute: mean(
          completed.map((s) => s.row.interventions_per_minute),
          PLACES,
        ),
        scores: meanScores(completed, PLACES),
      },
      trend: completed
        .slice(0, OVERVIEW.trend)
        .reverse()
        .map(({ row, assessed, scores }) => ({
          sessionId: row.id,
          title: row.title,
          date: new Date(row.created_at).toISOString(),
          talkRatio: row.talk_ratio,
          coachingStyle: assessed.coachingStyle,
          scores,
        })),
    };
  }
}
