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
 * The figures of the given sessions' analyses, read in one query from what PostgreSQL keeps beside each stored
 * report (`figures`: talk metrics, code shares from the coded transcript, scores without their explanations or
 * confidence; see the FederationScale migration), so no report is taken apart when it is read.
 */
export function analysisFiguresSql(withSegments: boolean): string {
  return `
    SELECT a.session_id AS id,
           (a.figures->>'durationSeconds')::float8 AS duration_seconds,
           (a.figures->>'talkRatio')::float8 AS talk_ratio,
           (a.figures->>'interventionsPerMinute')::float8 AS interventions_per_minute,
           (a.figures->>'meanInterventionSeconds')::float8 AS mean_intervention_seconds,
           (a.figures->>'longestInterventionSeconds')::float8 AS longest_intervention_seconds,
           (a.figures->>'longestSilenceSeconds')::float8 AS longest_silence_seconds,
           (a.figures->>'questioningShare')::float8 AS questioning_share,
           (a.figures->>'instructionShare')::float8 AS instruction_share,
           (a.figures->>'praiseShare')::float8 AS praise_share,
           (a.figures->>'scoldShare')::float8 AS scold_share,
           a.coaching_style,
           nullif(a.figures->'scores', 'null'::jsonb) AS scores,
           a.rubric_version,
           CASE WHEN a.scores IS NULL OR a.coaching_style IS NULL OR a.rubric_version IS NULL THEN a.metrics END AS legacy_metrics
           ${withSegments ? ', a.segments' : ''}
      FROM session_analyses a
     WHERE a.session_id = ANY($1::uuid[])`;
}
