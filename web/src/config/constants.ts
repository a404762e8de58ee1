/** The web app's own constants of docs/product-spec.md §9; those the API also holds to are in shared/. */

export const LAYOUT = {
  /** Sidebar widths in Tailwind spacing units (1 unit = 0.25rem). */
  sidebarExpandedUnits: 72,
  sidebarCollapsedUnits: 20,
  mobileMenuCloseMs: 300,
} as const;

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
