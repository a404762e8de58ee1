import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { SessionsRepository } from '../sessions';
import { analysisFiguresSql, figuresOfRow, type AnalysisFigures, type StoredFiguresRow } from './analysis-figures';
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

  /** The figures of the given sessions' analyses (with their speech segments when asked), in no particular order. */
  async findFigures(sessionIds: string[], withSegments = false): Promise<AnalysisFigures[]> {
    if (sessionIds.length === 0) return [];
    return ((await this.db.query(analysisFiguresSql(withSegments), [sessionIds])) as StoredFiguresRow[]).map(figuresOfRow);
  }
}
