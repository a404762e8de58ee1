import { readFileSync } from 'node:fs';
import { BILLING_INTERVALS, CAPABILITIES, PLANS, type BillingProvider, type PlanDto } from '@touchline/shared';
import { parse } from 'yaml';
import { ConfigError } from '../config';
import { z } from 'zod';

const count = z.number().int().positive();

const price = z
  .object({
    interval: z.enum(BILLING_INTERVALS),
    amount: z.number().int().nonnegative(),
    currency: z.string().regex(/^[a-z]{3}$/, 'currency must be a three-letter ISO code in lower case (eur)'),
    /** The payment provider's price id for this plan and interval. */
    stripePrice: z.string().min(1).optional(),
  })
  .strict();

const plan = z
  .object({
    name: z.enum(PLANS),
    summary: z.string().min(1),
    features: z.array(z.string().min(1)).default([]),
    opens: z.array(z.enum(CAPABILITIES)),
    teamSeats: count.optional(),
    monthlyUploadMinutes: count.optional(),
    retentionDays: count.optional(),
    trialDays: count.optional(),
    addOn: z.boolean().default(false),
    prices: z.array(price).default([]),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.opens.includes('teams') !== (p.teamSeats !== undefined))
      ctx.addIssue({ code: 'custom', message: 'teamSeats is required exactly when the plan opens teams' });
    if ((p.name === 'Free Trial') !== (p.trialDays !== undefined))
      ctx.addIssue({ code: 'custom', message: 'trialDays is required for Free Trial and allowed for no other plan' });
    if ((p.name === 'Add-on') !== p.addOn) ctx.addIssue({ code: 'custom', message: 'addOn: true is for the Add-on only, and required there' });
    if (new Set(p.prices.map((x) => x.interval)).size !== p.prices.length) ctx.addIssue({ code: 'custom', message: 'one price per interval' });
  });

const catalogue = z
  .object({ plans: z.array(plan) })
  .strict()
  .superRefine(({ plans }, ctx) => {
    const names = plans.map((p) => p.name);
    for (const name of PLANS) {
      const n = names.filter((x) => x === name).length;
      if (n !== 1) ctx.addIssue({ code: 'custom', path: ['plans'], message: `"${name}" must be listed exactly once (found ${n})` });
    }
  });

export type CataloguePlan = z.infer<typeof plan>;
export type PlanCatalogue = CataloguePlan[];

/** A configuration error: the start stops and prints just its message. */
export class PlanCatalogueError extends ConfigError {}

/**
 * Reads and checks a catalogue; a problem stops the start with the file, the place and the reason. With billing
 * on, every plan for sale needs a price, and every price the provider's price id, so no coach meets a dead button.
 */
export function parsePlanCatalogue(text: string, file: string, billing: BillingProvider = 'none'): PlanCatalogue {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new PlanCatalogueError(`Invalid plan catalogue ${file}: ${(error as Error).message}`);
  }
  const parsed = catalogue.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(top)'}: ${issue.message}`);
    throw new PlanCatalogueError(`Invalid plan catalogue ${file}: ${problems.join('; ')}`);
  }
  if (billing === 'stripe') {
    const problems = parsed.data.plans.flatMap((p, i) => {
      if (p.name === 'Free Trial') return [];
      if (p.prices.length === 0) return [`plans.${i}.prices: ${p.name} needs a price when BILLING_PROVIDER=stripe`];
      return p.prices.flatMap((x, j) => (x.stripePrice ? [] : [`plans.${i}.prices.${j}.stripePrice is required when BILLING_PROVIDER=stripe`]));
    });
    if (problems.length) throw new PlanCatalogueError(`Invalid plan catalogue ${file}: ${problems.join('; ')}`);
  }
  return parsed.data.plans;
}

export function loadPlanCatalogue(file: string, billing: BillingProvider = 'none'): PlanCatalogue {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new PlanCatalogueError(`Cannot read the plan catalogue ${file}: ${(error as Error).message}`);
  }
  return parsePlanCatalogue(text, file, billing);
}

/** The catalogue the plans module reads once, at start. */
export const PLAN_CATALOGUE = Symbol('PLAN_CATALOGUE');

/** A plan as callers see it; prices only when billing is on, and never the provider's price ids. */
export function mapPlan(p: CataloguePlan, billing: boolean): PlanDto {
  return {
    name: p.name,
    summary: p.summary,
    features: p.features,
    opens: p.opens,
    teamSeats: p.teamSeats ?? null,
    monthlyUploadMinutes: p.monthlyUploadMinutes ?? null,
    retentionDays: p.retentionDays ?? null,
    trialDays: p.trialDays ?? null,
    addOn: p.addOn,
    prices: billing ? p.prices.map(({ interval, amount, currency }) => ({ interval, amount, currency })) : [],
  };
}
