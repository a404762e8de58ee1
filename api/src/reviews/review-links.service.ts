import { Injectable } from '@nestjs/common';
import { REVIEW_LIMITS, type CreatedReviewLinkDto, type ReviewCommentDto, type ReviewLinkDto } from '@touchline/shared';
import { Errors, hashPassword } from '../common';
import { OWNER_VIEW } from '../analysis';
import { AppConfig } from '../config';
import { EntitlementsService } from '../plans';
import { SessionsService } from '../sessions';
import type { UserEntity } from '../users';
import type { CreateReviewLinkBody } from './dto/review-link.dto';
import { mapReviewComment, mapReviewLink } from './review.mapper';
import { ReviewLinksRepository } from './review-links.repository';
import { newReviewToken } from './review-token';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The coach's side of external review: make, list and revoke a session's links, read and resolve the comments.
 * Only making a link needs the plan; a coach who changes plan still sees, revokes and resolves what exists.
 */
@Injectable()
export class ReviewLinksService {
  constructor(
    private readonly config: AppConfig,
    private readonly sessions: SessionsService,
    private readonly links: ReviewLinksRepository,
    private readonly entitlements: EntitlementsService,
  ) {}

  async create(user: UserEntity, sessionId: string, body: CreateReviewLinkBody, now = new Date()): Promise<CreatedReviewLinkDto> {
    this.entitlements.assert(user, 'externalReview');
    const session = await this.sessions.get(user, sessionId);
    if (session.processingStatus !== 'completed') throw Errors.reportNotReady();
    if ((await this.links.countOpen(session.id, now)) >= REVIEW_LIMITS.maxLinksPerSession) throw Errors.tooManyReviewLinks();
    const { token, hash } = newReviewToken();
    const link = await this.links.create({
      sessionId: session.id,
      ownerId: user.id,
      tokenHash: hash,
      label: body.label.trim(),
      passwordHash: body.password ? await hashPassword(body.password) : null,
      showMedia: body.showMedia ?? true,
      showTranscript: body.showTranscript ?? true,
      showScores: body.showScores ?? true,
      allowDownload: body.allowDownload ?? false,
      expiresAt: new Date(now.getTime() + (body.expiresInDays ?? REVIEW_LIMITS.defaultExpiryDays) * DAY_MS),
    });
    return { link: mapReviewLink(link), url: `${this.config.publicUrl}/external-review/${session.id}/${token}` };
  }

  async list(user: UserEntity, sessionId: string): Promise<ReviewLinkDto[]> {
    const session = await this.sessions.get(user, sessionId);
    return (await this.links.listBySession(session.id, user.id)).map(mapReviewLink);
  }

  async revoke(user: UserEntity, sessionId: string, linkId: string, now = new Date()): Promise<void> {
    const session = await this.sessions.get(user, sessionId);
    if (!(await this.links.revoke(linkId, session.id, user.id, now))) throw Errors.reviewLinkNotFound();
  }

  async comments(user: UserEntity, sessionId: string): Promise<ReviewCommentDto[]> {
    const session = await this.sessions.get(user, sessionId);
    return (await this.links.listComments(session.id)).map((c) => mapReviewComment(c, OWNER_VIEW.linkLabels ? c.linkLabel : null));
  }

  async resolve(user: UserEntity, sessionId: string, commentId: string, resolved: boolean, now = new Date()): Promise<ReviewCommentDto> {
    const session = await this.sessions.get(user, sessionId);
    const comment = await this.links.setResolved(commentId, session.id, resolved ? now : null);
    if (!comment) throw Errors.reviewCommentNotFound();
    const label = (await this.links.listBySession(session.id, user.id)).find((l) => l.id === comment.linkId)?.label ?? null;
    return mapReviewComment(comment, OWNER_VIEW.linkLabels ? label : null);
  }
}
