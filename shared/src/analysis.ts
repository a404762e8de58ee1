import type { CoachingStyle, MediaType, ProcessingStatus, SkillCategory, SkillLevel } from './enums';
import type { CoachingSessionDto } from './sessions';

/**
 * How a session's speech is turned into text: not at all, offline with pocketsphinx, a club-hosted service, or
 * offline with Whisper (the sidecar on the same machine).
 */
export const TRANSCRIBERS = ['none', 'pocketsphinx', 'http', 'whisper'] as const;
export type TranscriberName = (typeof TRANSCRIBERS)[number];

/**
 * The codes given to the coach's utterances, after the systematic observation instruments of coach behaviour
 * (ASUOI, CAIS). An utterance may carry several (an instruction that uses a player's first name).
 */
export const UTTERANCE_CODES = ['instruction', 'questioning', 'praise', 'scold', 'management', 'first-name'] as const;
export type UtteranceCode = (typeof UTTERANCE_CODES)[number];

export const UTTERANCE_CODE_LABELS: Record<UtteranceCode, string> = {
  instruction: 'Instruction',
  questioning: 'Questioning',
  praise: 'Praise',
  scold: 'Scold',
  management: 'Management',
  'first-name': 'First name',
};

/** What the analysis measured about the coach's talk. */
export interface TalkMetricsDto {
  durationSeconds: number;
  talkSeconds: number;
  talkRatio: number;
  interventions: number;
  interventionsPerMinute: number;
  meanInterventionSeconds: number;
  medianInterventionSeconds: number;
  longestInterventionSeconds: number;
  longestSilenceSeconds: number;
  /** Words per minute of talk; null without a transcript. */
  speechRateWpm: number | null;
}

/** One utterance of the coach's, in seconds from the start of the recording, with its codes. */
export interface CodedUtteranceDto {
  start: number;
  end: number;
  text: string;
  codes: UtteranceCode[];
  /**
   * True when the recogniser was too unsure of this utterance's words for them to count: its confidence leads the
   * rubric's calibration to expect more word errors than the rubric allows, so its codes, cues and first names are
   * not evidence for the scores. Absent when the words count, and in reports written before utterances were judged.
   */
  uncertain?: boolean;
}

/** A skill category's score (0–100) and level; both null when the session gives nothing to judge it by. */
export interface CategoryScoreDto {
  category: SkillCategory;
  score: number | null;
  level: SkillLevel | null;
  /** What the score rests on, or why there is none, in words a coach reads. */
  basis: string;
  /**
   * How sure the recogniser was of the words the score rests on: the mean posterior probability of the
   * transcript's words (0–1). Null when the score rests on timing alone or the recogniser gives none; absent
   * in reports written before confidence was measured. A null score with a confidence was withheld as
   * unclear (UNCLEAR_SPEECH).
   */
  confidence?: number | null;
}

/** What a category shows instead of a number when the transcript it would rest on is too unclear. */
export const UNCLEAR_SPEECH = 'Not enough clear speech to score';

/** `GET /api/sessions/:id/report`. */
export interface SessionReportDto {
  session: CoachingSessionDto;
  metrics: TalkMetricsDto;
  /** The coach's speech, in seconds from the start of the recording. */
  segments: { start: number; end: number }[];
  coachingStyle: CoachingStyle;
  /** One per skill category, in the order of SKILL_CATEGORIES. */
  scores: CategoryScoreDto[];
  transcriber: TranscriberName;
  /** The coded utterances; null when the session was analysed without a transcriber. */
  transcript: CodedUtteranceDto[] | null;
  /** How many utterances carry each code; null without a transcript. */
  codeCounts: Record<UtteranceCode, number> | null;
  /** The version of the rubric the scores were computed with. */
  rubricVersion: string;
}

export type CategoryScores = Record<SkillCategory, number | null>;

/** `GET /api/sessions`: one page of the caller's sessions, newest first. */
export interface SessionPageDto {
  items: CoachingSessionDto[];
  total: number;
  page: number;
  pageSize: number;
}

/** The filters `GET /api/sessions` takes as query parameters. */
export interface SessionQuery {
  /** Words in the title or file name (case-insensitive). */
  search?: string;
  status?: ProcessingStatus;
  mediaType?: MediaType;
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

/** `maxPage` bounds the offset the database is asked for: 10,000 pages of 50 are far more sessions than a coach has. */
export const SESSION_PAGE = { defaultSize: 10, maxSize: 50, maxPage: 10_000 } as const;

/** `GET /api/dashboard/overview`: the caller's coaching at a glance. */
export interface OverviewDto {
  totals: { sessions: number; completed: number; inProgress: number; failed: number };
  /** The newest sessions, whatever their status. */
  latest: CoachingSessionDto[];
  /** Means over the completed sessions; null when there are none (or none with that score). */
  averages: { talkRatio: number | null; interventionsPerMinute: number | null; scores: CategoryScores };
  /** The most recent completed sessions, oldest first, for the trend chart. */
  trend: { sessionId: string; title: string; date: string; talkRatio: number; coachingStyle: CoachingStyle; scores: CategoryScores }[];
}

export const OVERVIEW = { latest: 5, trend: 12 } as const;
