import type { Plan } from './enums';
import type { AccessSubject } from './user';

/** docs/product-spec.md §6: Coach Management and Team Sessions need plan Elite and role Elite Admin. */
export function isEliteAdmin(user: AccessSubject): boolean {
  return user.plan === 'Elite' && user.eliteRole === 'Elite Admin';
}

/** Plans that may open /subscription (docs/product-spec.md §6). Free Trial is refused, and so is anything not listed. */
export const SUBSCRIPTION_PLANS = ['Coach', 'Coach Plus', 'Elite', 'Pro', 'Goalkeeping Plus'] as const satisfies readonly Plan[];

export function canManageSubscription(user: AccessSubject): boolean {
  return (SUBSCRIPTION_PLANS as readonly Plan[]).includes(user.plan);
}

/** Pro and Elite are shown in purple, every other plan (and a visitor) in teal (docs/product-spec.md §2, "Styling"). */
export type BrandTheme = 'purple' | 'teal';

export function brandThemeFor(user: AccessSubject | null): BrandTheme {
  return user && (user.plan === 'Pro' || user.plan === 'Elite') ? 'purple' : 'teal';
}
