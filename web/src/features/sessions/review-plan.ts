import type { Plan, PlanCatalogueDto } from '@touchline/shared';

/**
 * Whether the coach's plan includes external review links, by the installation's catalogue (`GET /api/plans`).
 * The API decides; this only hides the form.
 */
export function canShareForReview(plan: Plan | undefined, catalogue: PlanCatalogueDto): boolean {
  return !!plan && !!catalogue.plans.find((p) => p.name === plan)?.opens.includes('externalReview');
}
