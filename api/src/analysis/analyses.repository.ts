import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { SessionsRepository } from '../sessions';
import {
  analysisFiguresSql,
  figureSumsSql,
  figuresOfRow,
  legacyAnalysesSql,
  sumsOfRow,
  type AnalysisFigures,
  type FigureSums,
  type StoredFiguresRow,
} from './analysis-figures';
import { SessionAnalysisEntity } from './session-analysis.entity';

export type NewAnalysis = Omit<SessionAnalysisEntity, 'sessionId' | 'createdAt'>;
export type StoredAssessment = Pick<SessionAnalysisEntity, 'sessionId' | 'metrics' | 'coachingStyle' | 'scores' | 'rubricVersion'>;

/** The stored analyses; a result and its session's "completed" are written in one transaction. */
@Injectable()
export class AnalysesRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionsRepository,
  ) {}

  /** Stores the session's result (once, even when a rerun stores it again) and marks the session analysed. */
  async store(sessionId: string, analysis: NewAnalysis): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.getRepository(SessionAnalysisEntity).upsert({ sessionId, ...analysis }, ['sessionId']);
      await this.sessions.markAnalysed(sessionId, analysis.metrics.durationSeconds, tx);
    });
  }

  findBySession(sessionId: string): Promise<SessionAnalysisEntity | null> {
    return this.db.getRepository(SessionAnalysisEntity).findOneBy({ sessionId });
  }

  /** The assessments (without segments and transcript) of the given sessions, in no particular order. */
  async findAssessments(sessionIds: string[]): Promise<StoredAssessment[]> {
    if (sessionIds.length === 0) return [];
    return this.db.getRepository(SessionAnalysisEntity).find({
      select: { sessionId: true, metrics: true, coachingStyle: true, scores: true, rubricVersion: true },
      where: { sessionId: In(sessionIds) },
    });
  }

  /**
   * The given analysed sessions summed per owner and per week (a team's views), and the ids of those whose analysis
   * is from before the rubric, which the caller scores and adds: a team's thousands of analyses are summed where
   * they are kept rather than sent one by one.
   */
  async figureSums(sessions: { id: string; ownerId: string; week: string }[]): Promise<{ sums: FigureSums[]; legacyIds: string[] }> {
    if (sessions.length === 0) return { sums: [], legacyIds: [] };
    const ids = sessions.map((s) => s.id);
    const [sums, legacy] = await Promise.all([
      this.db.query(figureSumsSql(), [ids, sessions.map((s) => s.ownerId), sessions.map((s) => s.week)]) as Promise<Record<string, unknown>[]>,
      this.db.query(legacyAnalysesSql, [ids]) as Promise<{ id: string }[]>,
    ]);
    return { sums: sums.map(sumsOfRow), legacyIds: legacy.map((r) => r.id) };
  }

  /** The figures of the given sessions' analyses (with their speech segments when asked), in no particular order. */
  async findFigures(sessionIds: string[], withSegments = false): Promise<AnalysisFigures[]> {
    if (sessionIds.length === 0) return [];
    return ((await this.db.query(analysisFiguresSql(withSegments), [sessionIds])) as StoredFiguresRow[]).map(figuresOfRow);
  }
}
