import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { UsersRepository } from '../../users';
import { parsePlanCatalogue } from '../plan-catalogue';
import type { BillingAccount, BillingRepository, SubscriptionRecord } from './billing.repository';
import { StripeBilling } from './stripe-billing';

// The shipped catalogue with ids on Coach and Coach Plus monthly.
const catalogue = parsePlanCatalogue(
  readFileSync(loadConfig({}).plansFile, 'utf8')
    .replace('{ interval: month, amount: 1900, currency: eur }', '{ interval: month, amount: 1900, currency: eur, stripePrice: price_coach }')
    .replace('{ interval: month, amount: 2900, currency: eur }', '{ interval: month, amount: 2900, currency: eur, stripePrice: price_plus }'),
  'plans.yaml',
);
const SECRET = 'whsec_unit';
const settings = { secretKey: 'sk_test_unit', webhookSecret: SECRET, apiUrl: undefined };

/** The coach's subscriptions as Stripe holds them now; retrieve answers them, cancel ends one. */
function stripeWith(subscriptions: Map<string, { status: string; price: string; created: number }>) {
  const stripe = new Stripe(settings.secretKey);
  const cancelled: string[] = [];
  const toStripe = (id: string) => {
    const s = subscriptions.get(id)!;
    return {
      id,
      created: s.created,
      customer: 'cus_1',
      status: s.status,
      cancel_at_period_end: false,
      trial_end: null,
      items: { data: [{ price: { id: s.price, recurring: { interval: 'month' } }, current_period_end: s.created + 30 * 86_400 }] },
    };
  };
  Object.assign(stripe.subscriptions, {
    retrieve: async (id: string) => toStripe(id),
    cancel: async (id: string) => {
      cancelled.push(id);
      subscriptions.get(id)!.status = 'canceled';
      return toStripe(id);
    },
  });
  return { stripe, cancelled };
}

/** One coach with a customer at Stripe, held in memory at the repositories' boundary (rows are read as copies). */
function coachAccount(subscriptionId: string, created: number) {
  const account: BillingAccount = {
    userId: 'u1',
    customerId: 'cus_1',
    subscriptionId,
    subscriptionCreated: new Date(created * 1000),
    status: 'active',
    interval: 'month',
    addOn: false,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    trialEnd: null,
  };
  const plans: string[] = ['Coach'];
  const seen = new Set<string>();
  const accounts = {
    findByCustomer: async (id: string) => (id === account.customerId ? { ...account } : null),
    findByUser: async (id: string) => (id === account.userId ? { ...account } : null),
    link: async () => ({ ...account }),
    saveSubscription: async (_userId: string, record: SubscriptionRecord) => void Object.assign(account, record),
    seenEvent: async (id: string) => seen.has(id),
    recordEvent: async (id: string) => void seen.add(id),
  } as unknown as BillingRepository;
  const users = {
    findById: async () => ({ id: 'u1', email: 'coach@club.example' }),
    assignPlan: async (_email: string, plan: string) => {
      plans.push(plan);
      return { email: 'coach@club.example', plan };
    },
  } as unknown as UsersRepository;
  return { account, accounts, users, plans };
}

let serial = 0;
function signed(stripe: Stripe, type: string, object: object): [Buffer, string] {
  const payload = JSON.stringify({ id: `evt_${++serial}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  return [Buffer.from(payload), stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })];
}

describe('a plan change through Checkout replaces the subscription', () => {
  const old = { id: 'sub_old', created: 1_800_000_000 };
  const next = { id: 'sub_new', created: old.created + 86_400 };

  it('moves the coach onto the new plan, ends the old subscription, and ignores the old one’s ending and late news', async () => {
    const subscriptions = new Map([
      [old.id, { status: 'active', price: 'price_coach', created: old.created }],
      [next.id, { status: 'active', price: 'price_plus', created: next.created }],
    ]);
    const { stripe, cancelled } = stripeWith(subscriptions);
    const { account, accounts, users, plans } = coachAccount(old.id, old.created);
    const billing = new StripeBilling(stripe, settings, catalogue, accounts, users, 'http://127.0.0.1');

    await billing.webhook(
      ...signed(stripe, 'checkout.session.completed', { object: 'checkout.session', mode: 'subscription', subscription: next.id, client_reference_id: 'u1' }),
    );
    expect(plans.at(-1)).toBe('Coach Plus');
    expect(account.subscriptionId).toBe(next.id);
    expect(cancelled).toEqual([old.id]);

    // Stripe then tells of the old subscription's end, and a late update of it arrives: neither speaks for the coach.
    await billing.webhook(...signed(stripe, 'customer.subscription.deleted', { object: 'subscription', id: old.id, metadata: { userId: 'u1' } }));
    subscriptions.get(old.id)!.status = 'active';
    await billing.webhook(...signed(stripe, 'customer.subscription.updated', { object: 'subscription', id: old.id, metadata: { userId: 'u1' } }));
    expect(plans).toEqual(['Coach', 'Coach Plus']);
    expect(account).toMatchObject({ subscriptionId: next.id, status: 'active' });

    // The new subscription's own cancellation does lapse the coach.
    subscriptions.get(next.id)!.status = 'canceled';
    await billing.webhook(...signed(stripe, 'customer.subscription.deleted', { object: 'subscription', id: next.id, metadata: { userId: 'u1' } }));
    expect(plans.at(-1)).toBe('Free Trial');
    expect(account.status).toBe('canceled');
  });
});
