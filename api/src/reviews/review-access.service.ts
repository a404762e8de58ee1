import { setTimeout } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { Errors, verifyPassword } from '../common';
import { ThrottleStore } from '../database';
import { EntitlementsService } from '../plans';
import { UsersRepository } from '../users';
import type { ReviewLinkWithSecrets } from './review-link.entity';
import { ReviewLinksRepository } from './review-links.repository';
import { hashReviewToken, REVIEW_TOKEN_PATTERN, sameDigest } from './review-token';
import { ReviewThrottle } from './review-throttle';

/** What a reviewer's request carries: the path's session id and token, the password header, the client address. */
export interface ReviewCredentials {
  sessionId: string;
  token: string;
  password: string | undefined;
  address: string;
}

/**
 * The one check every open review route runs: the token's digest and the session id in the path must both match
 * a link that is neither revoked nor expired, and a link's password is checked again on every request. Every
 * way of failing the link looks the same (404, one message), so a stranger learns nothing about the session;
 * wrong tokens and passwords count against the client address. Wrong passwords for one link from anywhere never
 * shut it: past a number they slow its password checks down for addresses that have not given the right one.
 */
@Injectable()
export class ReviewAccessService {
  readonly throttle: ReviewThrottle;

  constructor(
    private readonly links: ReviewLinksRepository,
    private readonly users: UsersRepository,
    private readonly entitlements: EntitlementsService,
    store: ThrottleStore,
  ) {
    this.throttle = new ReviewThrottle(store);
  }

  async authorize({ sessionId, token, password, address }: ReviewCredentials, now = new Date()): Promise<ReviewLinkWithSecrets> {
    if (await this.throttle.addressBlocked(address)) throw Errors.tooManyRequests();
    const link = await this.find(sessionId, token, now);
    if (!link) {
      await this.throttle.recordFailure(address);
      throw Errors.reviewUnavailable();
    }
    // A link rests while its coach's plan does not open external review (a lapsed subscription, a move to Free
    // Trial), and works again, until it expires, once the plan opens it. Not the reviewer's failure: not counted.
    const owner = await this.users.findById(link.ownerId);
    if (!owner || !this.entitlements.can(owner, 'externalReview')) throw Errors.reviewUnavailable();
    if (link.passwordHash) {
      if (await this.throttle.linkBlockedFor(link.id, address)) throw Errors.tooManyRequests();
      if (!password) throw Errors.reviewPasswordRequired();
      const delay = await this.throttle.passwordDelayMs(link.id, address);
      if (delay > 0) await setTimeout(delay);
      if (!(await verifyPassword(password, link.passwordHash))) {
        await this.throttle.recordFailure(address, link.id);
        throw Errors.reviewWrongPassword();
      }
      await this.throttle.recordPasswordSuccess(link.id, address);
    }
    return link;
  }

  private async find(sessionId: string, token: string, now: Date): Promise<ReviewLinkWithSecrets | null> {
    if (!isUUID(sessionId, 'all') || !REVIEW_TOKEN_PATTERN.test(token)) return null;
    const digest = hashReviewToken(token);
    const link = await this.links.findByTokenHash(digest);
    if (!link || !sameDigest(link.tokenHash, digest) || link.sessionId !== sessionId.toLowerCase()) return null;
    if (link.revokedAt || link.expiresAt.getTime() <= now.getTime()) return null;
    return link;
  }
}
