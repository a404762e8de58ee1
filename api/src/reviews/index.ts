// The reviews module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { ExternalReviewResponse } from './dto/external-review.response';
export { ReviewCommentResponse } from './dto/review-comment.dto';
export { ReviewsModule } from './reviews.module';
