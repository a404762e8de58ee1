import { ApiProperty } from '@nestjs/swagger';
import {
  COACHING_STYLES,
  SKILL_CATEGORIES,
  SKILL_LEVELS,
  TRANSCRIBERS,
  UTTERANCE_CODES,
  type CategoryScoreDto,
  type CategoryScores,
  type CoachingStyle,
  type CodedUtteranceDto,
  type OverviewDto,
  type SessionReportDto,
  type SkillCategory,
  type SkillLevel,
  type TalkMetricsDto,
  type TranscriberName,
  type UtteranceCode,
} from '@touchline/shared';
import { SessionResponse } from '../../sessions';

const seconds = { type: Number, minimum: 0, description: 'seconds' };
const score = { type: Number, nullable: true, minimum: 0, maximum: 100 };

export class TalkMetrics implements TalkMetricsDto {
  @ApiProperty(seconds) durationSeconds: number;
  @ApiProperty(seconds) talkSeconds: number;
  @ApiProperty({ type: Number, minimum: 0, maximum: 1, description: 'Share of the session the coach talks' }) talkRatio: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) interventions: number;
  @ApiProperty({ type: Number, minimum: 0 }) interventionsPerMinute: number;
  @ApiProperty(seconds) meanInterventionSeconds: number;
  @ApiProperty(seconds) medianInterventionSeconds: number;
  @ApiProperty(seconds) longestInterventionSeconds: number;
  @ApiProperty(seconds) longestSilenceSeconds: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Words per minute of talk; null without a transcript' }) speechRateWpm: number | null;
}

export class Span {
  @ApiProperty(seconds) start: number;
  @ApiProperty(seconds) end: number;
}

export class CodedUtterance extends Span implements CodedUtteranceDto {
  @ApiProperty() text: string;
  @ApiProperty({ enum: UTTERANCE_CODES, isArray: true }) codes: UtteranceCode[];
  @ApiProperty({
    required: false,
    description:
      "True when the recogniser was too unsure of the utterance's words for them to count as evidence for the scores (its confidence, through the rubric's calibration, expects more word errors than the rubric allows); absent when they count",
  })
  uncertain?: boolean;
}

export class CategoryScore implements CategoryScoreDto {
  @ApiProperty({ enum: SKILL_CATEGORIES }) category: SkillCategory;
  @ApiProperty(score) score: number | null;
  @ApiProperty({ enum: SKILL_LEVELS, type: String, nullable: true }) level: SkillLevel | null;
  @ApiProperty({ description: 'What the score rests on, or why there is none' }) basis: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    required: false,
    minimum: 0,
    maximum: 1,
    description: "The recogniser's mean word posterior behind the score; null when it rests on timing alone",
  })
  confidence?: number | null;
}

export class CodeCounts implements Record<UtteranceCode, number> {
  @ApiProperty({ type: 'integer', minimum: 0 }) instruction: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) questioning: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) praise: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) scold: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) management: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) 'first-name': number;
}

export class SessionReportResponse implements SessionReportDto {
  @ApiProperty({ type: SessionResponse }) session: SessionResponse;
  @ApiProperty({ type: TalkMetrics }) metrics: TalkMetrics;
  @ApiProperty({ type: [Span], description: "The coach's speech" }) segments: Span[];
  @ApiProperty({ enum: COACHING_STYLES }) coachingStyle: CoachingStyle;
  @ApiProperty({ type: [CategoryScore], description: 'One per skill category' }) scores: CategoryScore[];
  @ApiProperty({ enum: TRANSCRIBERS }) transcriber: TranscriberName;
  @ApiProperty({ type: [CodedUtterance], nullable: true, description: 'null when analysed without a transcriber' }) transcript: CodedUtterance[] | null;
  @ApiProperty({ type: CodeCounts, nullable: true }) codeCounts: CodeCounts | null;
  @ApiProperty() rubricVersion: string;
}

class Scores implements CategoryScores {
  @ApiProperty(score) technical: number | null;
  @ApiProperty(score) tactical: number | null;
  @ApiProperty(score) communication: number | null;
  @ApiProperty(score) management: number | null;
  @ApiProperty(score) engagement: number | null;
}

class Totals {
  @ApiProperty({ type: 'integer', minimum: 0 }) sessions: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) completed: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) inProgress: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) failed: number;
}

class Averages {
  @ApiProperty({ type: Number, nullable: true }) talkRatio: number | null;
  @ApiProperty({ type: Number, nullable: true }) interventionsPerMinute: number | null;
  @ApiProperty({ type: Scores }) scores: Scores;
}

class TrendPoint {
  @ApiProperty({ format: 'uuid' }) sessionId: string;
  @ApiProperty() title: string;
  @ApiProperty({ format: 'date-time' }) date: string;
  @ApiProperty({ type: Number, minimum: 0, maximum: 1 }) talkRatio: number;
  @ApiProperty({ enum: COACHING_STYLES }) coachingStyle: CoachingStyle;
  @ApiProperty({ type: Scores }) scores: Scores;
}

export class OverviewResponse implements OverviewDto {
  @ApiProperty({ type: Totals }) totals: Totals;
  @ApiProperty({ type: [SessionResponse], description: 'The newest sessions, whatever their status' }) latest: SessionResponse[];
  @ApiProperty({ type: Averages, description: 'Means over the completed sessions' }) averages: Averages;
  @ApiProperty({ type: [TrendPoint], description: 'The most recent completed sessions, oldest first' }) trend: TrendPoint[];
}
