import type { BillingInterval, PaidPlan, SubscriptionStatus } from '@touchline/shared';
import type { PlanCatalogue } from '../plan-catalogue';

/** A subscription as the provider answers it now, reduced to what the product acts on. */
export interface ProviderSubscription {
  id: string;
  created: Date;
  customerId: string;
  /** The provider's own status name (Stripe has more than the product acts on). */
  status: string;
  items: { priceId: string; interval: BillingInterval | null; currentPeriodEnd: Date | null }[];
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
}

export interface SubscriptionDecision {
  /** The status kept for the coach's subscription page; null: the subscription is not one to act on. */
  status: SubscriptionStatus | null;
  /** The plan the coach is moved onto; null keeps the current plan. */
  plan: PaidPlan | 'Free Trial' | null;
  /** True when the plan is the fallback of a lapsed subscription: Free Trial, already ended. */
  lapsed: boolean;
  addOn: boolean;
  interval: BillingInterval | null;
  currentPeriodEnd: Date | null;
}

/**
 * What a subscription's current state means for the coach's plan:
 * - active, trialing: the plan whose price the subscription holds (the Add-on's price sets the Add-on);
 * - past_due: the plan stays while the provider retries the payment, and the page shows the state;
 * - canceled, unpaid (and paused, which Stripe uses for a trial that ended without a card): Free Trial with its
 *   trial already over, so uploads stop and everything uploaded stays readable;
 * - incomplete, incomplete_expired: the first payment never went through, nothing changes.
 */
export function decide(sub: ProviderSubscription, catalogue: PlanCatalogue): SubscriptionDecision {
  const priced = (id: string) => catalogue.find((p) => p.prices.some((x) => x.stripePrice === id));
  const plans = sub.items.map((i) => priced(i.priceId)).filter((p) => p !== undefined);
  const base = plans.find((p) => !p.addOn && p.name !== 'Free Trial');
  const addOn = plans.some((p) => p.addOn);
  const main = sub.items.find((i) => base?.prices.some((x) => x.stripePrice === i.priceId)) ?? sub.items[0];
  const common = { addOn, interval: main?.interval ?? null, currentPeriodEnd: main?.currentPeriodEnd ?? null };
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return { ...common, status: sub.status, plan: (base?.name as PaidPlan | undefined) ?? null, lapsed: false };
    case 'past_due':
      return { ...common, status: 'past_due', plan: null, lapsed: false };
    case 'canceled':
    case 'unpaid':
    case 'paused':
      return { ...common, status: sub.status === 'unpaid' ? 'unpaid' : 'canceled', addOn: false, plan: 'Free Trial', lapsed: true };
    default:
      return { ...common, status: null, plan: null, lapsed: false };
  }
}
