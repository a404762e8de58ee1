import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { REVIEW_LIMITS, REVIEW_MESSAGES, type CreateReviewCommentBody as SharedCreateReviewCommentBody, type ReviewCommentDto } from '@touchline/shared';
import { IsBoolean, IsNumber, IsOptional, IsString, IsUUID, Length, Matches, Max, Min } from 'class-validator';

/** Longer than any recording the analysis takes (MAX_RECORDING_MINUTES tops out far below a day). */
const MAX_SECONDS = 86_400;

/** The body of `POST /api/external-review/:sessionId/:token/comments`. */
@ApiSchema({ name: 'CreateReviewCommentDto' })
export class CreateReviewCommentBody implements SharedCreateReviewCommentBody {
  @ApiProperty({ minLength: 1, maxLength: REVIEW_LIMITS.authorNameMaxLength, pattern: '\\S' })
  @IsString({ message: REVIEW_MESSAGES.authorName })
  @Length(1, REVIEW_LIMITS.authorNameMaxLength, { message: REVIEW_MESSAGES.authorName })
  @Matches(/\S/, { message: REVIEW_MESSAGES.authorName })
  authorName: string;

  @ApiProperty({ minLength: 1, maxLength: REVIEW_LIMITS.commentMaxLength, pattern: '\\S', description: 'Plain text; shown as text, never as markup' })
  @IsString({ message: REVIEW_MESSAGES.commentBody })
  @Length(1, REVIEW_LIMITS.commentMaxLength, { message: REVIEW_MESSAGES.commentBody })
  @Matches(/\S/, { message: REVIEW_MESSAGES.commentBody })
  body: string;

  @ApiProperty({ type: Number, minimum: 0, maximum: MAX_SECONDS, description: 'Seconds from the start of the recording' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: REVIEW_MESSAGES.commentTime })
  @Min(0, { message: REVIEW_MESSAGES.commentTime })
  @Max(MAX_SECONDS, { message: REVIEW_MESSAGES.commentTime })
  startSeconds: number;

  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: MAX_SECONDS, description: 'After startSeconds' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: REVIEW_MESSAGES.commentTime })
  @Min(0, { message: REVIEW_MESSAGES.commentTime })
  @Max(MAX_SECONDS, { message: REVIEW_MESSAGES.commentTime })
  endSeconds?: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'The comment this one replies to' })
  @IsOptional()
  @IsUUID('all', { message: REVIEW_MESSAGES.parentNotFound })
  parentId?: string;
}

/** The body of `PATCH /api/sessions/:id/review-comments/:commentId`. */
@ApiSchema({ name: 'UpdateReviewCommentDto' })
export class UpdateReviewCommentBody {
  @ApiProperty() @IsBoolean({ message: 'resolved must be true or false' }) resolved: boolean;
}

export class ReviewCommentResponse implements ReviewCommentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) parentId: string | null;
  @ApiProperty() authorName: string;
  @ApiProperty() body: string;
  @ApiProperty({ type: Number, minimum: 0 }) startSeconds: number;
  @ApiProperty({ type: Number, nullable: true }) endSeconds: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) resolvedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, description: "The link's label; null in the reviewer's view" }) linkLabel: string | null;
}
