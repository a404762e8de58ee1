import { ApiProperty } from '@nestjs/swagger';
import {
  COACHING_STYLES,
  COMPARE,
  GOAL_COMPARISONS,
  GOAL_FIGURES,
  SESSION_FIGURES,
  SKILL_CATEGORIES,
  SKILL_LEVELS,
  type CoachingStyle,
  type CompareDto,
  type DevelopmentDto,
  type DevelopmentPointDto,
  type FigureDirection,
  type GoalComparison,
  type GoalDto,
  type GoalFigure,
  type SessionFigure,
  type SessionFigures,
  type SkillCategory,
  type SkillLevel,
} from '@touchline/shared';
import { SessionResponse } from '../../sessions';

const FIGURE_DIRECTIONS: FigureDirection[] = ['higher', 'lower', 'ideal', 'none'];
const figure = { type: Number, nullable: true, description: "In the figure's unit; null when the session does not have it" };
const level = { enum: SKILL_LEVELS, type: String, nullable: true };

/** One number (or null) per SESSION_FIGURE. */
class Figures implements SessionFigures {
  @ApiProperty({ ...figure, minimum: 0, description: 'seconds' }) durationSeconds: number | null;
  @ApiProperty({ ...figure, minimum: 0, maximum: 1 }) talkRatio: number | null;
  @ApiProperty({ ...figure, minimum: 0 }) interventionsPerMinute: number | null;
  @ApiProperty({ ...figure, minimum: 0, description: 'seconds' }) meanInterventionSeconds: number | null;
  @ApiProperty({ ...figure, minimum: 0, description: 'seconds' }) longestInterventionSeconds: number | null;
  @ApiProperty({ ...figure, minimum: 0, description: 'seconds' }) longestSilenceSeconds: number | null;
  @ApiProperty({ ...figure, minimum: 0, maximum: 1, description: 'Share of the utterances; null without a transcript' }) questioningShare: number | null;
  @ApiProperty({ ...figure, minimum: 0, maximum: 1, description: 'Share of the utterances; null without a transcript' }) instructionShare: number | null;
  @ApiProperty({ ...figure, minimum: 0, maximum: 1, description: 'Share of the utterances; null without a transcript' }) praiseShare: number | null;
  @ApiProperty({ ...figure, minimum: 0, maximum: 1, description: 'Share of the utterances; null without a transcript' }) scoldShare: number | null;
  @ApiProperty({ ...figure, minimum: 0, maximum: 100 }) technical: number | null;
  @ApiProperty({ ...figure, minimum: 0, maximum: 100 }) tactical: number | null;
  @ApiProperty({ ...figure, minimum: 0, maximum: 100 }) communication: number | null;
  @ApiProperty({ ...figure, minimum: 0, maximum: 100 }) management: number | null;
  @ApiProperty({ ...figure, minimum: 0, maximum: 100 }) engagement: number | null;
}

class Levels implements Record<SkillCategory, SkillLevel | null> {
  @ApiProperty(level) technical: SkillLevel | null;
  @ApiProperty(level) tactical: SkillLevel | null;
  @ApiProperty(level) communication: SkillLevel | null;
  @ApiProperty(level) management: SkillLevel | null;
  @ApiProperty(level) engagement: SkillLevel | null;
}

class CompareScore {
  @ApiProperty({ enum: SKILL_CATEGORIES }) category: SkillCategory;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100 }) score: number | null;
  @ApiProperty(level) level: SkillLevel | null;
}

class Span {
  @ApiProperty({ type: Number, minimum: 0, description: 'seconds' }) start: number;
  @ApiProperty({ type: Number, minimum: 0, description: 'seconds' }) end: number;
}

class ComparedSession {
  @ApiProperty({ type: SessionResponse }) session: SessionResponse;
  @ApiProperty({ type: Figures }) figures: Figures;
  @ApiProperty({ enum: COACHING_STYLES }) coachingStyle: CoachingStyle;
  @ApiProperty({ type: [CompareScore], description: 'One per skill category' }) scores: CompareScore[];
  @ApiProperty({ type: [Span], description: "The coach's speech, in seconds from the start of the recording" }) segments: Span[];
}

class CompareRow {
  @ApiProperty({ enum: SESSION_FIGURES }) figure: SessionFigure;
  @ApiProperty({ enum: FIGURE_DIRECTIONS, description: 'Which way the figure gets better, by the rubric' }) direction: FigureDirection;

  @ApiProperty({ type: [Number], nullable: true, minItems: 2, maxItems: 2, description: "The rubric's ideal band [low, high], for direction `ideal`" })
  ideal: [number, number] | null;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: ['best', 'worst'], nullable: true },
    description: 'Per session, in the order of `sessions`; null where it is neither, or the figures do not differ',
  })
  verdicts: ('best' | 'worst' | null)[];
}

export class CompareResponse implements CompareDto {
  @ApiProperty({ type: [ComparedSession], minItems: COMPARE.min, maxItems: COMPARE.max, description: 'In the order asked for' }) sessions: ComparedSession[];
  @ApiProperty({ type: [CompareRow], description: 'One per figure' }) rows: CompareRow[];
}

class GoalProgress {
  @ApiProperty({ enum: ['met', 'not-met', 'no-data'], description: 'By the latest session with the figure; no-data before one exists' })
  status: 'met' | 'not-met' | 'no-data';

  @ApiProperty({ type: Number, nullable: true, description: "The latest session's figure" }) latest: number | null;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 1, description: 'How close the latest session came to the target (1 once met)' }) fraction:
    number | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Sessions since the goal was set that met it' }) metSinceSet: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Sessions since the goal was set that had the figure' }) evaluatedSinceSet: number;
  @ApiProperty({ description: 'Not met and the target date has passed' }) overdue: boolean;
}

export class GoalResponse implements GoalDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: GOAL_FIGURES }) figure: GoalFigure;
  @ApiProperty({ enum: GOAL_COMPARISONS }) comparison: GoalComparison;
  @ApiProperty({ type: Number, minimum: 0, description: "In the figure's unit" }) target: number;
  @ApiProperty({ format: 'date', example: '2026-12-31' }) targetDate: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: GoalProgress }) progress: GoalProgress;
}

class DevelopmentPoint implements DevelopmentPointDto {
  @ApiProperty({ format: 'uuid' }) sessionId: string;
  @ApiProperty() title: string;
  @ApiProperty({ format: 'date-time' }) date: string;
  @ApiProperty({ type: Figures }) figures: Figures;
  @ApiProperty({ type: Figures, description: 'The mean of each figure over this session and up to four before it' }) rolling: Figures;
  @ApiProperty({ type: Levels }) levels: Levels;

  @ApiProperty({
    type: 'array',
    items: { type: 'boolean', nullable: true },
    description: 'Per goal, in the order of `goals`: met, not met, or null without the figure',
  })
  goals: (boolean | null)[];
}

class LevelReached {
  @ApiProperty({ enum: SKILL_CATEGORIES }) category: SkillCategory;
  @ApiProperty(level) level: SkillLevel | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The first session that reached it' }) sessionId: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) date: string | null;
}

class Suggestions {
  @ApiProperty({ enum: SKILL_CATEGORIES, description: 'The weakest category over the latest sessions' }) category: SkillCategory;
  @ApiProperty({ type: Number, minimum: 0, maximum: 100 }) score: number;
  @ApiProperty({ type: [String], description: "The rubric's guidance for it" }) guidance: string[];
}

export class DevelopmentResponse implements DevelopmentDto {
  @ApiProperty({ type: [DevelopmentPoint], description: 'One per analysed session, oldest first' }) points: DevelopmentPoint[];
  @ApiProperty({ type: [LevelReached], description: 'One per skill category' }) levelsReached: LevelReached[];
  @ApiProperty({ type: [GoalResponse] }) goals: GoalResponse[];
  @ApiProperty({ type: Suggestions, nullable: true, description: 'null without scores' }) suggestions: Suggestions | null;
}
