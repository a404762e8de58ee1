import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ELITE_ROLES, PLANS, type EliteRole, type Plan } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dashboardItems } from './navigation';

// docs/product-spec.md §2, "Dashboard accordion items by plan", written out in full rather than derived from the code.
const expected: Record<Plan, Record<'none' | EliteRole, string[]>> = {
  'Free Trial': {
    none: ['Overview', 'Sessions', 'Compare'],
    'Elite Coach': ['Overview', 'Sessions', 'Compare'],
    'Elite Admin': ['Overview', 'Sessions', 'Compare'],
  },
  Coach: {
    none: ['Overview', 'Sessions', 'Compare', 'Development'],
    'Elite Coach': ['Overview', 'Sessions', 'Compare', 'Development'],
    'Elite Admin': ['Overview', 'Sessions', 'Compare', 'Development'],
  },
  'Coach Plus': {
    none: ['Overview', 'Sessions', 'Compare', 'Development'],
    'Elite Coach': ['Overview', 'Sessions', 'Compare', 'Development'],
    'Elite Admin': ['Overview', 'Sessions', 'Compare', 'Development'],
  },
  Elite: {
    none: ['Overview', 'Sessions', 'Compare', 'Development'],
    'Elite Coach': ['Overview', 'Sessions', 'Compare', 'Development'],
    'Elite Admin': ['Team Overview', 'Sessions', 'Coach Management', 'Team Sessions'],
  },
  Pro: { none: ['Overview'], 'Elite Coach': ['Overview'], 'Elite Admin': ['Overview'] },
  'Goalkeeping Plus': { none: ['Overview'], 'Elite Coach': ['Overview'], 'Elite Admin': ['Overview'] },
  'Add-on': { none: ['Overview'], 'Elite Coach': ['Overview'], 'Elite Admin': ['Overview'] },
};

const routeOf: Record<string, string> = {
  Overview: '/dashboard/overview',
  'Team Overview': '/dashboard/overview',
  Sessions: '/dashboard/sessions',
  Compare: '/dashboard/compare',
  Development: '/dashboard/development',
  'Coach Management': '/dashboard/management',
  'Team Sessions': '/dashboard/team-sessions',
};

describe('Dashboard accordion by plan and role', () => {
  for (const plan of PLANS) {
    for (const role of ['none', ...ELITE_ROLES] as const) {
      it(`${plan} / ${role}`, () => {
        const items = dashboardItems({ plan, eliteRole: role === 'none' ? null : role });
        expect(items.map((i) => i.label)).toEqual(expected[plan][role]);
        for (const item of items) expect(item.to).toBe(routeOf[item.label]);
      });
    }
  }
});

// The API answers Compare and Development by the shipped plan catalogue; a coach who is not an Elite Admin sees
// those entries exactly when the API lets them in, so no menu entry leads to a refusal.
describe('menus agree with the shipped plan catalogue', () => {
  const file = readFileSync(path.resolve(__dirname, '../../../../api/plans/plans.yaml'), 'utf8');
  const catalogue = (parse(file) as { plans: { name: Plan; opens: string[] }[] }).plans;
  for (const { name, opens } of catalogue) {
    it(name, () => {
      const labels = dashboardItems({ plan: name, eliteRole: name === 'Elite' ? 'Elite Coach' : null }).map((i) => i.label);
      expect(labels.includes('Compare'), 'Compare').toBe(opens.includes('compare'));
      expect(labels.includes('Development'), 'Development').toBe(opens.includes('development'));
    });
  }
});
