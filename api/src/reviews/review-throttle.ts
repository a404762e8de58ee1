import { RateLimit, type RateLimitState, type ThrottleStore } from '../database';

const FAILURE_WINDOW_SECONDS = 15 * 60;
const COMMENT_WINDOW_SECONDS = 10 * 60;

/** Limits of the review links' open routes. */
export const REVIEW_THROTTLE = {
  /** Wrong tokens or passwords from one client address in 15 minutes, then it waits 15 minutes. */
  addressFailures: 20,
  /** Wrong passwords for one link from one client address in 15 minutes, then that address waits 15 minutes for it. */
  linkPasswordFailures: 10,
  /**
   * Wrong passwords for one link in 15 minutes, from all addresses together, after which every password check on the
   * link is slowed by `slowDownMs` (never refused): a guesser spread over many addresses cannot lock the reviewer out.
   */
  linkSlowDownAfter: 10,
  slowDownMs: 2000,
  /** An address that gave the link's right password is not slowed for this long. */
  trustedSeconds: 60 * 60,
  /** Comments through one link in 10 minutes. */
  linkComments: 30,
  /** Comments from one client address in 10 minutes. */
  addressComments: 60,
} as const;

/**
 * Brute-force and flood limits for review links. Wrong tokens and passwords are refused per client address, never
 * per link: the reviewer with the right password is at worst slowed down by someone else's guessing, not shut out.
 * Counts live in the shared `ThrottleStore` (PostgreSQL) like the sign-in throttle's, so guesses sent to any API
 * replica count together.
 */
export class ReviewThrottle {
  private readonly addressFailures: RateLimit;
  private readonly linkAddressFailures: RateLimit;
  private readonly linkFailures: RateLimit;
  private readonly trusted: RateLimit;
  private readonly linkComments: RateLimit;
  private readonly addressComments: RateLimit;

  constructor(store: ThrottleStore) {
    const limiter = (scope: string, points: number, durationSeconds: number, block: boolean) =>
      new RateLimit(store, { scope, points, durationSeconds, ...(block ? { blockSeconds: durationSeconds } : {}) });
    this.addressFailures = limiter('review-addr', REVIEW_THROTTLE.addressFailures, FAILURE_WINDOW_SECONDS, true);
    this.linkAddressFailures = limiter('review-link-addr', REVIEW_THROTTLE.linkPasswordFailures, FAILURE_WINDOW_SECONDS, true);
    this.linkFailures = limiter('review-link', Number.MAX_SAFE_INTEGER, FAILURE_WINDOW_SECONDS, false);
    this.trusted = limiter('review-trusted', Number.MAX_SAFE_INTEGER, REVIEW_THROTTLE.trustedSeconds, false);
    this.linkComments = limiter('review-comments-link', REVIEW_THROTTLE.linkComments, COMMENT_WINDOW_SECONDS, false);
    this.addressComments = limiter('review-comments-addr', REVIEW_THROTTLE.addressComments, COMMENT_WINDOW_SECONDS, false);
  }

  async addressBlocked(address: string): Promise<boolean> {
    return spent(await this.addressFailures.get(address));
  }

  /** True when this address has guessed this link's password too often lately. */
  async linkBlockedFor(linkId: string, address: string): Promise<boolean> {
    return spent(await this.linkAddressFailures.get(pair(linkId, address)));
  }

  /** How long to hold a password check on this link from this address before answering (0: at once). */
  async passwordDelayMs(linkId: string, address: string): Promise<number> {
    const [failures, trusted] = await Promise.all([this.linkFailures.get(linkId), this.trusted.get(pair(linkId, address))]);
    const underAttack = (failures?.consumedPoints ?? 0) >= REVIEW_THROTTLE.linkSlowDownAfter;
    return underAttack && !trusted ? REVIEW_THROTTLE.slowDownMs : 0;
  }

  /** A wrong token (no link) or a wrong password for `linkId`. */
  async recordFailure(address: string, linkId?: string): Promise<void> {
    await this.addressFailures.consume(address);
    if (!linkId) return;
    await this.linkAddressFailures.consume(pair(linkId, address));
    await this.linkFailures.consume(linkId);
  }

  /** The right password from this address: it is not slowed on this link for a while. */
  async recordPasswordSuccess(linkId: string, address: string): Promise<void> {
    await this.trusted.set(pair(linkId, address), 1, REVIEW_THROTTLE.trustedSeconds);
  }

  /** Counts a comment; false when the link or the address has written too many lately. */
  async allowComment(linkId: string, address: string): Promise<boolean> {
    const [link, client] = await Promise.all([this.linkComments.consume(linkId), this.addressComments.consume(address)]);
    return link && client;
  }
}

const pair = (linkId: string, address: string) => `${linkId}|${address}`;
const spent = (res: RateLimitState | null) => (res?.remainingPoints ?? 1) <= 0;
