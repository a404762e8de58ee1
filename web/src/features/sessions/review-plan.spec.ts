import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Capability, Plan, PlanDto } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { canShareForReview } from './review-plan';

// The API decides by the shipped plan catalogue; the report offers the link form exactly where the API allows it.
describe('review links are offered as the shipped plan catalogue allows', () => {
  const file = readFileSync(path.resolve(__dirname, '../../../../api/plans/plans.yaml'), 'utf8');
  const shipped = (parse(file) as { plans: { name: Plan; opens: Capability[] }[] }).plans;
  // As GET /api/plans answers it: the fields the decision does not read are left out.
  const catalogue = { billing: 'none' as const, plans: shipped.map(({ name, opens }) => ({ name, opens }) as PlanDto) };
  for (const { name, opens } of shipped) {
    it(name, () => expect(canShareForReview(name, catalogue)).toBe(opens.includes('externalReview')));
  }
  it('offers nothing to a plan the catalogue does not list, or without a plan', () => {
    expect(canShareForReview('Pro', { billing: 'none', plans: [] })).toBe(false);
    expect(canShareForReview(undefined, catalogue)).toBe(false);
  });
});
