import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { parsePlanCatalogue } from '../plan-catalogue';
import { readFileSync } from 'node:fs';
import { decide, type ProviderSubscription } from './subscription-decision';

// The shipped catalogue with ids: Coach monthly is price_coach_month, the Add-on's price_addon_month.
const catalogue = parsePlanCatalogue(
  readFileSync(loadConfig({}).plansFile, 'utf8')
    .replace('{ interval: month, amount: 1900, currency: eur }', '{ interval: month, amount: 1900, currency: eur, stripePrice: price_coach_month }')
    .replace('{ interval: month, amount: 900, currency: eur }', '{ interval: month, amount: 900, currency: eur, stripePrice: price_addon_month }'),
  'plans.yaml',
);

const end = new Date('2030-02-01T00:00:00Z');
const subscription = (status: string, prices = ['price_coach_month']): ProviderSubscription => ({
  id: 'sub_1',
  created: new Date('2030-01-01T00:00:00Z'),
  customerId: 'cus_1',
  status,
  items: prices.map((priceId) => ({ priceId, interval: 'month', currentPeriodEnd: end })),
  cancelAtPeriodEnd: false,
  trialEnd: null,
});

describe('what a subscription state means for the plan', () => {
  it.each(['active', 'trialing'])('%s gives the plan whose price it holds', (status) => {
    expect(decide(subscription(status), catalogue)).toEqual({
      status,
      plan: 'Coach',
      lapsed: false,
      addOn: false,
      interval: 'month',
      currentPeriodEnd: end,
    });
  });

  it('reads the Add-on from a second item', () => {
    expect(decide(subscription('active', ['price_addon_month', 'price_coach_month']), catalogue)).toMatchObject({ plan: 'Coach', addOn: true });
  });

  it('past_due keeps the plan and records the state', () => {
    expect(decide(subscription('past_due'), catalogue)).toMatchObject({ status: 'past_due', plan: null, lapsed: false });
  });

  it.each([
    ['canceled', 'canceled'],
    ['unpaid', 'unpaid'],
    ['paused', 'canceled'],
  ])('%s falls back to an ended Free Trial', (status, recorded) => {
    expect(decide(subscription(status, ['price_coach_month', 'price_addon_month']), catalogue)).toMatchObject({
      status: recorded,
      plan: 'Free Trial',
      lapsed: true,
      addOn: false,
    });
  });

  it.each(['incomplete', 'incomplete_expired'])('%s (first payment never made) changes nothing', (status) => {
    expect(decide(subscription(status), catalogue)).toMatchObject({ status: null, plan: null });
  });

  it('an active subscription on a price the catalogue does not know keeps the plan', () => {
    expect(decide(subscription('active', ['price_elsewhere']), catalogue)).toMatchObject({ status: 'active', plan: null });
  });
});
