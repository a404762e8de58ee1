import { readFileSync } from 'node:fs';
import { PLANS } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loadPlanCatalogue, mapPlan, parsePlanCatalogue } from './plan-catalogue';

const FILE = loadConfig({}).plansFile;
const shipped = readFileSync(FILE, 'utf8');
const edit = (from: RegExp | string, to: string) => () => parsePlanCatalogue(shipped.replace(from, to), 'plans.yaml');

describe('plan catalogue file', () => {
  it('ships every plan once, Free Trial with trial days and Elite with team seats', () => {
    const plans = loadPlanCatalogue(FILE);
    expect(plans.map((p) => p.name).sort()).toEqual([...PLANS].sort());
    expect(plans.find((p) => p.name === 'Free Trial')!.trialDays).toBeGreaterThan(0);
    expect(plans.find((p) => p.name === 'Elite')).toMatchObject({ teamSeats: expect.any(Number), opens: expect.arrayContaining(['teams', 'externalReview']) });
    expect(plans.find((p) => p.name === 'Pro')!.opens).toContain('externalReview');
  });

  it('refuses a missing plan, naming it', () => {
    expect(edit(/  - name: Pro\n(?:.*\n)*?\n/, '')).toThrow(/"Pro" must be listed exactly once \(found 0\)/);
  });

  it('refuses an unknown capability, an unknown field and a malformed currency', () => {
    expect(edit('opens: [externalReview]', 'opens: [externalReview, teleport]')).toThrow(/plans\.4\.opens\.1/);
    expect(edit('    trialDays: 14', '    trialDays: 14\n    colour: red')).toThrow(/colour/);
    expect(edit('currency: eur }', 'currency: EUR }')).toThrow(/currency must be a three-letter ISO code/);
  });

  it('requires team seats exactly with teams, and trial days only on Free Trial', () => {
    expect(edit('    teamSeats: 10\n', '')).toThrow(/teamSeats is required exactly when the plan opens teams/);
    expect(
      edit(
        '    opens: [compare, development]\n    monthlyUploadMinutes: 600',
        '    opens: [compare, development]\n    trialDays: 3\n    monthlyUploadMinutes: 600',
      ),
    ).toThrow(/trialDays is required for Free Trial/);
  });

  it('names the file and refuses YAML it cannot read', () => {
    expect(() => parsePlanCatalogue('plans: [', '/etc/touchline/plans.yaml')).toThrow(/^Invalid plan catalogue \/etc\/touchline\/plans\.yaml: /);
  });

  it('shows prices only when billing is on, without the provider ids', () => {
    const coach = parsePlanCatalogue(
      shipped.replace('{ interval: month, amount: 1900, currency: eur }', '{ interval: month, amount: 1900, currency: eur, stripePrice: price_123 }'),
      'x',
    ).find((p) => p.name === 'Coach')!;
    expect(mapPlan(coach, false).prices).toEqual([]);
    expect(mapPlan(coach, true).prices).toEqual([
      { interval: 'month', amount: 1900, currency: 'eur' },
      { interval: 'year', amount: 19000, currency: 'eur' },
    ]);
  });

  it('with Stripe billing, needs a price for every plan for sale and a Stripe price id on every price', () => {
    expect(() => parsePlanCatalogue(shipped, 'plans.yaml', 'stripe')).toThrow(/plans\.1\.prices\.0\.stripePrice is required when BILLING_PROVIDER=stripe/);
    const allPriced = shipped.replace(/currency: eur \}/g, 'currency: eur, stripePrice: price_x }');
    expect(parsePlanCatalogue(allPriced, 'plans.yaml', 'stripe')).toHaveLength(7);
    const unpricedPro = allPriced.replace(/(  - name: Pro\n(?:.*\n)*?)    prices:\n(?:      - .*\n)+/, '$1');
    expect(() => parsePlanCatalogue(unpricedPro, 'plans.yaml', 'stripe')).toThrow(/Pro needs a price when BILLING_PROVIDER=stripe/);
    expect(parsePlanCatalogue(unpricedPro, 'plans.yaml', 'none')).toHaveLength(7);
  });
});
