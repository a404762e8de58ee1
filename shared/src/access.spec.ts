import { describe, expect, it } from 'vitest';
import { brandThemeFor, canManageSubscription, isEliteAdmin } from './access';
import { ELITE_ROLES, PLANS } from './enums';

describe('access rules', () => {
  it('treats only Elite + Elite Admin as a team admin', () => {
    for (const plan of PLANS) {
      for (const eliteRole of [null, ...ELITE_ROLES]) {
        expect(isEliteAdmin({ plan, eliteRole })).toBe(plan === 'Elite' && eliteRole === 'Elite Admin');
      }
    }
  });

  it('refuses the subscription screen to Free Trial and the Add-on label only', () => {
    const refused = PLANS.filter((plan) => !canManageSubscription({ plan, eliteRole: null }));
    expect(refused).toEqual(['Free Trial', 'Add-on']);
  });

  it('colours Pro and Elite purple and everyone else teal', () => {
    const purple = PLANS.filter((plan) => brandThemeFor({ plan, eliteRole: null }) === 'purple');
    expect(purple).toEqual(['Elite', 'Pro']);
    expect(brandThemeFor(null)).toBe('teal');
  });
});
