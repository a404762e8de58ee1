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

/** One row of `analysisFiguresSql`: the figures PostgreSQL keeps beside the report (`figures`, see the FederationScale migration). */
export interface StoredFiguresRow {
  id: string;
  figures: {
    durationSeconds: number;
    talkRatio: number;
    interventionsPerMinute: number;
    meanInterventionSeconds: number;
    longestInterventionSeconds: number;
    longestSilenceSeconds: number;
    questioningShare: number | null;
    instructionShare: number | null;
    praiseShare: number | null;
    scoldShare: number | null;
    scores: Pick<CategoryScoreDto, 'category' | 'score' | 'level'>[] | null;
  };
  coaching_style: CoachingStyle | null;
  rubric_version: string | null;
  legacy_metrics: TalkMetrics | null;
  segments?: { start: number; end: number }[];
}

/**
 * The figures of the given sessions' analyses, in one query over what PostgreSQL keeps beside each stored report
 * (talk metrics, code shares from the coded transcript, scores without their explanations or confidence), read
 * whole, once per analysis, so no report is taken apart when it is read.
 */
export function analysisFiguresSql(withSegments: boolean): string {
  return `
    SELECT a.session_id AS id, a.figures, a.coaching_style, a.rubric_version,
           CASE WHEN a.scores IS NULL OR a.coaching_style IS NULL OR a.rubric_version IS NULL THEN a.metrics END AS legacy_metrics
           ${withSegments ? ', a.segments' : ''}
      FROM session_analyses a
     WHERE a.session_id = ANY($1::uuid[])`;
}

/** A row of `analysisFiguresSql` as the figures the dashboards read. */
export function figuresOfRow({ id, figures: f, coaching_style, rubric_version, legacy_metrics, segments }: StoredFiguresRow): AnalysisFigures {
  return {
    id,
    duration_seconds: f.durationSeconds,
    talk_ratio: f.talkRatio,
    interventions_per_minute: f.interventionsPerMinute,
    mean_intervention_seconds: f.meanInterventionSeconds,
    longest_intervention_seconds: f.longestInterventionSeconds,
    longest_silence_seconds: f.longestSilenceSeconds,
    questioning_share: f.questioningShare,
    instruction_share: f.instructionShare,
    praise_share: f.praiseShare,
    scold_share: f.scoldShare,
    coaching_style,
    scores: f.scores,
    rubric_version,
    legacy_metrics,
    ...(segments ? { segments } : {}),
  };
}
