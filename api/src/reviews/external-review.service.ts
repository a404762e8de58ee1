import { Inject, Injectable } from '@nestjs/common';
import { REVIEW_LIMITS, type ExternalReviewDto, type ReviewCommentDto } from '@touchline/shared';
import { AnalysesRepository, buildReport, externalReviewerView, SessionReports, storedAssessment, RUBRIC, type Rubric } from '../analysis';
import { Errors } from '../common';
import { AppConfig } from '../config';
import { MailService } from '../mail';
import { SessionsRepository } from '../sessions';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage';
import { UsersRepository } from '../users';
import type { CreateReviewCommentBody } from './dto/review-comment.dto';
import { ReviewAccessService } from './review-access.service';
import type { ReviewLinkWithSecrets } from './review-link.entity';
import { ReviewLinksRepository } from './review-links.repository';
import { mapReviewComment } from './review.mapper';

/** A session as its owner's repository answers it. */
type ReviewedSession = NonNullable<Awaited<ReturnType<SessionsRepository['findOwned']>>>;

/** The coach hears about new comments on a link at most once an hour. */
const NOTIFY_QUIET_MS = 60 * 60 * 1000;
const EXCERPT_LENGTH = 300;

/**
 * The reviewer's side. Every method takes the link `ReviewLinkGuard` checked and reads only that link's
 * session, through the link's owner, so nothing else of the coach's is reachable.
 */
@Injectable()
export class ExternalReviewService {
  constructor(
    private readonly config: AppConfig,
    private readonly access: ReviewAccessService,
    private readonly links: ReviewLinksRepository,
    private readonly sessions: SessionsRepository,
    private readonly analyses: AnalysesRepository,
    private readonly reports: SessionReports,
    private readonly users: UsersRepository,
    private readonly mail: MailService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  async view(link: ReviewLinkWithSecrets): Promise<ExternalReviewDto> {
    const session = await this.session(link);
    const analysis = await this.reports.analysisOf(session);
    if (!analysis) throw Errors.reviewUnavailable();
    await this.links.recordUse(link.id, new Date(), true);
    return buildReport(session, analysis, externalReviewerView(link));
  }

  async mediaUrl(link: ReviewLinkWithSecrets): Promise<{ url: string; expiresAt: string }> {
    if (!externalReviewerView(link).media) throw Errors.reviewMediaNotShared();
    const session = await this.session(link);
    if (!session.storageKey || !session.contentType) throw Errors.reviewUnavailable();
    const ttlSeconds = Math.min(REVIEW_LIMITS.mediaUrlSeconds, this.config.uploads.mediaUrlTtlSeconds);
    const url = await this.storage.downloadUrl(session.storageKey, { ttlSeconds, contentType: session.contentType });
    return { url, expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
  }

  /** The comments made through this link only: reviewers do not see each other, nor learn whom else the session was shared with. */
  async comments(link: ReviewLinkWithSecrets): Promise<ReviewCommentDto[]> {
    const view = externalReviewerView(link);
    const all = await this.links.listComments(link.sessionId);
    return all.filter((c) => c.linkId === link.id).map((c) => mapReviewComment(c, view.linkLabels ? c.linkLabel : null));
  }

  async addComment(link: ReviewLinkWithSecrets, address: string, body: CreateReviewCommentBody): Promise<ReviewCommentDto> {
    const session = await this.session(link);
    const analysis = await this.analyses.findBySession(session.id);
    if (!analysis) throw Errors.reviewUnavailable();
    let { startSeconds, endSeconds = null } = body;
    if (body.parentId) {
      const parent = await this.links.findComment(body.parentId, session.id);
      if (!parent || parent.linkId !== link.id) throw Errors.reviewParentNotFound();
      // A reply belongs to the moment of the comment it answers.
      ({ startSeconds, endSeconds } = parent);
    } else {
      const duration = storedAssessment(this.rubric, analysis).metrics.durationSeconds;
      if (startSeconds > duration || (endSeconds !== null && (endSeconds <= startSeconds || endSeconds > duration))) throw Errors.reviewCommentTime();
    }
    if (!(await this.access.throttle.allowComment(link.id, address))) throw Errors.tooManyReviewComments();
    const comment = await this.links.createComment({
      linkId: link.id,
      sessionId: session.id,
      parentId: body.parentId ?? null,
      authorName: body.authorName.trim(),
      body: body.body.trim(),
      startSeconds,
      endSeconds,
    });
    const now = new Date();
    await this.links.recordUse(link.id, now, false);
    if (await this.links.claimNotification(link.id, now, new Date(now.getTime() - NOTIFY_QUIET_MS))) {
      await this.notifyCoach(link, session, comment.authorName, comment.body);
    }
    return mapReviewComment(comment, externalReviewerView(link).linkLabels ? link.label : null);
  }

  private async session(link: ReviewLinkWithSecrets): Promise<ReviewedSession> {
    const session = await this.sessions.findOwned(link.sessionId, link.ownerId);
    if (!session || session.processingStatus !== 'completed') throw Errors.reviewUnavailable();
    return session;
  }

  private async notifyCoach(link: ReviewLinkWithSecrets, session: ReviewedSession, author: string, body: string): Promise<void> {
    const coach = await this.users.findById(link.ownerId);
    if (!coach) return;
    const excerpt = body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH)}…` : body;
    this.mail.sendInBackground({
      to: coach.email,
      subject: `New review of "${session.title}"`,
      text: [
        `Hello ${coach.username},`,
        '',
        `${author} left a comment on your session "${session.title}" through the review link "${link.label}":`,
        '',
        excerpt,
        '',
        `Read and resolve the comments on the report: ${this.config.publicUrl}/sessions/${session.id}`,
        '',
        'You hear from us at most once an hour per link while comments keep arriving.',
      ].join('\n'),
    });
  }
}
