import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startStripeMock, type StripeMock } from '@touchline/tooling';
import { PLAN_MESSAGES, SESSION_EVENTS, type PlanCatalogueDto, type SubscriptionDto, type UserDto } from '@touchline/shared';
import { Client } from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app-config';
import { openEventStream } from './support/event-stream';
import { freePort } from './support/mail-catcher';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, registerCoach } from './support/tokens';

/**
 * The Stripe adapter against stripe-mock, Stripe's own mock of its API: it checks every request against Stripe's
 * API description and answers from fixtures. It keeps no state: a retrieved subscription is always its fixture
 * (status active, customer and price below, whatever id is asked), and it sends no webhooks, so the tests sign
 * events themselves with the stripe package, as Stripe would.
 */
const FIXTURE_CUSTOMER = 'cus_QXg1o8vcGmoR32';
const FIXTURE_PRICE = 'price_1PgafmB7WZ01zgkW6dKueIc5';
const WEBHOOK_SECRET = 'whsec_touchlinetestsecret';
const stripe = new Stripe('sk_test_touchline');

let mock: StripeMock;
let api: TestApi;
let db: Client;
let folder: string;

/** The shipped catalogue with a Stripe price id on every price; Coach Plus monthly is the fixture's price. */
function catalogueWithPriceIds(): string {
  let n = 0;
  return readFileSync(loadConfig({}).plansFile, 'utf8').replace(/currency: eur \}/g, () => {
    n += 1;
    // The third price of the file is Coach Plus monthly.
    return `currency: eur, stripePrice: ${n === 3 ? FIXTURE_PRICE : `price_touchline_${n}`} }`;
  });
}

beforeAll(async () => {
  mock = await startStripeMock({ port: await freePort() });
  folder = await mkdtemp(path.join(tmpdir(), 'touchline-billing-'));
  await writeFile(path.join(folder, 'plans.yaml'), catalogueWithPriceIds());
  api = await startTestApi({
    TRANSCRIBER: 'none',
    BACKGROUND_JOBS: 'false',
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_touchline',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: mock.url,
    PLANS_FILE: path.join(folder, 'plans.yaml'),
    // The default cache stays on: a plan changed by a webhook must be answered at once all the same.
  });
  db = new Client({ connectionString: api.db.url });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
  await mock?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const post = (route: string, token: string | null, body: unknown) =>
  fetch(`${api.url}${route}`, {
    method: 'POST',
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const me = async (token: string) => (await (await fetch(`${api.url}/api/auth/check`, { headers: bearer(token) })).json()) as UserDto;
const userId = async (sub: string) => (await db.query<{ id: string }>('SELECT id FROM users WHERE identity_id = $1', [sub])).rows[0]!.id;

/** Posts an event to the webhook as Stripe does: JSON signed with the endpoint's secret at `timestamp`. */
function deliver(event: object, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const header =
    options.signature === undefined
      ? stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp })
      : options.signature;
  return fetch(`${api.url}/api/billing/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'stripe-signature': header }) },
    body: payload,
  });
}

let serial = 0;
const event = (type: string, object: object, created = Math.floor(Date.now() / 1000)) => ({
  id: `evt_touchline_${Date.now()}_${++serial}`,
  object: 'event',
  type,
  created,
  api_version: '2025-01-01',
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

/** stripe-mock answers its one fixture customer for every subscription: each coach subscribing here takes it over. */
async function checkoutCompleted(userId: string, subscription: string) {
  await db.query('DELETE FROM billing_accounts WHERE customer_id = $1', [FIXTURE_CUSTOMER]);
  return event('checkout.session.completed', {
    id: `cs_test_${serial}`,
    object: 'checkout.session',
    mode: 'subscription',
    customer: FIXTURE_CUSTOMER,
    subscription,
    client_reference_id: userId,
  });
}

describe('plans with BILLING_PROVIDER=stripe', () => {
  it('shows the prices on Pricing, without the Stripe price ids', async () => {
    const body = (await (await fetch(`${api.url}/api/plans`)).json()) as PlanCatalogueDto;
    expect(body.billing).toBe('stripe');
    expect(body.plans.find((p) => p.name === 'Coach')!.prices).toEqual([
      { interval: 'month', amount: 1900, currency: 'eur' },
      { interval: 'year', amount: 19000, currency: 'eur' },
    ]);
    expect(JSON.stringify(body)).not.toContain('price_');
  });
});

describe('checkout and portal (requests checked by stripe-mock)', () => {
  it('answers a Stripe Checkout page for a plan, with the Add-on as a second item', async () => {
    const { token } = await registerCoach(api, 'Checkout');
    const plain = await post('/api/billing/checkout', token, { plan: 'Elite', interval: 'year' });
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as { url: string }).url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const withAddOn = await post('/api/billing/checkout', token, { plan: 'Coach', interval: 'month', addOn: true });
    expect(withAddOn.status).toBe(200);
    expect(((await withAddOn.json()) as { url: string }).url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });

  it('makes one Stripe customer per coach, reused by later checkouts', async () => {
    const { token, sub } = await registerCoach(api, 'Customer');
    await post('/api/billing/checkout', token, { plan: 'Coach', interval: 'month' });
    await post('/api/billing/checkout', token, { plan: 'Pro', interval: 'month' });
    const { rows } = await db.query('SELECT customer_id FROM billing_accounts WHERE user_id = $1', [await userId(sub)]);
    expect(rows).toHaveLength(1);
    expect(rows[0].customer_id).toMatch(/^cus_/);
  });

  it('refuses a price the catalogue does not have, and bad input, before calling Stripe', async () => {
    const { token } = await registerCoach(api, 'NoPrice');
    const yearlyAddOn = await post('/api/billing/checkout', token, { plan: 'Coach', interval: 'year', addOn: true });
    expect(yearlyAddOn.status).toBe(400);
    expect(await yearlyAddOn.json()).toEqual({ statusCode: 400, message: PLAN_MESSAGES.noPrice('Add-on', 'year') });
    expect((await post('/api/billing/checkout', token, { plan: 'Free Trial', interval: 'month' })).status).toBe(400);
    expect((await post('/api/billing/checkout', token, { plan: 'Coach', interval: 'week' })).status).toBe(400);
    expect((await post('/api/billing/checkout', null, { plan: 'Coach', interval: 'month' })).status).toBe(401);
    const { rows } = await db.query(`SELECT 1 FROM billing_accounts a JOIN users u ON u.id = a.user_id WHERE u.username = 'NoPrice'`);
    expect(rows).toHaveLength(0);
  });

  it('opens the Customer Portal once the coach is a customer, and refuses before', async () => {
    const { token } = await registerCoach(api, 'Portal');
    const before = await post('/api/billing/portal', token, {});
    expect(before.status).toBe(409);
    expect(await before.json()).toEqual({ statusCode: 409, message: PLAN_MESSAGES.noBillingAccount });
    await post('/api/billing/checkout', token, { plan: 'Coach', interval: 'month' });
    const portal = await post('/api/billing/portal', token, {});
    expect(portal.status).toBe(200);
    expect(((await portal.json()) as { url: string }).url).toMatch(/^https:\/\//);
    // Cancelling needs a subscription, which only Stripe's confirmation (the webhook) records.
    expect((await post('/api/billing/portal', token, { flow: 'cancel' })).status).toBe(409);
  });
});

describe('webhook', () => {
  it('applies a completed checkout from the re-fetched subscription: plan, live event and subscription page', async () => {
    const { token, sub } = await registerCoach(api, 'Subscriber', 'Free Trial');
    // Signing up for a paid plan gives Free Trial: the plan is bought through Checkout.
    expect((await me(token)).plan).toBe('Free Trial');
    const stream = await openEventStream(api.url, token);
    try {
      const res = await deliver(await checkoutCompleted(await userId(sub), 'sub_touchline_1'));
      expect(res.status).toBe(200);
      // The cached user was dropped: the very next read answers the new plan.
      expect((await me(token)).plan).toBe('Coach Plus');
      await expect.poll(() => stream.messages.some((m) => m.event === SESSION_EVENTS.accountEvent), { timeout: 10_000 }).toBe(true);
    } finally {
      stream.close();
    }
    const subscription = (await (await fetch(`${api.url}/api/subscription`, { headers: bearer(token) })).json()) as SubscriptionDto;
    expect(subscription.paid).toMatchObject({ status: 'active', interval: 'month', addOn: false });
    expect(subscription.paid!.currentPeriodEnd).toMatch(/^\d{4}-\d\d-\d\dT/);
    // With a subscription recorded, the portal opens straight on cancelling it.
    expect((await post('/api/billing/portal', token, { flow: 'cancel' })).status).toBe(200);
  });

  it('refuses a bad signature, a missing one and a replayed old event, changing nothing', async () => {
    const { token, sub } = await registerCoach(api, 'Forger', 'Free Trial');
    const forged = await checkoutCompleted(await userId(sub), 'sub_touchline_2');
    const bad = await deliver(forged, { secret: 'whsec_notthesecret' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ statusCode: 400, message: PLAN_MESSAGES.badSignature });
    expect((await deliver(forged, { signature: null })).status).toBe(400);
    expect((await deliver(forged, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
    // Correctly signed, but ten minutes ago: a captured event sent again later.
    expect((await deliver(forged, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400);
    expect((await me(token)).plan).toBe('Free Trial');
    const { rows } = await db.query('SELECT 1 FROM billing_events WHERE id = $1', [forged.id]);
    expect(rows).toHaveLength(0);
  });

  it('applies an event once, however often Stripe delivers it', async () => {
    const { token, sub } = await registerCoach(api, 'Twice');
    const first = await checkoutCompleted(await userId(sub), 'sub_touchline_3');
    expect((await deliver(first)).status).toBe(200);
    expect((await me(token)).plan).toBe('Coach Plus');
    // The club moves the coach afterwards; the same event delivered again must not undo that.
    await db.query(`UPDATE users SET plan = 'Coach' WHERE identity_id = $1`, [sub]);
    await db.query(`UPDATE billing_accounts SET status = 'past_due' WHERE user_id = $1`, [await userId(sub)]);
    const again = await deliver(first);
    expect(again.status).toBe(200);
    expect((await db.query('SELECT plan FROM users WHERE identity_id = $1', [sub])).rows[0].plan).toBe('Coach');
    expect((await db.query('SELECT status FROM billing_accounts WHERE user_id = $1', [await userId(sub)])).rows[0].status).toBe('past_due');
  });

  it('applies the subscription as Stripe has it now, not as an older event out of order says', async () => {
    const { token, sub } = await registerCoach(api, 'Late');
    const id = await userId(sub);
    expect((await deliver(await checkoutCompleted(id, 'sub_touchline_4'))).status).toBe(200);
    expect((await me(token)).plan).toBe('Coach Plus');
    // An older "deleted" event arrives last; Stripe still has the subscription active, so the plan stays.
    const stale = event(
      'customer.subscription.deleted',
      { id: 'sub_touchline_4', object: 'subscription', status: 'canceled', customer: FIXTURE_CUSTOMER, metadata: {} },
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect((await deliver(stale)).status).toBe(200);
    expect((await me(token)).plan).toBe('Coach Plus');
    expect((await db.query('SELECT status FROM billing_accounts WHERE user_id = $1', [id])).rows[0].status).toBe('active');
  });

  it('acknowledges events it does not act on', async () => {
    const res = await deliver(event('invoice.created', { id: 'in_1', object: 'invoice' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
  });
});
