import type { Plan, SignupPlan } from './enums';

/**
 * What a plan can open, one name per question the API asks. `compare` and `development` are the dashboards of
 * docs/product-spec.md §2; `externalReview` is the private review link of Pro and Elite; `teams` is the Elite team (with its seat
 * count). Uploads are open to every plan while it runs (a Free Trial ends after its trial days).
 */
export const CAPABILITIES = ['compare', 'development', 'externalReview', 'teams'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** How people name each capability in a refusal ("Compare needs the … plan"). */
export const CAPABILITY_LABELS: Record<Capability, string> = {
  compare: 'Compare',
  development: 'Development',
  externalReview: 'External review',
  teams: 'Teams',
};

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** `none`: the club's installation admins assign plans; `stripe`: coaches subscribe through Stripe. */
export const BILLING_PROVIDERS = ['none', 'stripe'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/** The payment provider's subscription states the product acts on (Stripe's names). */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'unpaid'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface PlanPriceDto {
  interval: BillingInterval;
  /** In the currency's minor unit (cents). */
  amount: number;
  /** ISO 4217, lower case as payment providers write it. */
  currency: string;
}

/** One entry of the plan catalogue as `GET /api/plans` answers it. */
export interface PlanDto {
  name: Plan;
  summary: string;
  features: string[];
  opens: Capability[];
  /** Coaches an Elite team may hold (the admin included); null where the plan has no team. */
  teamSeats: number | null;
  /** Minutes of recordings a coach may upload per calendar month; null: no limit. */
  monthlyUploadMinutes: number | null;
  /** Days recordings are kept; null: kept until deleted. */
  retentionDays: number | null;
  /** Days a trial runs; set for Free Trial only. */
  trialDays: number | null;
  /** True for the Add-on, which is bought beside a plan, not instead of one. */
  addOn: boolean;
  /** Prices per interval; empty unless billing is on. */
  prices: PlanPriceDto[];
}

export interface PlanCatalogueDto {
  /** `none`: plans are assigned by the club's installation admins. */
  billing: BillingProvider;
  plans: PlanDto[];
}

/** The caller's plan as `GET /api/subscription` answers it. */
export interface SubscriptionDto {
  plan: Plan;
  opens: Capability[];
  billing: BillingProvider;
  /** When the current plan was given. */
  planStartedAt: string;
  /** Free Trial only: when uploads stop. */
  trialEndsAt: string | null;
  trialEnded: boolean;
  /** The paid subscription when billing is on and the coach has one; null otherwise. */
  paid: PaidSubscriptionDto | null;
}

/**
 * `GET /api/sessions/usage`: the minutes of recordings the caller uploaded this calendar month (UTC), against the
 * plan's monthly limit. A recording counts once its analysis has measured it.
 */
export interface UploadUsageDto {
  /** Minutes in tenths, rounded down (2.9), so a coach is never told a limit is reached before it is. */
  usedMinutes: number;
  /** null: the plan has no monthly limit. */
  limitMinutes: number | null;
  /** When the count starts again: the first day of next month, 00:00 UTC. */
  resetsAt: string;
}

/** A coach's subscription at the payment provider, as last confirmed by it. */
export interface PaidSubscriptionDto {
  status: SubscriptionStatus;
  interval: BillingInterval | null;
  /** Whether the Add-on is part of the subscription. */
  addOn: boolean;
  /** When the current period ends: the next renewal, or the end of access when cancelling at period end. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** When a paid trial ends (Stripe's trialing state). */
  trialEnd: string | null;
}

/** The plans a coach can subscribe to (Free Trial is not sold; the Add-on goes beside a plan). */
export const PAID_PLANS = ['Coach', 'Coach Plus', 'Elite', 'Pro', 'Goalkeeping Plus'] as const satisfies readonly SignupPlan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

/** `POST /api/billing/checkout`: subscribe, or change plan, through the provider's checkout page. */
export interface CheckoutRequestDto {
  plan: PaidPlan;
  interval: BillingInterval;
  /** Add the Add-on as a second item of the subscription. */
  addOn?: boolean;
}

/** `POST /api/billing/portal`: `cancel` opens the portal straight on cancelling the subscription. */
export interface PortalRequestDto {
  flow?: 'cancel';
}

/** Where the browser goes next: the provider's checkout or portal page. */
export interface BillingRedirectDto {
  url: string;
}

/** `PUT /api/admin/users/plan`: an installation admin assigns a plan to a coach by email. */
export interface AssignPlanDto {
  email: string;
  plan: SignupPlan;
}

/** A sign-up plan request waiting for an installation admin (`GET /api/admin/plan-requests`). */
export interface PlanRequestDto {
  email: string;
  username: string;
  /** The plan the coach is on meanwhile. */
  plan: Plan;
  requestedPlan: SignupPlan;
  requestedAt: string;
}

export interface PlanRequestsDto {
  requests: PlanRequestDto[];
}

/** `POST /api/admin/plan-requests/decline`: an installation admin answers a coach's request with no. */
export interface DeclinePlanRequestDto {
  email: string;
}

/** "A", "A or B", "A, B or C". */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

export const PLAN_MESSAGES = {
  capabilityRequired: (capability: Capability, plans: readonly Plan[]) =>
    plans.length
      ? `${CAPABILITY_LABELS[capability]} needs the ${orList(plans)} plan. Choose a plan on the Pricing page.`
      : `${CAPABILITY_LABELS[capability]} is not part of any plan of this installation.`,
  trialEnded: (endedOn: string) =>
    `Your Free Trial ended on ${endedOn}. Choose a plan on the Pricing page to upload new sessions; your sessions and reports are kept.`,
  uploadMinutesUsed: (limit: number, plan: Plan, opensOn: string) =>
    `You have used the ${limit} upload minutes of your ${plan} plan this month. Uploads open again on ${opensOn}, or choose a plan with more minutes on the Pricing page; your sessions and reports are kept.`,
  userNotFound: 'No coach has this email address.',
  notAdmin: 'Only an installation admin may do this.',
  managedByClub: 'Your plan is managed by your club. Ask your club’s admin to change it.',
  planRequestPending: (requested: string, current: string) =>
    `You asked for the ${requested} plan when you signed up. Your club’s admin has your request; until they grant it you are on ${current}.`,
  noPlanRequest: 'This coach has no pending plan request.',
  noPrice: (plan: string, interval: BillingInterval) => `${plan} cannot be bought ${interval === 'month' ? 'monthly' : 'yearly'} on this installation.`,
  noBillingAccount: 'You have no subscription to manage yet. Choose a plan on the Pricing page.',
  badSignature: 'Webhook signature verification failed.',
  billingUnavailable: 'Billing is unavailable at the moment. Please try again later.',
} as const;
