import { RateLimiterMemory } from 'rate-limiter-flexible';

const FAILURE_WINDOW_SECONDS = 15 * 60;
const COMMENT_WINDOW_SECONDS = 10 * 60;

/** Limits of the review links' open routes. */
export const REVIEW_THROTTLE = {
  /** Wrong tokens or passwords from one client address in 15 minutes, then it waits 15 minutes. */
  addressFailures: 20,
  /** Wrong passwords for one link in 15 minutes, from any address, then the link waits 15 minutes. */
  linkPasswordFailures: 10,
  /** Comments through one link in 10 minutes. */
  linkComments: 30,
  /** Comments from one client address in 10 minutes. */
  addressComments: 60,
} as const;

/**
 * Brute-force and flood limits for review links. Counts live in memory like the sign-in throttle's: one API
 * process serves them, and a restart forgetting them lets a real reviewer back in.
 */
export class ReviewThrottle {
  private readonly addressFailures = limiter('review-addr', REVIEW_THROTTLE.addressFailures, FAILURE_WINDOW_SECONDS, true);
  private readonly linkFailures = limiter('review-link', REVIEW_THROTTLE.linkPasswordFailures, FAILURE_WINDOW_SECONDS, true);
  private readonly linkComments = limiter('review-comments-link', REVIEW_THROTTLE.linkComments, COMMENT_WINDOW_SECONDS, false);
  private readonly addressComments = limiter('review-comments-addr', REVIEW_THROTTLE.addressComments, COMMENT_WINDOW_SECONDS, false);

  async addressBlocked(address: string): Promise<boolean> {
    return spent(await this.addressFailures.get(address));
  }

  async linkBlocked(linkId: string): Promise<boolean> {
    return spent(await this.linkFailures.get(linkId));
  }

  async recordFailure(address: string, linkId?: string): Promise<void> {
    await this.addressFailures.consume(address).catch(() => undefined);
    if (linkId) await this.linkFailures.consume(linkId).catch(() => undefined);
  }

  /** Counts a comment; false when the link or the address has written too many lately. */
  async allowComment(linkId: string, address: string): Promise<boolean> {
    try {
      await Promise.all([this.linkComments.consume(linkId), this.addressComments.consume(address)]);
      return true;
    } catch {
      return false;
    }
  }
}

function limiter(keyPrefix: string, points: number, duration: number, block: boolean): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix, points, duration, ...(block ? { blockDuration: duration } : {}) });
}

const spent = (res: { remainingPoints: number } | null) => (res?.remainingPoints ?? 1) <= 0;
