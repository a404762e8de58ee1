import type { CoachingStyle, MediaType } from './enums';
import type { CategoryScoreDto, CodedUtteranceDto, TalkMetricsDto, UtteranceCode } from './analysis';

export const REVIEW_LIMITS = {
  defaultExpiryDays: 14,
  maxExpiryDays: 90,
  labelMaxLength: 80,
  passwordMinLength: 6,
  passwordMaxLength: 128,
  authorNameMaxLength: 60,
  commentMaxLength: 2000,
  /** Open links per session, so a leaked session cannot be flooded with links. */
  maxLinksPerSession: 20,
  /**
   * Lifetime of the recording's URL a link hands out: the review page renews it while it is open, so a revoked or
   * resting link stops streaming within this time.
   */
  mediaUrlSeconds: 60,
} as const;

export const REVIEW_MESSAGES = {
  unavailable: 'This review link is no longer available.',
  passwordRequired: 'This review is protected. Please enter the password the coach gave you.',
  wrongPassword: 'Incorrect password. Please try again.',
  planRequired: 'Sharing a session for external review comes with the Pro and Elite plans.',
  tooManyLinks: `A session can have at most ${REVIEW_LIMITS.maxLinksPerSession} open review links. Please revoke one first.`,
  label: `Please give the link a label of 1 to ${REVIEW_LIMITS.labelMaxLength} characters, e.g. the reviewer's name.`,
  expiry: `A link lasts 1 to ${REVIEW_LIMITS.maxExpiryDays} days.`,
  password: `A password has ${REVIEW_LIMITS.passwordMinLength} to ${REVIEW_LIMITS.passwordMaxLength} characters.`,
  authorName: `Please enter your name (1 to ${REVIEW_LIMITS.authorNameMaxLength} characters).`,
  commentBody: `Please write a comment of 1 to ${REVIEW_LIMITS.commentMaxLength} characters.`,
  commentTime: 'A comment is pinned to a moment of the recording: a start, and an end after it, within the session.',
  parentNotFound: 'The comment you reply to no longer exists.',
  commentNotFound: 'Comment not found',
  linkNotFound: 'Review link not found',
  mediaNotShared: 'The coach has not shared the recording in this review.',
  tooManyComments: 'Too many comments in a short time. Please wait a few minutes and try again.',
} as const;

/** What a reviewer sees; the coach chooses per link. Download stays off unless the coach turns it on. */
export interface ReviewLinkFlags {
  showMedia: boolean;
  showTranscript: boolean;
  showScores: boolean;
  allowDownload: boolean;
}

/** `POST /api/sessions/:id/review-links`. */
export interface CreateReviewLinkBody extends Partial<ReviewLinkFlags> {
  label: string;
  /** Days until the link stops working; REVIEW_LIMITS.defaultExpiryDays when left out. */
  expiresInDays?: number;
  password?: string;
}

/** A review link as its coach sees it. The token itself is shown once, when the link is made. */
export interface ReviewLinkDto extends ReviewLinkFlags {
  id: string;
  sessionId: string;
  label: string;
  passwordProtected: boolean;
  expiresAt: string;
  revokedAt: string | null;
  views: number;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface CreatedReviewLinkDto {
  link: ReviewLinkDto;
  /** The address to send the reviewer; only this answer carries it. */
  url: string;
}

/** One timestamped comment (or a reply, with `parentId`). */
export interface ReviewCommentDto {
  id: string;
  parentId: string | null;
  authorName: string;
  body: string;
  startSeconds: number;
  endSeconds: number | null;
  resolvedAt: string | null;
  createdAt: string;
  /** The link's label, for the coach; null in the reviewer's view. */
  linkLabel: string | null;
}

/** `POST /api/external-review/:sessionId/:token/comments`. */
export interface CreateReviewCommentBody {
  authorName: string;
  body: string;
  startSeconds: number;
  endSeconds?: number;
  parentId?: string;
}

/** `GET /api/external-review/:sessionId/:token`: the report as the link's flags allow. */
export interface ExternalReviewDto {
  review: ReviewLinkFlags & { label: string; expiresAt: string };
  session: { id: string; title: string; mediaType: MediaType; recordedAt: string };
  metrics: TalkMetricsDto;
  segments: { start: number; end: number }[];
  coachingStyle: CoachingStyle;
  /** Null when the coach keeps the scores to themselves. */
  scores: CategoryScoreDto[] | null;
  /** Null when the coach keeps the transcript to themselves, or there is none. */
  transcript: CodedUtteranceDto[] | null;
  codeCounts: Record<UtteranceCode, number> | null;
}
