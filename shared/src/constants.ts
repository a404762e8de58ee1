/**
 * Business constants and limits of docs/product-spec.md §9 that the API and the web app both hold to; the web
 * app's own (layout, caches, notifications, storage keys) are in web/src/config/constants.ts.
 */

const KB = 1024;
const MB = 1024 * KB;

export const UPLOAD = {
  /** Files up to this size go in one request; larger ones in resumable chunks. */
  resumableThresholdBytes: 256 * KB,
  /** The first chunk; it doubles after each successful chunk. */
  initialChunkBytes: 256 * KB,
  /** "Just under 32 MB". */
  maxChunkBytes: 32 * MB - 1,
  /** Retry waits double from this minimum. */
  minRetryDelayMs: 1000,
} as const;

export const PASSWORD_MIN_LENGTH = 6;
