import { createHash } from 'node:crypto';

/** One count: its points and when it ends (milliseconds since the epoch). */
export interface ThrottleCount {
  points: number;
  expiresAt: number;
}

/**
 * The counts behind every rate limit and sign-in wait, kept where every API process sees them (PostgreSQL's
 * `throttle_attempts`; `MemoryThrottleStore` in unit tests), so a try counts the same at whichever replica it
 * lands. A count lives under a key until it expires; an expired count reads as none. Every call takes the time
 * from its caller, so a throttle's clock (a test's fake one included) decides what has expired.
 */
export abstract class ThrottleStore {
  /**
   * Adds `points` to the live count under `key`, or starts a count of `points` that lives `windowMs` when there
   * is none (or it expired). With `slide`, every addition moves the end to `windowMs` from `now`, so the count is
   * forgotten `windowMs` after its last addition instead of its first. Atomic: two processes adding at once both count.
   */
  abstract add(key: string, points: number, windowMs: number, now: number, slide?: boolean): Promise<ThrottleCount>;
  /** The live count under `key`, or null. */
  abstract get(key: string, now: number): Promise<ThrottleCount | null>;
  /** Replaces the count under `key`. */
  abstract set(key: string, points: number, expiresAt: number): Promise<void>;
  abstract delete(...keys: string[]): Promise<void>;
  /** Deletes every count whose key starts with `prefix` (a key of `throttleKey` with fewer parts, and `:`). */
  abstract deleteUnder(prefix: string): Promise<void>;
  /** How many live counts have keys starting with `prefix`. */
  abstract countUnder(prefix: string, now: number): Promise<number>;
}

/**
 * The key of a count: the scope (which limit) in clear, then each part (an email, a client address, a link id)
 * as a short hash, so the table holds no email or address, and a key's length does not grow with its input.
 * `throttleKey(scope, a)` followed by `:` is the prefix of every `throttleKey(scope, a, b)`.
 */
export function throttleKey(scope: string, ...parts: string[]): string {
  return [scope, ...parts.map((part) => createHash('sha256').update(part).digest('base64url').slice(0, 22))].join(':');
}

/** What a limit answers about a subject: as rate-limiter-flexible's `RateLimiterRes`, which the throttles were written against. */
export interface RateLimitState {
  consumedPoints: number;
  remainingPoints: number;
  msBeforeNext: number;
}

export interface RateLimitOptions {
  /** Which limit: the first part of its keys. */
  scope: string;
  /** Points a subject may consume in one window. */
  points: number;
  durationSeconds: number;
  /** When set, the consumption that first goes over `points` makes the subject wait this long, counted from then. */
  blockSeconds?: number;
}

/**
 * A fixed-window limit on a `ThrottleStore`, with the rules of rate-limiter-flexible's `RateLimiterMemory` that the
 * throttles used when they lived in one process: a window starts at a subject's first consumption and lasts
 * `durationSeconds`; a consumption over `points` is refused (and, with `blockSeconds`, the first one over starts
 * a wait of that length); `reward` gives points back.
 */
export class RateLimit {
  constructor(
    private readonly store: ThrottleStore,
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get points(): number {
    return this.options.points;
  }

  /** Counts `points` for `subject`; false (refused) when that goes over the limit. */
  async consume(subject: string, points = 1): Promise<boolean> {
    const { points: limit, durationSeconds, blockSeconds } = this.options;
    const now = this.now();
    const count = await this.store.add(this.key(subject), points, durationSeconds * 1000, now);
    if (count.points <= limit) return true;
    // Only the consumption that first went over starts the wait: later tries do not lengthen it.
    if (blockSeconds && count.points <= limit + points) await this.store.set(this.key(subject), count.points, now + blockSeconds * 1000);
    return false;
  }

  async get(subject: string): Promise<RateLimitState | null> {
    const now = this.now();
    const count = await this.store.get(this.key(subject), now);
    return count && this.state(count, now);
  }

  /** Gives back `points` (a try that should not have counted). */
  async reward(subject: string, points = 1): Promise<void> {
    await this.store.add(this.key(subject), -points, this.options.durationSeconds * 1000, this.now());
  }

  /** Sets the subject's count outright, for `seconds`. */
  async set(subject: string, points: number, seconds: number): Promise<void> {
    await this.store.set(this.key(subject), points, this.now() + seconds * 1000);
  }

  private key(subject: string): string {
    return throttleKey(this.options.scope, subject);
  }

  private state(count: ThrottleCount, now: number): RateLimitState {
    return {
      consumedPoints: count.points,
      remainingPoints: Math.max(this.options.points - count.points, 0),
      msBeforeNext: Math.max(count.expiresAt - now, 0),
    };
  }
}
