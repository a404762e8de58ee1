import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CategoryScoreDto, CoachingStyle } from '@touchline/shared';
import { DataSource } from 'typeorm';
import type { TalkMetrics } from '../analysis/pipeline/talk-metrics';
import { SessionsRepository } from '../sessions/sessions.repository';

/** One analysed session's figures as the database computes them from the stored report. */
export interface FigureRow {
  id: string;
  title: string;
  created_at: Date;
  duration_seconds: number;
  talk_ratio: number;
  interventions_per_minute: number;
  mean_intervention_seconds: number;
  longest_intervention_seconds: number;
  longest_silence_seconds: number;
  /** Shares of the coded utterances; null without a transcript or with nothing said. */
  questioning_share: number | null;
  instruction_share: number | null;
  praise_share: number | null;
  scold_share: number | null;
  coaching_style: CoachingStyle | null;
  /** The stored scores without their wording; null for analyses from before the rubric, scored when read. */
  scores: Pick<CategoryScoreDto, 'category' | 'score' | 'level'>[] | null;
  rubric_version: string | null;
  /** The stored metrics, only for analyses from before the rubric (to score them). */
  legacy_metrics: TalkMetrics | null;
  segments?: { start: number; end: number }[];
}

/**
 * The figures of the owner's analysed sessions, computed in one query over the stored reports: talk metrics
 * read from the metrics, code shares from the counts PostgreSQL keeps beside each transcript (`code_counts`),
 * scores without their explanations or confidence.
 */
function figuresSql(withSegments: boolean): string {
  return `
    SELECT a.session_id AS id,
           (a.metrics->>'durationSeconds')::float8 AS duration_seconds,
           (a.metrics->>'talkRatio')::float8 AS talk_ratio,
           (a.metrics->>'interventionsPerMinute')::float8 AS interventions_per_minute,
           (a.metrics->>'meanInterventionSeconds')::float8 AS mean_intervention_seconds,
           (a.metrics->>'longestInterventionSeconds')::float8 AS longest_intervention_seconds,
           (a.metrics->>'longestSilenceSeconds')::float8 AS longest_silence_seconds,
           round((a.code_counts->>'questioning')::numeric / nullif((a.code_counts->>'utterances')::numeric, 0), 4)::float8 AS questioning_share,
           round((a.code_counts->>'instruction')::numeric / nullif((a.code_counts->>'utterances')::numeric, 0), 4)::float8 AS instruction_share,
           round((a.code_counts->>'praise')::numeric / nullif((a.code_counts->>'utterances')::numeric, 0), 4)::float8 AS praise_share,
           round((a.code_counts->>'scold')::numeric / nullif((a.code_counts->>'utterances')::numeric, 0), 4)::float8 AS scold_share,
           a.coaching_style,
           (SELECT jsonb_agg(e - 'basis' - 'confidence') FROM jsonb_array_elements(a.scores) e) AS scores,
           a.rubric_version,
           CASE WHEN a.scores IS NULL OR a.coaching_style IS NULL OR a.rubric_version IS NULL THEN a.metrics END AS legacy_metrics
           ${withSegments ? ', a.segments' : ''}
      FROM session_analyses a
     WHERE a.session_id = ANY($1::uuid[])`;
}

type AnalysisFigures = Omit<FigureRow, 'title' | 'created_at'>;

/**
 * Reads analysed sessions for the dashboards; it writes nothing. The sessions come from their own repository,
 * the figures from their analyses; a session deleted between the two reads has lost its analysis and is left out.
 */
@Injectable()
export class SessionFiguresRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionsRepository,
  ) {}

  /** Every analysed session of the owner's, oldest first. */
  allByOwner(ownerId: string): Promise<FigureRow[]> {
    return this.figuresOf(ownerId, undefined, false);
  }

  /** The owner's analysed sessions among `ids`, with their speech segments; others' and unfinished ones are absent. */
  someByOwner(ownerId: string, ids: string[]): Promise<FigureRow[]> {
    return this.figuresOf(ownerId, ids, true);
  }

  private async figuresOf(ownerId: string, ids: string[] | undefined, withSegments: boolean): Promise<FigureRow[]> {
    const sessions = await this.sessions.completedByOwner(ownerId, ids);
    if (sessions.length === 0) return [];
    const figures = (await this.db.query(figuresSql(withSegments), [sessions.map((s) => s.id)])) as AnalysisFigures[];
    const byId = new Map(figures.map((f) => [f.id, f]));
    return sessions.flatMap((s) => {
      const f = byId.get(s.id);
      return f ? [{ ...f, title: s.title, created_at: s.createdAt }] : [];
    });
  }
}
