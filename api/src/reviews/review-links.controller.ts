import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { CreatedReviewLinkDto, ReviewCommentDto, ReviewLinkDto } from '@touchline/shared';
import { CurrentUser, RegisteredUserGuard } from '../auth';
import { ApiErrors, BODY_ERRORS, SIGNED_IN_ERRORS, Errors, uuidParam } from '../common';
import { sessionIdParam } from '../sessions';
import type { UserEntity } from '../users';
import { CreateReviewLinkBody, CreatedReviewLinkResponse, ReviewLinkResponse } from './dto/review-link.dto';
import { ReviewCommentResponse, UpdateReviewCommentBody } from './dto/review-comment.dto';
import { ReviewLinksService } from './review-links.service';

const linkId = uuidParam(Errors.reviewLinkNotFound);
const commentId = uuidParam(Errors.reviewCommentNotFound);

/** The coach's review links of a session and the comments that came through them. */
@ApiTags('external review')
@ApiBearerAuth()
@ApiErrors(...SIGNED_IN_ERRORS)
@ApiParam({ name: 'id', format: 'uuid' })
@UseGuards(RegisteredUserGuard)
@Controller('sessions/:id')
export class ReviewLinksController {
  constructor(private readonly reviews: ReviewLinksService) {}

  /** Makes a link for an outside reviewer (Pro and Elite); the answer carries its address, once. */
  @Post('review-links')
  @ApiCreatedResponse({ type: CreatedReviewLinkResponse })
  @ApiErrors(...BODY_ERRORS, 403, 409)
  create(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string, @Body() body: CreateReviewLinkBody): Promise<CreatedReviewLinkDto> {
    return this.reviews.create(user, id, body);
  }

  @Get('review-links')
  @ApiOkResponse({ type: [ReviewLinkResponse] })
  list(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string): Promise<ReviewLinkDto[]> {
    return this.reviews.list(user, id);
  }

  /** Revokes a link: it stops working at once; its comments stay on the report. */
  @Delete('review-links/:linkId')
  @HttpCode(204)
  @ApiParam({ name: 'linkId', format: 'uuid' })
  @ApiNoContentResponse({ description: 'The link no longer works' })
  async revoke(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string, @Param('linkId', linkId) link: string): Promise<void> {
    await this.reviews.revoke(user, id, link);
  }

  @Get('review-comments')
  @ApiOkResponse({ type: [ReviewCommentResponse] })
  comments(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string): Promise<ReviewCommentDto[]> {
    return this.reviews.comments(user, id);
  }

  /** Marks a comment resolved, or open again. */
  @Patch('review-comments/:commentId')
  @ApiParam({ name: 'commentId', format: 'uuid' })
  @ApiOkResponse({ type: ReviewCommentResponse })
  @ApiErrors(...BODY_ERRORS)
  resolve(
    @CurrentUser() user: UserEntity,
    @Param('id', sessionIdParam) id: string,
    @Param('commentId', commentId) comment: string,
    @Body() body: UpdateReviewCommentBody,
  ): Promise<ReviewCommentDto> {
    return this.reviews.resolve(user, id, comment, body.resolved);
  }
}
