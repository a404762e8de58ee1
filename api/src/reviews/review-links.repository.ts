import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { ReviewCommentEntity } from './review-comment.entity';
import { ReviewLinkEntity, type ReviewLinkWithSecrets } from './review-link.entity';

export type NewReviewLink = Pick<
  ReviewLinkEntity,
  'sessionId' | 'ownerId' | 'label' | 'showMedia' | 'showTranscript' | 'showScores' | 'allowDownload' | 'expiresAt'
> & { tokenHash: Buffer; passwordHash: string | null };

export type NewReviewComment = Pick<ReviewCommentEntity, 'linkId' | 'sessionId' | 'parentId' | 'authorName' | 'body' | 'startSeconds' | 'endSeconds'>;

export type CommentWithLabel = ReviewCommentEntity & { linkLabel: string };

/** Owns `review_links` and `review_comments`. */
@Injectable()
export class ReviewLinksRepository {
  constructor(
    @InjectRepository(ReviewLinkEntity) private readonly links: Repository<ReviewLinkEntity>,
    @InjectRepository(ReviewCommentEntity) private readonly comments: Repository<ReviewCommentEntity>,
  ) {}

  async create(link: NewReviewLink): Promise<ReviewLinkEntity> {
    const saved = await this.links.save(this.links.create(link));
    return (await this.links.findOneBy({ id: saved.id }))!;
  }

  /** Links of a session that still work: neither revoked nor expired. */
  countOpen(sessionId: string, now: Date): Promise<number> {
    return this.links.countBy({ sessionId, revokedAt: IsNull(), expiresAt: MoreThan(now) });
  }

  listBySession(sessionId: string, ownerId: string): Promise<ReviewLinkEntity[]> {
    return this.links.find({ where: { sessionId, ownerId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The link whose token hashes to `tokenHash`, hashes included, for the caller to check in constant time. */
  findByTokenHash(tokenHash: Buffer): Promise<ReviewLinkWithSecrets | null> {
    return this.links
      .createQueryBuilder('l')
      .addSelect('l.tokenHash')
      .where('l.token_hash = :tokenHash', { tokenHash })
      .getOne() as Promise<ReviewLinkWithSecrets | null>;
  }

  /** Marks the link revoked (once); false when the coach has no such link on that session. */
  async revoke(id: string, sessionId: string, ownerId: string, now: Date): Promise<boolean> {
    const found = await this.links.findOneBy({ id, sessionId, ownerId });
    if (!found) return false;
    if (!found.revokedAt) await this.links.update({ id }, { revokedAt: now });
    return true;
  }

  async recordUse(id: string, now: Date, view: boolean): Promise<void> {
    await this.links.query(`UPDATE review_links SET views = views + $2, last_used_at = $3 WHERE id = $1`, [id, view ? 1 : 0, now]);
  }

  /** True for at most one caller per `quietSince` window: whoever gets to email the coach about new comments. */
  async claimNotification(id: string, now: Date, quietSince: Date): Promise<boolean> {
    const result = await this.links
      .createQueryBuilder()
      .update()
      .set({ notifiedAt: now })
      .where('id = :id AND (notified_at IS NULL OR notified_at < :quietSince)', { id, quietSince })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  createComment(comment: NewReviewComment): Promise<ReviewCommentEntity> {
    return this.comments.save(this.comments.create(comment));
  }

  findComment(id: string, sessionId: string): Promise<ReviewCommentEntity | null> {
    return this.comments.findOneBy({ id, sessionId });
  }

  /** Every comment on a session, in the order of the recording, with the label of the link it came through. */
  async listComments(sessionId: string): Promise<CommentWithLabel[]> {
    const [comments, links] = await Promise.all([
      this.comments.find({ where: { sessionId }, order: { startSeconds: 'ASC', createdAt: 'ASC' } }),
      this.links.find({ where: { sessionId }, select: { id: true, label: true } }),
    ]);
    const labels = new Map(links.map((l) => [l.id, l.label]));
    return comments.map((c) => Object.assign(c, { linkLabel: labels.get(c.linkId) ?? '' }));
  }

  async setResolved(id: string, sessionId: string, resolvedAt: Date | null): Promise<ReviewCommentEntity | null> {
    const result = await this.comments.update({ id, sessionId }, { resolvedAt });
    return result.affected ? this.findComment(id, sessionId) : null;
  }
}
