import { ApiProperty } from '@nestjs/swagger';
import { COACHING_STYLES, MEDIA_TYPES, type CoachingStyle, type ExternalReviewDto, type MediaType } from '@touchline/shared';
import { CategoryScore, CodeCounts, CodedUtterance, Span, TalkMetrics } from '../../analysis';

class ReviewInfo {
  @ApiProperty() label: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty() showMedia: boolean;
  @ApiProperty() showTranscript: boolean;
  @ApiProperty() showScores: boolean;
  @ApiProperty() allowDownload: boolean;
}

class ReviewedSession {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: MEDIA_TYPES }) mediaType: MediaType;
  @ApiProperty({ format: 'date-time' }) recordedAt: string;
}

/** The report a reviewer reads: what the link's flags allow, nothing of the coach's account. */
export class ExternalReviewResponse implements ExternalReviewDto {
  @ApiProperty({ type: ReviewInfo }) review: ReviewInfo;
  @ApiProperty({ type: ReviewedSession }) session: ReviewedSession;
  @ApiProperty({ type: TalkMetrics }) metrics: TalkMetrics;
  @ApiProperty({ type: [Span] }) segments: Span[];
  @ApiProperty({ enum: COACHING_STYLES }) coachingStyle: CoachingStyle;
  @ApiProperty({ type: [CategoryScore], nullable: true, description: 'null when the coach keeps the scores to themselves' }) scores: CategoryScore[] | null;
  @ApiProperty({ type: [CodedUtterance], nullable: true, description: 'null when not shared or not transcribed' }) transcript: CodedUtterance[] | null;
  @ApiProperty({ type: CodeCounts, nullable: true }) codeCounts: CodeCounts | null;
}
