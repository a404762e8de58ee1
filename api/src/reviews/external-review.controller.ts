import { Body, Controller, Get, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ExternalReviewDto, ReviewCommentDto } from '@touchline/shared';
import { ApiErrors, BODY_ERRORS, ClientAddress } from '../common';
import { MediaUrlResponse } from '../sessions';
import { CreateReviewCommentBody, ReviewCommentResponse } from './dto/review-comment.dto';
import { ExternalReviewResponse } from './dto/external-review.response';
import { ExternalReviewService } from './external-review.service';
import type { ReviewLinkWithSecrets } from './review-link.entity';
import { CurrentReviewLink, REVIEW_PASSWORD_HEADER, ReviewLinkGuard } from './review-link.guard';

/** The only routes a review link opens, each checked by `ReviewLinkGuard`; no sign-in. */
@ApiTags('external review')
@ApiParam({ name: 'sessionId', format: 'uuid' })
@ApiParam({ name: 'token', description: 'The link token (43 characters, base64url)', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } })
@ApiHeader({ name: REVIEW_PASSWORD_HEADER, required: false, description: "The link's password, URI-encoded, when it has one" })
@ApiErrors(401, 404, 429)
@UseGuards(ReviewLinkGuard)
@Controller('external-review/:sessionId/:token')
export class ExternalReviewController {
  constructor(private readonly reviews: ExternalReviewService) {}

  /** The session's report as the link's flags allow. */
  @Get()
  @ApiOkResponse({ type: ExternalReviewResponse })
  view(@CurrentReviewLink() link: ReviewLinkWithSecrets): Promise<ExternalReviewDto> {
    return this.reviews.view(link);
  }

  /** A short-lived URL of the recording, when the link shares it. */
  @Get('media')
  @ApiOkResponse({ type: MediaUrlResponse })
  @ApiErrors(403)
  media(@CurrentReviewLink() link: ReviewLinkWithSecrets): Promise<{ url: string; expiresAt: string }> {
    return this.reviews.mediaUrl(link);
  }

  /** The comments made through this link, in the order of the recording. */
  @Get('comments')
  @ApiOkResponse({ type: [ReviewCommentResponse] })
  comments(@CurrentReviewLink() link: ReviewLinkWithSecrets): Promise<ReviewCommentDto[]> {
    return this.reviews.comments(link);
  }

  /** Pins a comment to a moment of the recording, or replies to one. */
  @Post('comments')
  @ApiCreatedResponse({ type: ReviewCommentResponse })
  @ApiErrors(...BODY_ERRORS)
  comment(
    @CurrentReviewLink() link: ReviewLinkWithSecrets,
    @ClientAddress() address: string,
    @Body() body: CreateReviewCommentBody,
  ): Promise<ReviewCommentDto> {
    return this.reviews.addComment(link, address, body);
  }
}
