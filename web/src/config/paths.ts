/** Every route of docs/product-spec.md §2. */
export const paths = {
  home: '/',
  pricing: '/pricing',
  chatbot: '/help/chatbot',
  guides: '/help/guides',
  guide: '/help/guides/:slug',
  faq: '/help/faq',
  contact: '/help/contact',
  demo: '/demo',
  terms: '/terms',
  privacy: '/privacy',
  proExternalReviewDemo: '/pro-external-review-demo',
  signup: '/signup',
  login: '/login',
  resetPassword: '/reset-password',
  invite: '/invite',
  dashboard: '/dashboard',
  overview: '/dashboard/overview',
  sessions: '/dashboard/sessions',
  compare: '/dashboard/compare',
  development: '/dashboard/development',
  management: '/dashboard/management',
  teamSessions: '/dashboard/team-sessions',
  /** A team member's session report, read-only, for the team's admins. */
  teamSessionReport: '/dashboard/team-sessions/:id',
  upload: '/upload',
  profile: '/profile',
  subscription: '/subscription',
  sessionReport: '/sessions/:id',
  externalReview: '/external-review/:sessionId/:token',
  notFound: '/404',
} as const;

export const signupWithPlan = (plan: string) => `${paths.signup}?plan=${encodeURIComponent(plan)}`;
export const teamSessionReport = (sessionId: string) => `/dashboard/team-sessions/${encodeURIComponent(sessionId)}`;
/** A coach's own session report. */
export const sessionReport = (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}`;
