import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Plan } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { canShareForReview } from './review-plan';

// The API decides by the shipped plan catalogue; the report offers the link form exactly where the API allows it.
describe('review links are offered as the shipped plan catalogue allows', () => {
  const file = readFileSync(path.resolve(__dirname, '../../../../api/plans/plans.yaml'), 'utf8');
  const catalogue = (parse(file) as { plans: { name: Plan; opens: string[] }[] }).plans;
  for (const { name, opens } of catalogue) {
    it(name, () => expect(canShareForReview(name)).toBe(opens.includes('externalReview')));
  }
});
