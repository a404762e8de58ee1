import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type CreateReviewLinkBody as SharedCreateReviewLinkBody,
  type CreatedReviewLinkDto,
  type ReviewLinkDto,
} from '@touchline/shared';
import { IsBoolean, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

/** The body of `POST /api/sessions/:id/review-links`. */
@ApiSchema({ name: 'CreateReviewLinkDto' })
export class CreateReviewLinkBody implements SharedCreateReviewLinkBody {
  @ApiProperty({ minLength: 1, maxLength: REVIEW_LIMITS.labelMaxLength, pattern: '\\S', description: "Who the link is for, e.g. the reviewer's name" })
  @IsString({ message: REVIEW_MESSAGES.label })
  @Length(1, REVIEW_LIMITS.labelMaxLength, { message: REVIEW_MESSAGES.label })
  @Matches(/\S/, { message: REVIEW_MESSAGES.label })
  label: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: REVIEW_LIMITS.maxExpiryDays, default: REVIEW_LIMITS.defaultExpiryDays })
  @IsOptional()
  @IsInt({ message: REVIEW_MESSAGES.expiry })
  @Min(1, { message: REVIEW_MESSAGES.expiry })
  @Max(REVIEW_LIMITS.maxExpiryDays, { message: REVIEW_MESSAGES.expiry })
  expiresInDays?: number;

  @ApiPropertyOptional({ minLength: REVIEW_LIMITS.passwordMinLength, maxLength: REVIEW_LIMITS.passwordMaxLength })
  @IsOptional()
  @IsString({ message: REVIEW_MESSAGES.password })
  @Length(REVIEW_LIMITS.passwordMinLength, REVIEW_LIMITS.passwordMaxLength, { message: REVIEW_MESSAGES.password })
  password?: string;

  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean({ message: 'showMedia must be true or false' }) showMedia?: boolean;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean({ message: 'showTranscript must be true or false' }) showTranscript?: boolean;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean({ message: 'showScores must be true or false' }) showScores?: boolean;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean({ message: 'allowDownload must be true or false' }) allowDownload?: boolean;
}

export class ReviewLinkResponse implements ReviewLinkDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) sessionId: string;
  @ApiProperty() label: string;
  @ApiProperty() passwordProtected: boolean;
  @ApiProperty() showMedia: boolean;
  @ApiProperty() showTranscript: boolean;
  @ApiProperty() showScores: boolean;
  @ApiProperty() allowDownload: boolean;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) revokedAt: string | null;
  @ApiProperty({ type: 'integer', minimum: 0 }) views: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastUsedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class CreatedReviewLinkResponse implements CreatedReviewLinkDto {
  @ApiProperty({ type: ReviewLinkResponse }) link: ReviewLinkResponse;
  @ApiProperty({ description: 'The address to send the reviewer; shown only in this answer' }) url: string;
}
