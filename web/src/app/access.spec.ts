import { ELITE_ROLES, PLANS } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { decideAccess } from './access';

describe('decideAccess', () => {
  it('lets everyone into public routes', () => {
    expect(decideAccess('public', null, '/pricing')).toEqual({ kind: 'allow' });
  });

  it('sends a visitor to login with the encoded path', () => {
    expect(decideAccess('login', null, '/sessions/abc?tab=transcript')).toEqual({
      kind: 'login',
      returnPath: '/sessions/abc?tab=transcript',
      redirectTo: '/login?redirect=%2Fsessions%2Fabc%3Ftab%3Dtranscript',
    });
    for (const requirement of ['eliteAdmin', 'subscription'] as const) {
      expect(decideAccess(requirement, null, '/x').kind).toBe('login');
    }
  });

  it('sends a role or plan mismatch to not found', () => {
    for (const plan of PLANS) {
      for (const eliteRole of [null, ...ELITE_ROLES]) {
        const user = { plan, eliteRole };
        expect(decideAccess('login', user, '/upload').kind).toBe('allow');
        expect(decideAccess('eliteAdmin', user, '/dashboard/management').kind).toBe(plan === 'Elite' && eliteRole === 'Elite Admin' ? 'allow' : 'notFound');
        expect(decideAccess('subscription', user, '/subscription').kind).toBe(plan === 'Free Trial' || plan === 'Add-on' ? 'notFound' : 'allow');
      }
    }
  });
});
