import { REVIEW_PLANS, type Plan } from '@touchline/shared';

/** Whether the coach's plan includes external review links (the API decides; this only hides the form). */
export function canShareForReview(plan: Plan | undefined): boolean {
  return !!plan && (REVIEW_PLANS as readonly string[]).includes(plan);
}
