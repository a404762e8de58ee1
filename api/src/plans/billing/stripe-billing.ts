import { Logger } from '@nestjs/common';
import type { BillingRedirectDto, BillingInterval, CheckoutRequestDto, PortalRequestDto } from '@touchline/shared';
import Stripe from 'stripe';
import { AppError, Errors } from '../../common';
import type { StripeSettings } from '../../config';
import type { UserEntity, UsersRepository } from '../../users';
import type { PlanCatalogue } from '../plan-catalogue';
import type { BillingPort } from './billing.port';
import type { BillingRepository } from './billing.repository';
import { decide, type ProviderSubscription } from './subscription-decision';

const DAY_MS = 24 * 3600 * 1000;
/** Events older than this are refused as replays (Stripe's own default tolerance). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A Stripe client for these settings; STRIPE_API_URL points it elsewhere (stripe-mock in tests). */
export function stripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Touchline' },
    ...(target && {
      host: target.hostname,
      port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/**
 * Billing through Stripe: Checkout Sessions to subscribe or change plan, the Customer Portal for cards, invoices and
 * cancelling, and webhooks that move the coach's plan. A webhook's event is only a hint: the subscription is
 * fetched again and its current state applied, so events arriving late or out of order cannot undo a newer state.
 */
export class StripeBilling implements BillingPort {
  private readonly logger = new Logger(StripeBilling.name);

  constructor(
    private readonly stripe: Stripe,
    private readonly settings: StripeSettings,
    private readonly catalogue: PlanCatalogue,
    private readonly accounts: BillingRepository,
    private readonly users: UsersRepository,
    private readonly publicUrl: string,
  ) {}

  async checkout(user: UserEntity, { plan, interval, addOn }: CheckoutRequestDto): Promise<BillingRedirectDto> {
    const lineItems = [{ price: this.priceOf(plan, interval), quantity: 1 }];
    if (addOn) lineItems.push({ price: this.priceOf('Add-on', interval), quantity: 1 });
    const customer = await this.customerOf(user);
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        line_items: lineItems,
        subscription_data: { metadata: { userId: user.id } },
        success_url: `${this.publicUrl}/subscription?checkout=done`,
        cancel_url: `${this.publicUrl}/pricing`,
      }),
    );
    if (!session.url) throw Errors.billingUnavailable();
    return { url: session.url };
  }

  async portal(user: UserEntity, { flow }: PortalRequestDto): Promise<BillingRedirectDto> {
    const account = await this.accounts.findByUser(user.id);
    if (!account) throw Errors.noBillingAccount();
    if (flow === 'cancel' && !(account.subscriptionId && account.status !== 'canceled')) throw Errors.noBillingAccount();
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({
        customer: account.customerId,
        return_url: `${this.publicUrl}/subscription`,
        ...(flow === 'cancel' && {
          flow_data: { type: 'subscription_cancel', subscription_cancel: { subscription: account.subscriptionId! } },
        }),
      }),
    );
    return { url: session.url };
  }

  async webhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
    } catch {
      throw Errors.badSignature();
    }
    if (await this.accounts.seenEvent(event.id)) return;
    const target = subscriptionOf(event);
    if (target) {
      const subscription = await this.call(() => this.stripe.subscriptions.retrieve(target.subscriptionId));
      await this.apply(toProviderSubscription(subscription), target.userId);
    }
    // Recorded once applied: a failure above answers 5xx and Stripe sends the event again. Applying twice is
    // harmless, as the subscription's current state is applied, not the event's.
    await this.accounts.recordEvent(event.id, event.type);
  }

  /** Brings the coach's plan and subscription record to the subscription's current state. */
  private async apply(sub: ProviderSubscription, userIdHint: string | null): Promise<void> {
    let account = await this.accounts.findByCustomer(sub.customerId);
    if (!account && userIdHint && (await this.users.findById(userIdHint))) account = await this.accounts.link(userIdHint, sub.customerId);
    if (!account) {
      this.logger.warn(`Stripe subscription ${sub.id} belongs to customer ${sub.customerId}, who is no coach here; ignored`);
      return;
    }
    const decision = decide(sub, this.catalogue);
    if (decision.status === null) return;
    const replaces = account.subscriptionId !== null && account.subscriptionId !== sub.id;
    // Changing plan makes a new subscription: an older one no longer speaks for the coach, and a newer one that
    // ended never replaced the one still paid for.
    if (replaces && (decision.lapsed || (account.subscriptionCreated !== null && sub.created <= account.subscriptionCreated))) return;
    await this.accounts.saveSubscription(account.userId, {
      subscriptionId: sub.id,
      subscriptionCreated: sub.created,
      status: decision.status,
      interval: decision.interval,
      addOn: decision.addOn,
      currentPeriodEnd: decision.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      trialEnd: sub.trialEnd,
    });
    if (decision.plan) {
      const user = await this.users.findById(account.userId);
      const trialDays = this.catalogue.find((p) => p.name === 'Free Trial')!.trialDays!;
      const startedAt = decision.lapsed ? new Date(Date.now() - trialDays * DAY_MS) : null;
      if (user) await this.users.assignPlan(user.email, decision.plan, startedAt, 'billing');
    }
    if (replaces && !decision.lapsed) await this.cancelReplaced(account.subscriptionId!);
  }

  /** A plan change through Checkout makes a new subscription; the old one ends now, with the unused time credited. */
  private async cancelReplaced(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId, { prorate: true });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      this.logger.warn({ err: error, subscriptionId }, 'the replaced subscription could not be cancelled');
    }
  }

  private priceOf(plan: string, interval: BillingInterval): string {
    const price = this.catalogue.find((p) => p.name === plan)?.prices.find((x) => x.interval === interval)?.stripePrice;
    if (!price) throw Errors.noPrice(plan, interval);
    return price;
  }

  /** The coach's customer at Stripe, made on their first checkout. */
  private async customerOf(user: UserEntity): Promise<string> {
    const account = await this.accounts.findByUser(user.id);
    if (account) return account.customerId;
    const customer = await this.call(() =>
      // The idempotency key makes two racing first checkouts create one customer.
      this.stripe.customers.create({ email: user.email, name: user.username, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` }),
    );
    return (await this.accounts.link(user.id, customer.id)).customerId;
  }

  /** Stripe's failures reach the coach as one clear 502; the detail goes to the log. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.logger.error({ err: error }, 'Stripe request failed');
      throw Errors.billingUnavailable();
    }
  }
}

/** The subscription an event is about, and the coach a finished checkout names. */
function subscriptionOf(event: Stripe.Event): { subscriptionId: string; userId: string | null } | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return null;
      return { subscriptionId: idOf(session.subscription), userId: session.client_reference_id };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.trial_will_end':
      return { subscriptionId: event.data.object.id, userId: event.data.object.metadata?.userId ?? null };
    default:
      return null;
  }
}

const intervalOf = (value: string | undefined): BillingInterval | null => (value === 'month' || value === 'year' ? value : null);
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);
const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

export function toProviderSubscription(s: Stripe.Subscription): ProviderSubscription {
  return {
    id: s.id,
    created: new Date(s.created * 1000),
    customerId: idOf(s.customer),
    status: s.status,
    items: s.items.data.map((i) => ({
      priceId: i.price.id,
      interval: intervalOf(i.price.recurring?.interval),
      currentPeriodEnd: date(i.current_period_end),
    })),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    trialEnd: date(s.trial_end),
  };
}
