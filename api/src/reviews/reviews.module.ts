import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalysisModule } from '../analysis';
import { AuthModule } from '../auth';
import { PlansModule } from '../plans';
import { SessionsModule } from '../sessions';
import { UsersModule } from '../users';
import { ExternalReviewController } from './external-review.controller';
import { ExternalReviewService } from './external-review.service';
import { ReviewAccessService } from './review-access.service';
import { ReviewCommentEntity } from './review-comment.entity';
import { ReviewLinkEntity } from './review-link.entity';
import { ReviewLinkGuard } from './review-link.guard';
import { ReviewLinksController } from './review-links.controller';
import { ReviewLinksRepository } from './review-links.repository';
import { ReviewLinksService } from './review-links.service';

/** External review: share links for one session, and the timestamped comments reviewers leave through them. */
@Module({
  imports: [TypeOrmModule.forFeature([ReviewLinkEntity, ReviewCommentEntity]), SessionsModule, AnalysisModule, AuthModule, UsersModule, PlansModule],
  controllers: [ReviewLinksController, ExternalReviewController],
  providers: [ReviewLinksRepository, ReviewAccessService, ReviewLinkGuard, ReviewLinksService, ExternalReviewService],
})
export class ReviewsModule {}
