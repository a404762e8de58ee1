import { SKILL_CATEGORIES, type CategoryScoreDto, type CoachingStyle, type SkillCategory } from '@touchline/shared';
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

/** The figures a team's views average: talk ratio, questioning share and the five scores. */
export type TeamFigure = 'talkRatio' | 'questioningShare' | SkillCategory;
export const TEAM_FIGURES: readonly TeamFigure[] = ['talkRatio', 'questioningShare', ...SKILL_CATEGORIES];

/** A group of analysed sessions (a coach's, or a week's): how many, the latest one, and each figure's sum and count where present. */
export interface FigureSums {
  group: 'owner' | 'week';
  /** The owner's id, or the week's Monday (UTC), YYYY-MM-DD. */
  key: string;
  sessions: number;
  /** The position (from 1) of the group's last session in the list summed. */
  last: number;
  sums: Record<TeamFigure, number>;
  counts: Record<TeamFigure, number>;
}

/**
 * The sums per owner and per week of the given analysed sessions' figures ($1 the sessions' ids, $2 their owners,
 * $3 their weeks), computed by PostgreSQL from the stored figures (each read once per analysis, the scores by
 * category name). Analyses from before the rubric, scored when read, are left out here (`legacyAnalysesSql` finds
 * them).
 */
export function figureSumsSql(): string {
  const sums = TEAM_FIGURES.map((f) => `sum(r."${f}") AS "sum_${f}", count(r."${f}")::int AS "n_${f}"`).join(', ');
  const figures = TEAM_FIGURES.map((f) => `"${f}" float8`).join(', ');
  return `
    WITH r AS (
      SELECT k.owner_id, k.week, k.i, f.*
        FROM unnest($1::uuid[], $2::text[], $3::text[]) WITH ORDINALITY AS k(session_id, owner_id, week, i)
        JOIN session_analyses a ON a.session_id = k.session_id
       CROSS JOIN LATERAL jsonb_to_record(a.figures) AS f(${figures})
       WHERE a.scores IS NOT NULL AND a.coaching_style IS NOT NULL AND a.rubric_version IS NOT NULL
    )
    SELECT 'owner' AS "group", r.owner_id AS "key", count(*)::int AS "sessions", max(r.i)::int AS "last", ${sums} FROM r GROUP BY r.owner_id
    UNION ALL
    SELECT 'week', r.week, count(*)::int, max(r.i)::int, ${sums} FROM r GROUP BY r.week`;
}

/** Which of the given sessions ($1) have an analysis from before the rubric (scored when read). */
export const legacyAnalysesSql = `
    SELECT a.session_id AS id FROM session_analyses a
     WHERE a.session_id = ANY($1::uuid[]) AND (a.scores IS NULL OR a.coaching_style IS NULL OR a.rubric_version IS NULL)`;

/** A row of `figureSumsSql` as sums. */
export function sumsOfRow(row: Record<string, unknown>): FigureSums {
  return {
    group: row.group as FigureSums['group'],
    key: row.key as string,
    sessions: row.sessions as number,
    last: row.last as number,
    sums: Object.fromEntries(TEAM_FIGURES.map((f) => [f, Number(row[`sum_${f}`] ?? 0)])) as Record<TeamFigure, number>,
    counts: Object.fromEntries(TEAM_FIGURES.map((f) => [f, row[`n_${f}`] as number])) as Record<TeamFigure, number>,
  };
}
