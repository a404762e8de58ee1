import { canManageSubscription, isEliteAdmin, type AccessSubject } from '@touchline/shared';

/** What a route needs (docs/product-spec.md §6). */
export type Requirement = 'public' | 'login' | 'eliteAdmin' | 'subscription';

export type AccessDecision = { kind: 'allow' } | { kind: 'login'; redirectTo: string; returnPath: string } | { kind: 'notFound' };

/**
 * The route guard of docs/product-spec.md §4: a protected route without a user goes to
 * `/login?redirect={encoded path}` (the caller also keeps the path as `redirectAfterLogin`);
 * a role or plan mismatch goes to /404.
 */
export function decideAccess(requirement: Requirement, user: AccessSubject | null, currentPath: string): AccessDecision {
  if (requirement === 'public') return { kind: 'allow' };
  if (!user) return { kind: 'login', returnPath: currentPath, redirectTo: `/login?redirect=${encodeURIComponent(currentPath)}` };
  if (requirement === 'eliteAdmin' && !isEliteAdmin(user)) return { kind: 'notFound' };
  if (requirement === 'subscription' && !canManageSubscription(user)) return { kind: 'notFound' };
  return { kind: 'allow' };
}
