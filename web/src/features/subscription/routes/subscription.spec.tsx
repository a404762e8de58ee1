import { PLAN_MESSAGES, type SubscriptionDto } from '@touchline/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makeUser, renderApp } from '@/test/render-app';

beforeAll(() => import('./subscription'), 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

const elite: SubscriptionDto = {
  plan: 'Elite',
  opens: ['compare', 'development', 'externalReview', 'teams'],
  billing: 'none',
  planStartedAt: '2026-03-12T10:00:00.000Z',
  trialEndsAt: null,
  trialEnded: false,
  paid: null,
};

describe('subscription', () => {
  it('shows the plan, since when, what it includes, and that the club manages it', async () => {
    const requests = fakeApi(({ path }) => (path === '/api/subscription' ? elite : undefined));
    renderApp('/subscription', makeUser({ plan: 'Elite', eliteRole: 'Elite Admin' }));
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Elite');
    const current = screen.getByRole('region', { name: 'Current plan' });
    expect(current).toHaveTextContent('12 March 2026');
    expect(current).toHaveTextContent('Compare, Development, External review, Teams');
    expect(current).not.toHaveTextContent('Trial');
    const managed = screen.getByRole('region', { name: 'Managed by your club' });
    expect(managed).toHaveTextContent(PLAN_MESSAGES.managedByClub);
    expect(within(managed).getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
    expect(requests.some((r) => r.path === '/api/subscription')).toBe(true);
  });

  it('stays refused to Free Trial (docs/product-spec.md §6)', async () => {
    fakeApi(() => undefined);
    renderApp('/subscription', makeUser({ plan: 'Free Trial' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/not found/i);
  });
});
