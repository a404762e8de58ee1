import type { CategoryScoreDto, CoachingStyle } from '@touchline/shared';
import type { TalkMetrics } from './pipeline/talk-metrics';

/** One analysis's figures as the database computes them from the stored report. */
export interface AnalysisFigures {
  id: string;
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
 * The figures of the given sessions' analyses, computed in one query over the stored reports: talk metrics
 * read from the metrics, code shares from the counts PostgreSQL keeps beside each transcript (`code_counts`),
 * scores without their explanations or confidence.
 */
export function analysisFiguresSql(withSegments: boolean): string {
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
