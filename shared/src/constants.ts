/** Business constants and limits of docs/product-spec.md §9. */

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

export const LAYOUT = {
  /** Sidebar widths in Tailwind spacing units (1 unit = 0.25rem). */
  sidebarExpandedUnits: 72,
  sidebarCollapsedUnits: 20,
  mobileMenuCloseMs: 300,
} as const;

export const PASSWORD_MIN_LENGTH = 6;

export const QUERY_CACHE = {
  staleTimeMs: 2 * 60 * 1000,
  gcTimeMs: 10 * 60 * 1000,
} as const;

export const NOTIFICATIONS = {
  limit: 1,
  durationMs: 5000,
  removeDelayMs: 1_000_000,
  swipeThresholdPx: 50,
  swipeDirection: 'right',
  hotkey: ['F8'],
} as const;

export const TOOLTIPS = {
  openDelayMs: 700,
  skipDelayMs: 300,
} as const;

export const STORAGE_KEYS = {
  auth: 'auth-storage',
  pendingRegistration: 'pendingRegistration',
  redirectAfterLogin: 'redirectAfterLogin',
} as const;

export const COPYRIGHT_YEAR = 2025;
