import { PLAN_MESSAGES } from '@touchline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingNavigation } from '@/lib/billing';
import { fakeApi } from '@/test/fake-api';
import { makePlanCatalogue } from '@/test/fixtures';
import { makeUser, renderApp } from '@/test/render-app';

beforeAll(() => import('./pricing'), 30_000);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('pricing with Stripe billing', () => {
  it('"Change plan" requests a Checkout Session for the plan and interval and goes to its page', async () => {
    const go = vi.spyOn(billingNavigation, 'go').mockImplementation(() => undefined);
    const requests = fakeApi(({ path }) =>
      path === '/api/plans'
        ? makePlanCatalogue('stripe')
        : path === '/api/billing/checkout'
          ? { url: 'https://checkout.stripe.com/c/pay/cs_test_1' }
          : undefined,
    );
    renderApp('/pricing', makeUser({ plan: 'Coach' }));
    const coachPlus = await screen.findByRole('listitem', { name: 'Coach Plus' });
    await userEvent.setup().click(within(coachPlus).getByRole('button', { name: 'Change plan to Coach Plus, paid monthly' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(requests.find((r) => r.path === '/api/billing/checkout')).toMatchObject({ method: 'POST', body: { plan: 'Coach Plus', interval: 'month' } });
    expect(screen.queryByText(/managed by your club/)).toBeNull();
  });

  it('shows why a checkout cannot open, and stays on the page', async () => {
    const go = vi.spyOn(billingNavigation, 'go').mockImplementation(() => undefined);
    fakeApi(({ path }) =>
      path === '/api/plans'
        ? makePlanCatalogue('stripe')
        : path === '/api/billing/checkout'
          ? Response.json({ statusCode: 502, message: 'Billing is unavailable at the moment. Please try again later.' }, { status: 502 })
          : undefined,
    );
    renderApp('/pricing', makeUser({ plan: 'Coach' }));
    const coachPlus = await screen.findByRole('listitem', { name: 'Coach Plus' });
    await userEvent.setup().click(within(coachPlus).getByRole('button', { name: 'Change plan to Coach Plus, paid monthly' }));
    expect(await within(coachPlus).findByRole('alert')).toHaveTextContent('Billing is unavailable at the moment. Please try again later.');
    expect(go).not.toHaveBeenCalled();
  });
});

describe('pricing on a club installation (billing off)', () => {
  it('says the Add-on’s minutes once, as minutes on top of a plan', async () => {
    const catalogue = makePlanCatalogue('none');
    const plans = catalogue.plans.map((plan) => (plan.addOn ? { ...plan, features: ['600 more upload minutes a month'], monthlyUploadMinutes: 600 } : plan));
    fakeApi(({ path }) => (path === '/api/plans' ? { ...catalogue, plans } : undefined));
    renderApp('/pricing', makeUser({ plan: 'Coach' }));
    const addOn = await screen.findByRole('region', { name: 'Add-on' });
    expect(
      within(addOn)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['600 more upload minutes a month']);
  });

  it('tells a coach whose sign-up plan is waiting for the club’s admin, and marks the plan asked for', async () => {
    fakeApi(({ path }) => (path === '/api/plans' ? makePlanCatalogue('none') : undefined));
    renderApp('/pricing', makeUser({ plan: 'Free Trial', requestedPlan: 'Elite' }));
    const elite = await screen.findByRole('listitem', { name: 'Elite' });
    expect(within(elite).getByText('Requested: waiting for your club’s admin')).toBeInTheDocument();
    expect(screen.getByTestId('plan-request')).toHaveTextContent(PLAN_MESSAGES.planRequestPending('Elite', 'Free Trial'));
  });

  it('says nothing of a request when there is none', async () => {
    fakeApi(({ path }) => (path === '/api/plans' ? makePlanCatalogue('none') : undefined));
    renderApp('/pricing', makeUser({ plan: 'Coach' }));
    await screen.findByRole('listitem', { name: 'Elite' });
    expect(screen.queryByTestId('plan-request')).toBeNull();
    expect(screen.queryByText(/Requested/)).toBeNull();
  });
});
