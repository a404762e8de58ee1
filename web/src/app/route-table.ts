import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths } from '@/config/paths';
import type { Requirement } from './access';

export interface RouteEntry {
  path: string;
  requirement: Requirement;
  Screen: LazyExoticComponent<ComponentType>;
}

/** Every screen of spec §2 with its requirement from §6. All screens load on demand. */
export const routeTable: RouteEntry[] = [
  { path: paths.home, requirement: 'public', Screen: lazy(() => import('@/features/marketing/routes/home')) },
  { path: paths.pricing, requirement: 'public', Screen: lazy(() => import('@/features/marketing/routes/pricing')) },
  { path: paths.chatbot, requirement: 'public', Screen: lazy(() => import('@/features/help/routes/chatbot')) },
  { path: paths.guides, requirement: 'public', Screen: lazy(() => import('@/features/help/routes/guides')) },
  { path: paths.faq, requirement: 'public', Screen: lazy(() => import('@/features/help/routes/faq')) },
  { path: paths.contact, requirement: 'public', Screen: lazy(() => import('@/features/help/routes/contact')) },
  { path: paths.demo, requirement: 'public', Screen: lazy(() => import('@/features/demo/routes/demo')) },
  { path: paths.terms, requirement: 'public', Screen: lazy(() => import('@/features/legal/routes/terms')) },
  { path: paths.privacy, requirement: 'public', Screen: lazy(() => import('@/features/legal/routes/privacy')) },
  { path: paths.proExternalReviewDemo, requirement: 'public', Screen: lazy(() => import('@/features/external-review/routes/pro-external-review-demo')) },
  { path: paths.signup, requirement: 'public', Screen: lazy(() => import('@/features/auth/routes/signup')) },
  { path: paths.login, requirement: 'public', Screen: lazy(() => import('@/features/auth/routes/login')) },
  { path: paths.resetPassword, requirement: 'public', Screen: lazy(() => import('@/features/auth/routes/reset-password')) },
  { path: paths.invite, requirement: 'public', Screen: lazy(() => import('@/features/auth/routes/invite')) },
  { path: paths.dashboard, requirement: 'login', Screen: lazy(() => import('@/features/dashboard/routes/overview')) },
  { path: paths.overview, requirement: 'login', Screen: lazy(() => import('@/features/dashboard/routes/overview')) },
  { path: paths.sessions, requirement: 'login', Screen: lazy(() => import('@/features/dashboard/routes/sessions')) },
  { path: paths.compare, requirement: 'login', Screen: lazy(() => import('@/features/dashboard/routes/compare')) },
  { path: paths.development, requirement: 'login', Screen: lazy(() => import('@/features/dashboard/routes/development')) },
  { path: paths.management, requirement: 'eliteAdmin', Screen: lazy(() => import('@/features/dashboard/routes/management')) },
  { path: paths.teamSessions, requirement: 'eliteAdmin', Screen: lazy(() => import('@/features/dashboard/routes/team-sessions')) },
  { path: paths.upload, requirement: 'login', Screen: lazy(() => import('@/features/upload/routes/upload')) },
  { path: paths.profile, requirement: 'login', Screen: lazy(() => import('@/features/auth/routes/profile')) },
  { path: paths.subscription, requirement: 'subscription', Screen: lazy(() => import('@/features/subscription/routes/subscription')) },
  { path: paths.sessionReport, requirement: 'login', Screen: lazy(() => import('@/features/sessions/routes/session-report')) },
  { path: paths.externalReview, requirement: 'public', Screen: lazy(() => import('@/features/external-review/routes/external-review')) },
  { path: paths.notFound, requirement: 'public', Screen: lazy(() => import('./routes/not-found')) },
  { path: '*', requirement: 'public', Screen: lazy(() => import('./routes/not-found')) },
];
