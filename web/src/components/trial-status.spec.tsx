import type { SubscriptionDto } from '@touchline/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makeUser, renderApp } from '@/test/render-app';
import { daysLeft } from './trial-status';

const trial = (overrides: Partial<SubscriptionDto> = {}): SubscriptionDto => ({
  plan: 'Free Trial',
  opens: [],
  billing: 'none',
  planStartedAt: '2026-03-01T10:00:00.000Z',
  trialEndsAt: '2026-03-15T10:00:00.000Z',
  trialEnded: false,
  paid: null,
  ...overrides,
});

const overview = { totals: { sessions: 0, completed: 0, inProgress: 0, failed: 0 }, latest: [], averages: {}, trend: [] };

function answer(subscription: SubscriptionDto) {
  return fakeApi(({ path }) => (path === '/api/subscription' ? subscription : path === '/api/dashboard/overview' ? overview : undefined));
}

beforeEach(() => {
  // Only the clock: the screens' own timers run as they do.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a Free Trial coach sees when the trial ends', { timeout: 20_000 }, () => {
  it.each(['/dashboard/overview', '/upload', '/profile'])('on %s: the days left and the end date', async (path) => {
    answer(trial());
    renderApp(path, makeUser({ plan: 'Free Trial' }));
    const status = await screen.findByTestId('trial-status', {}, { timeout: 5000 });
    expect(status).toHaveTextContent('Free Trial: 5 days left. It ends on 15 March 2026.');
    expect(status).toHaveTextContent('ask your club’s admin for a plan');
  });

  it('says when it ended, once it has', async () => {
    answer(trial({ trialEndsAt: '2026-03-08T10:00:00.000Z', trialEnded: true }));
    renderApp('/upload', makeUser({ plan: 'Free Trial' }));
    expect(await screen.findByTestId('trial-status', {}, { timeout: 5000 })).toHaveTextContent('Your Free Trial ended on 8 March 2026.');
  });

  it('links the Pricing page where plans are bought', async () => {
    answer(trial({ billing: 'stripe' }));
    renderApp('/profile', makeUser({ plan: 'Free Trial' }));
    const status = await screen.findByTestId('trial-status', {}, { timeout: 5000 });
    expect(status).toHaveTextContent('5 days left');
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
  });

  it('shows nothing on another plan, and asks nothing', async () => {
    const requests = answer(trial());
    renderApp('/upload', makeUser({ plan: 'Coach' }));
    await screen.findByRole('heading', { name: 'Upload a session' }, { timeout: 5000 });
    expect(screen.queryByTestId('trial-status')).not.toBeInTheDocument();
    expect(requests.map((r) => r.path)).not.toContain('/api/subscription');
  });
});

describe('days left', () => {
  it('counts a day begun as a day left, and none once the end has passed', () => {
    const end = new Date('2026-03-15T10:00:00.000Z');
    expect(daysLeft(end, new Date('2026-03-15T09:00:00.000Z'))).toBe(1);
    expect(daysLeft(end, new Date('2026-03-14T10:00:00.000Z'))).toBe(1);
    expect(daysLeft(end, new Date('2026-03-14T09:59:00.000Z'))).toBe(2);
    expect(daysLeft(end, new Date('2026-03-16T00:00:00.000Z'))).toBe(0);
  });
});
