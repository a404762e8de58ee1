import { SIGNUP_PLANS } from '@touchline/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button-variants';
import { useAuthStore } from '@/features/auth/stores/auth-store';
// Plain class joining: these classes never conflict, so tailwind-merge (cn) stays out of the first load.
import { clsx } from 'clsx';
import { paths, signupWithPlan } from '@/config/paths';

const AccountDropdown = lazy(() => import('./account-dropdown'));

/**
 * The user menu of docs/product-spec.md §2 (username, email, plan badge, View Profile, Subscription, Logout → /), or, for
 * a visitor, Login and Start Free Trial. Subscription is shown exactly when the route guard would let the
 * user in, so Free Trial (and the Add-on label) never see a link that leads to "not found".
 */
export function AccountMenu({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const user = useAuthStore((s) => s.user);

  if (!user) {
    return (
      <div className={clsx('flex gap-2', compact ? 'flex-col' : 'flex-col sm:flex-row md:flex-col')}>
        <Link to={paths.login} onClick={onNavigate} className={buttonVariants({ variant: 'outline', size: 'md' })}>
          Login
        </Link>
        <Link to={signupWithPlan(SIGNUP_PLANS[0])} onClick={onNavigate} className={buttonVariants({ size: 'md' })}>
          Start Free Trial
        </Link>
      </div>
    );
  }

  // Until the menu's chunk arrives, a placeholder of the same size keeps the sidebar from shifting.
  return (
    <Suspense fallback={<div className="h-[3.25rem] w-full" aria-hidden />}>
      <AccountDropdown user={user} compact={compact} onNavigate={onNavigate} />
    </Suspense>
  );
}
