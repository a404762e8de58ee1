import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '@/test/render-app';

const heading = () => screen.findByRole('heading', { level: 1 });

// docs/product-spec.md §6: every route that needs a login, with a concrete path.
const protectedPaths = [
  '/dashboard',
  '/dashboard/overview',
  '/dashboard/sessions',
  '/dashboard/compare',
  '/dashboard/development',
  '/dashboard/management',
  '/dashboard/team-sessions',
  '/upload',
  '/profile',
  '/subscription',
  '/sessions/3f1c',
];

describe('routes and guard', () => {
  it.each(protectedPaths)('sends a visitor from %s to login and remembers the path', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(path)}`);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe(path);
    expect(await heading()).toHaveTextContent('Log in');
  });

  it.each([
    '/',
    '/pricing',
    '/help/chatbot',
    '/help/guides',
    '/help/faq',
    '/help/contact',
    '/demo',
    '/terms',
    '/privacy',
    '/pro-external-review-demo',
    '/signup',
    '/login',
    '/reset-password',
    '/invite',
    '/external-review/s1/t0k3n',
  ])('opens %s to a visitor', async (path) => {
    const { router } = renderApp(path);
    await heading();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it.each(['/dashboard/management', '/dashboard/team-sessions'])('sends a non-admin from %s to /404', async (path) => {
    for (const user of [makeUser({ plan: 'Elite', eliteRole: 'Elite Coach' }), makeUser({ plan: 'Coach' })]) {
      const { router, unmount } = renderApp(path, user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
      expect(await heading()).toHaveTextContent('Page not found');
      unmount();
    }
  });

  it('lets an Elite Admin into Coach Management and Team Sessions', async () => {
    const admin = makeUser({ plan: 'Elite', eliteRole: 'Elite Admin' });
    renderApp('/dashboard/management', admin);
    expect(await heading()).toHaveTextContent('Coach Management');
  });

  it('refuses /subscription to Free Trial and opens it to Coach', async () => {
    const trial = renderApp('/subscription', makeUser({ plan: 'Free Trial' }));
    await waitFor(() => expect(trial.router.state.location.pathname).toBe('/404'));
    trial.unmount();
    renderApp('/subscription', makeUser({ plan: 'Coach' }));
    expect(await heading()).toHaveTextContent('Subscription');
  });

  it('shows the overview for a bare /dashboard', async () => {
    const { router } = renderApp('/dashboard', makeUser());
    expect(await heading()).toHaveTextContent('Overview');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/nope', '/404', '/dashboard/unknown'])('shows not found for %s', async (path) => {
    renderApp(path, makeUser());
    expect(await heading()).toHaveTextContent('Page not found');
  });
});
