import type { CategoryScoreDto, CodedUtteranceDto } from './analysis';
import { SKILL_CATEGORIES, type CoachingStyle, type SkillCategory, type SkillLevel } from './enums';
import type { CoachingSessionDto } from './sessions';

/** The figures of a session the Compare and Development dashboards show, and goals can be set on. */
export const SESSION_FIGURES = [
  'durationSeconds',
  'talkRatio',
  'interventionsPerMinute',
  'meanInterventionSeconds',
  'longestInterventionSeconds',
  'longestSilenceSeconds',
  'questioningShare',
  'instructionShare',
  'praiseShare',
  'scoldShare',
  ...SKILL_CATEGORIES,
] as const;
export type SessionFigure = (typeof SESSION_FIGURES)[number];

/** A session's figures; a share is null without a transcript, a score null when the session gives nothing to judge it by. */
export type SessionFigures = Record<SessionFigure, number | null>;

/** The codes whose share of the utterances the dashboards show. */
export const SHARE_CODES = {
  questioningShare: 'questioning',
  instructionShare: 'instruction',
  praiseShare: 'praise',
  scoldShare: 'scold',
} as const satisfies Record<string, CodedUtteranceDto['codes'][number]>;

/** How a figure is written: a share (0–1) as a percent, seconds, a rate, or a 0–100 score. */
export type FigureUnit = 'share' | 'seconds' | 'perMinute' | 'score';

export const FIGURE_INFO: Record<SessionFigure, { label: string; unit: FigureUnit }> = {
  durationSeconds: { label: 'Session length', unit: 'seconds' },
  talkRatio: { label: 'Talk ratio', unit: 'share' },
  interventionsPerMinute: { label: 'Interventions per minute', unit: 'perMinute' },
  meanInterventionSeconds: { label: 'Mean intervention', unit: 'seconds' },
  longestInterventionSeconds: { label: 'Longest intervention', unit: 'seconds' },
  longestSilenceSeconds: { label: 'Longest silence', unit: 'seconds' },
  questioningShare: { label: 'Questioning', unit: 'share' },
  instructionShare: { label: 'Instruction', unit: 'share' },
  praiseShare: { label: 'Praise', unit: 'share' },
  scoldShare: { label: 'Scold', unit: 'share' },
  technical: { label: 'Technical score', unit: 'score' },
  tactical: { label: 'Tactical score', unit: 'score' },
  communication: { label: 'Communication score', unit: 'score' },
  management: { label: 'Management score', unit: 'score' },
  engagement: { label: 'Engagement score', unit: 'score' },
};

/** Which way a figure gets better, from the rubric: up, down, towards its ideal band, or neither (session length). */
export type FigureDirection = 'higher' | 'lower' | 'ideal' | 'none';

/** Two to four sessions side by side. */
export const COMPARE = { min: 2, max: 4 } as const;

/** `GET /api/dashboard/compare?ids=a,b`: the chosen sessions in the order asked for. */
export interface CompareDto {
  sessions: {
    session: CoachingSessionDto;
    figures: SessionFigures;
    coachingStyle: CoachingStyle;
    scores: Pick<CategoryScoreDto, 'category' | 'score' | 'level'>[];
    /** The coach's speech, in seconds from the start of the recording. */
    segments: { start: number; end: number }[];
  }[];
  /** One per SESSION_FIGURE: which way it gets better and, per session, whether it is the best or worst of those compared. */
  rows: {
    figure: SessionFigure;
    direction: FigureDirection;
    /** The rubric's ideal band, for direction `ideal`. */
    ideal: [number, number] | null;
    /** Per session, in the order of `sessions`; null where it is neither, or the figures do not differ. */
    verdicts: ('best' | 'worst' | null)[];
  }[];
}

/** How many sessions the rolling average of the Development dashboard spans. */
export const ROLLING_WINDOW = 5;

/** A goal a coach sets on one figure of their sessions. */
export const GOAL_COMPARISONS = ['atLeast', 'atMost'] as const;
export type GoalComparison = (typeof GOAL_COMPARISONS)[number];

/** The figures a goal can be set on (not the session length: that is the session plan, not coaching). */
export const GOAL_FIGURES = SESSION_FIGURES.filter((f): f is Exclude<SessionFigure, 'durationSeconds'> => f !== 'durationSeconds');
export type GoalFigure = (typeof GOAL_FIGURES)[number];

/** The largest target of each unit: shares are 0–1, seconds up to the longest recording (4 h), scores 0–100. */
export const GOAL_TARGET_MAX: Record<FigureUnit, number> = { share: 1, seconds: 14_400, perMinute: 60, score: 100 };

/** A coach has at most this many goals at once. */
export const MAX_GOALS = 20;

export interface GoalInput {
  figure: GoalFigure;
  comparison: GoalComparison;
  /** In the figure's own unit: a share as 0–1, seconds, per minute, a 0–100 score. */
  target: number;
  /** A calendar day, YYYY-MM-DD. */
  targetDate: string;
}

export interface GoalDto extends GoalInput {
  id: string;
  createdAt: string;
  /** Where the goal stands: by the most recent analysed session. */
  progress: {
    /** met/not-met by the latest session with the figure; no-data before one exists. */
    status: 'met' | 'not-met' | 'no-data';
    latest: number | null;
    /** 0–1: how close the latest session came to the target (1 once it is met). */
    fraction: number | null;
    /** Sessions since the goal was set that met it, of those that had the figure. */
    metSinceSet: number;
    evaluatedSinceSet: number;
    /** Not met and the target date has passed. */
    overdue: boolean;
  };
}

export interface DevelopmentPointDto {
  sessionId: string;
  title: string;
  date: string;
  figures: SessionFigures;
  /** The mean of each figure over this session and up to ROLLING_WINDOW − 1 before it (those that have it). */
  rolling: SessionFigures;
  levels: Record<SkillCategory, SkillLevel | null>;
  /** Per goal, in the order of `goals`: met, not met, or null when the session lacks the figure. */
  goals: (boolean | null)[];
}

/** `GET /api/dashboard/development`: every analysed session of the caller's, oldest first, with goals and suggestions. */
export interface DevelopmentDto {
  points: DevelopmentPointDto[];
  /** Per category, the highest level reached and the first session that reached it; null before any score. */
  levelsReached: { category: SkillCategory; level: SkillLevel | null; sessionId: string | null; date: string | null }[];
  goals: GoalDto[];
  /** The rubric's guidance for the weakest category over the latest sessions; null without scores. */
  suggestions: { category: SkillCategory; score: number; guidance: string[] } | null;
}

export const GOAL_MESSAGES = {
  notFound: 'Goal not found',
  tooMany: `You can have at most ${MAX_GOALS} goals. Remove one before adding another.`,
  targetOutOfRange: (max: number) => `target must be a number from 0 to ${max} for this figure`,
} as const;

export const COMPARE_MESSAGES = {
  ids: `ids must be ${COMPARE.min} to ${COMPARE.max} different session ids, separated by commas`,
  notCompleted: 'Only analysed sessions can be compared.',
} as const;
