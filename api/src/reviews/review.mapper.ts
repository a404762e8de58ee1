import type { ReviewCommentDto, ReviewLinkDto } from '@touchline/shared';
import type { ReviewCommentEntity } from './review-comment.entity';
import type { ReviewLinkEntity } from './review-link.entity';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function mapReviewLink(link: ReviewLinkEntity): ReviewLinkDto {
  return {
    id: link.id,
    sessionId: link.sessionId,
    label: link.label,
    passwordProtected: link.passwordHash !== null,
    showMedia: link.showMedia,
    showTranscript: link.showTranscript,
    showScores: link.showScores,
    allowDownload: link.allowDownload,
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: iso(link.revokedAt),
    views: link.views,
    lastUsedAt: iso(link.lastUsedAt),
    createdAt: link.createdAt.toISOString(),
  };
}

/** `linkLabel` only for the coach: a reviewer does not learn who else the session was shared with. */
export function mapReviewComment(comment: ReviewCommentEntity, linkLabel: string | null): ReviewCommentDto {
  return {
    id: comment.id,
    parentId: comment.parentId,
    authorName: comment.authorName,
    body: comment.body,
    startSeconds: comment.startSeconds,
    endSeconds: comment.endSeconds,
    resolvedAt: iso(comment.resolvedAt),
    createdAt: comment.createdAt.toISOString(),
    linkLabel,
  };
}
