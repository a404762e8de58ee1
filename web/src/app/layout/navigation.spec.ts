import { ELITE_ROLES, PLANS, type EliteRole, type Plan } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { dashboardItems } from './navigation';

// docs/product-spec.md §2, "Dashboard accordion items by plan", written out in full rather than derived from the code.
const expected: Record<Plan, Record<'none' | EliteRole, string[]>> = {
  'Free Trial': { none: ['Overview', 'Sessions', 'Compare'], 'Elite Coach': ['Overview', 'Sessions', 'Compare'], 'Elite Admin': ['Overview', 'Sessions', 'Compare'] },
  Coach: { none: ['Overview', 'Sessions', 'Compare', 'Development'], 'Elite Coach': ['Overview', 'Sessions', 'Compare', 'Development'], 'Elite Admin': ['Overview', 'Sessions', 'Compare', 'Development'] },
  'Coach Plus': { none: ['Overview', 'Sessions', 'Compare', 'Development'], 'Elite Coach': ['Overview', 'Sessions', 'Compare', 'Development'], 'Elite Admin': ['Overview', 'Sessions', 'Compare', 'Development'] },
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
