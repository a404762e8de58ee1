import type { PlanDto, PlanPriceDto, SignupPlan } from '@touchline/shared';

/** The plan Pricing draws the eye to. */
export const HIGHLIGHTED_PLAN: SignupPlan = 'Coach Plus';

/** "€19 / month", in the catalogue's currency. */
export function formatPrice(price: PlanPriceDto): string {
  const amount = new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
    minimumFractionDigits: price.amount % 100 ? 2 : 0,
  }).format(price.amount / 100);
  return `${amount} / ${price.interval}`;
}

/**
 * The catalogue's limits in words, after the plan's own feature list; the Add-on's minutes come on top of a plan's
 * ("more"), and a limit the features already state is not said twice.
 */
export function planLimits(plan: PlanDto): string[] {
  const minutes = plan.addOn ? `${plan.monthlyUploadMinutes} more upload minutes a month` : `${plan.monthlyUploadMinutes} upload minutes a month`;
  return [
    plan.trialDays !== null ? `${plan.trialDays} days free` : null,
    plan.teamSeats !== null ? `A team of up to ${plan.teamSeats} coaches` : null,
    plan.monthlyUploadMinutes !== null ? minutes : null,
    plan.retentionDays !== null ? `Recordings kept for ${plan.retentionDays} days` : null,
  ].filter((line): line is string => line !== null && !plan.features.includes(line));
}
