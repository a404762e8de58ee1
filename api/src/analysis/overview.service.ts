import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OVERVIEW, SKILL_CATEGORIES, type CategoryScores, type OverviewDto } from '@touchline/shared';
import { DataSource } from 'typeorm';
import { mapSession } from '../sessions/session.mapper';
import { SessionsRepository } from '../sessions/sessions.repository';
import { storedAssessment } from './coaching-report';
import { round } from './round';
import { RUBRIC, type Rubric } from './rubric';
import type { SessionAnalysisEntity } from './session-analysis.entity';

interface CompletedRow {
  id: string;
  title: string;
  created_at: Date;
  metrics: SessionAnalysisEntity['metrics'];
  coaching_style: SessionAnalysisEntity['coachingStyle'];
  scores: SessionAnalysisEntity['scores'];
  rubric_version: string | null;
}

const mean = (values: number[]) => (values.length ? round(values.reduce((a, b) => a + b, 0) / values.length, 2) : null);

@Injectable()
export class OverviewService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionsRepository,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  async of(ownerId: string): Promise<OverviewDto> {
    const counts = (await this.db.query(
      `SELECT processing_status AS status, count(*)::int AS n FROM coaching_sessions WHERE owner_id = $1 GROUP BY processing_status`,
      [ownerId],
    )) as { status: string; n: number }[];
    const count = (...statuses: string[]) => counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + c.n, 0);
    const rows = (await this.db.query(
      `SELECT s.id, s.title, s.created_at, a.metrics, a.coaching_style, a.scores, a.rubric_version
         FROM coaching_sessions s JOIN session_analyses a ON a.session_id = s.id
        WHERE s.owner_id = $1 AND s.processing_status = 'completed'
        ORDER BY s.created_at DESC, s.id DESC`,
      [ownerId],
    )) as CompletedRow[];
    const completed = rows.map((row) => {
      const assessed = storedAssessment(this.rubric, {
        metrics: row.metrics,
        coachingStyle: row.coaching_style,
        scores: row.scores,
        rubricVersion: row.rubric_version,
      });
      const scores = Object.fromEntries(SKILL_CATEGORIES.map((c) => [c, assessed.scores.find((s) => s.category === c)?.score ?? null])) as CategoryScores;
      return { row, assessed, scores };
    });
    const averageScores = Object.fromEntries(
      SKILL_CATEGORIES.map((c) => [c, mean(completed.map((s) => s.scores[c]).filter((v): v is number => v !== null))]),
    ) as CategoryScores;
    return {
      totals: { sessions: counts.reduce((sum, c) => sum + c.n, 0), completed: count('completed'), inProgress: count('pending', 'processing'), failed: count('failed') },
      latest: (await this.sessions.latestByOwner(ownerId, OVERVIEW.latest)).map(mapSession),
      averages: {
        talkRatio: mean(completed.map((s) => s.assessed.metrics.talkRatio)),
        interventionsPerMinute: mean(completed.map((s) => s.assessed.metrics.interventionsPerMinute)),
        scores: averageScores,
      },
      trend: completed
        .slice(0, OVERVIEW.trend)
        .reverse()
        .map(({ row, assessed, scores }) => ({
          sessionId: row.id,
          title: row.title,
          date: new Date(row.created_at).toISOString(),
          talkRatio: assessed.metrics.talkRatio,
          coachingStyle: assessed.coachingStyle,
          scores,
        })),
    };
  }
}
