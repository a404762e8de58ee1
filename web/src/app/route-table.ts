import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Requirement } from './access';

type ScreenModule = { default: ComponentType };

/** A screen loaded on demand, with its loader: the first-load budget test finds each route's own module through it. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { load: () => Promise<ScreenModule> };

function lazy(load: () => Promise<ScreenModule>): LazyScreen {
  return Object.assign(reactLazy(load), { load });
}

export interface RouteEntry {
  path: string;
  /** The page's own name in the browser tab and history, before "· Touchline". */
  title: string;
  requirement: Requirement;
  Screen: LazyScreen;
}

/** Every screen of docs/product-spec.md §2 with its requirement from §6. All screens load on demand. */
export const routeTable: RouteEntry[] = [
  { path: paths.home, title: 'Home', requirement: 'public', Screen: lazy(() => import('@/features/marketing/routes/home')) },
  { path: paths.pricing, title: 'Pricing', requirement: 'public', Screen: lazy(() => import('@/features/marketing/routes/pricing')) },
  { path: paths.chatbot, title: 'AI Assistant', requirement: 'public', Screen: lazy(() => import('@/features/help/routes/chatbot')) },
  { path: paths.guides, title: 'Guides', requirement: 'public', Screen: lazy(() => import('@/features/help/routes/guides')) },
  { path: paths.guide, title: 'Guide', requirement: 'public', Screen: lazy(() => import('@/features/help/routes/guide')) },
  { path: paths.faq, title: 'FAQ', requirement: 'public', Screen: lazy(() => import('@/features/help/routes/faq')) },
  { path: paths.contact, title: 'Contact', requirement: 'public', Screen: lazy(() => import('@/features/help/routes/contact')) },
  { path: paths.demo, title: 'Demo', requirement: 'public', Screen: lazy(() => import('@/features/demo/routes/demo')) },
  { path: paths.terms, title: 'Terms & Conditions', requirement: 'public', Screen: lazy(() => import('@/features/legal/routes/terms')) },
  { path: paths.privacy, title: 'Privacy Policy', requirement: 'public', Screen: lazy(() => import('@/features/legal/routes/privacy')) },
  {
    path: paths.proExternalReviewDemo,
    title: 'Professional external review demo',
    requirement: 'public',
    Screen: lazy(() => import('@/features/external-review/routes/pro-external-review-demo')),
  },
  { path: paths.signup, title: 'Sign up', requirement: 'public', Screen: lazy(() => import('@/features/auth/routes/signup')) },
  { path: paths.login, title: 'Log in', requirement: 'public', Screen: lazy(() => import('@/features/auth/routes/login')) },
  { path: paths.resetPassword, title: 'Reset your password', requirement: 'public', Screen: lazy(() => import('@/features/auth/routes/reset-password')) },
  { path: paths.invite, title: 'Team invitation', requirement: 'public', Screen: lazy(() => import('@/features/auth/routes/invite')) },
  { path: paths.dashboard, title: 'Overview', requirement: 'login', Screen: lazy(() => import('./routes/overview')) },
  { path: paths.overview, title: 'Overview', requirement: 'login', Screen: lazy(() => import('./routes/overview')) },
  { path: paths.sessions, title: 'Sessions', requirement: 'login', Screen: lazy(() => import('@/features/dashboard/routes/sessions')) },
  { path: paths.compare, title: 'Compare', requirement: 'login', Screen: lazy(() => import('@/features/dashboard/routes/compare')) },
  { path: paths.development, title: 'Development', requirement: 'login', Screen: lazy(() => import('@/features/dashboard/routes/development')) },
  { path: paths.management, title: 'Coach Management', requirement: 'eliteAdmin', Screen: lazy(() => import('@/features/team/routes/management')) },
  { path: paths.teamSessions, title: 'Team Sessions', requirement: 'eliteAdmin', Screen: lazy(() => import('@/features/team/routes/team-sessions')) },
  {
    path: paths.teamSessionReport,
    title: 'Team session report',
    requirement: 'eliteAdmin',
    Screen: lazy(() => import('@/features/sessions/routes/team-session-report')),
  },
  { path: paths.upload, title: 'Upload a session', requirement: 'login', Screen: lazy(() => import('@/features/upload/routes/upload')) },
  { path: paths.profile, title: 'Profile', requirement: 'login', Screen: lazy(() => import('@/features/auth/routes/profile')) },
  { path: paths.subscription, title: 'Subscription', requirement: 'subscription', Screen: lazy(() => import('@/features/subscription/routes/subscription')) },
  { path: paths.sessionReport, title: 'Session report', requirement: 'login', Screen: lazy(() => import('@/features/sessions/routes/session-report')) },
  {
    path: paths.externalReview,
    title: 'External review',
    requirement: 'public',
    Screen: lazy(() => import('@/features/external-review/routes/external-review')),
  },
  { path: paths.notFound, title: 'Page not found', requirement: 'public', Screen: lazy(() => import('./routes/not-found')) },
  { path: '*', title: 'Page not found', requirement: 'public', Screen: lazy(() => import('./routes/not-found')) },
];

/**
 * Starts downloading the screen of the address the app opens on, so that it comes while the sign-in is checked
 * (the route renders only after that) rather than after it. The router's own lazy load then finds it loaded.
 */
export function preloadScreen(pathname: string): void {
  const entry = routeTable.find(({ path }) => path !== '*' && matchPath(path, pathname)) ?? routeTable.find(({ path }) => path === '*');
  void entry?.Screen.load().catch(() => undefined);
}
