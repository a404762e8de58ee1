import { PLAN_MESSAGES, type SubscriptionDto } from '@touchline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { billingNavigation } from '@/lib/billing';
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

  it('with Stripe billing, shows the renewal and sends Manage billing and Cancel to the portal page the API answers', async () => {
    const go = vi.spyOn(billingNavigation, 'go').mockImplementation(() => undefined);
    const paid: SubscriptionDto = {
      ...elite,
      billing: 'stripe',
      paid: { status: 'active', interval: 'year', addOn: true, currentPeriodEnd: '2027-03-12T10:00:00.000Z', cancelAtPeriodEnd: false, trialEnd: null },
    };
    const requests = fakeApi(({ path }) =>
      path === '/api/subscription' ? paid : path === '/api/billing/portal' ? { url: 'https://billing.stripe.com/p/session/test_1' } : undefined,
    );
    renderApp('/subscription', makeUser({ plan: 'Elite', eliteRole: 'Elite Admin' }));
    const billing = await screen.findByRole('region', { name: 'Billing' });
    expect(billing).toHaveTextContent('Renews12 March 2027');
    expect(billing).toHaveTextContent('Yearly');
    expect(screen.queryByRole('region', { name: 'Managed by your club' })).toBeNull();
    fireEvent.click(within(billing).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
    expect(requests.find((r) => r.path === '/api/billing/portal')).toMatchObject({ method: 'POST', body: { flow: 'cancel' } });
    go.mockRestore();
  });

  it('makes a failed payment and an ended subscription plain', async () => {
    const state = (status: 'past_due' | 'canceled'): SubscriptionDto => ({
      ...elite,
      billing: 'stripe',
      paid: { status, interval: 'month', addOn: false, currentPeriodEnd: '2026-12-01T00:00:00.000Z', cancelAtPeriodEnd: false, trialEnd: null },
    });
    fakeApi(({ path }) => (path === '/api/subscription' ? state('past_due') : undefined));
    const { unmount } = renderApp('/subscription', makeUser({ plan: 'Elite', eliteRole: 'Elite Admin' }));
    const overdue = await screen.findByRole('region', { name: 'Billing' });
    expect(overdue).toHaveTextContent('Payment overdue');
    expect(overdue).toHaveTextContent('Your last payment failed. Update your card under Manage billing to keep your Elite plan.');
    unmount();
    vi.unstubAllGlobals();
    fakeApi(({ path }) => (path === '/api/subscription' ? state('canceled') : undefined));
    renderApp('/subscription', makeUser({ plan: 'Elite', eliteRole: 'Elite Admin' }));
    const ended = await screen.findByRole('region', { name: 'Billing' });
    expect(ended).toHaveTextContent('Your subscription has ended.');
    expect(within(ended).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });
});
