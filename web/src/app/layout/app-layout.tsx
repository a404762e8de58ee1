import { brandThemeFor } from '@touchline/shared';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Outlet } from 'react-router-dom';
import type { ViewerContext } from '@/components/layout/viewer';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/features/auth/stores/auth-store';
// Plain class joining: these classes never conflict, so tailwind-merge (cn) stays out of the first load.
import { clsx } from 'clsx';
import { Footer } from './footer';
import { useLayoutStore } from './layout-store';
import { MobileMenu } from './mobile-menu';
import { Sidebar } from './sidebar';

// Rare (a team admin changed the coach's membership), so out of the first load.
const AccountNotice = lazy(() => import('./account-notice').then(({ AccountNotice }) => ({ default: AccountNotice })));

/** Pro and Elite are purple, every other plan and a visitor teal; the whole document follows. */
function useBrandTheme() {
  const user = useAuthStore((s) => s.user);
  const theme = brandThemeFor(user);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}

export function AppLayout() {
  useBrandTheme();
  const user = useAuthStore((s) => s.user);
  const viewer: ViewerContext = useMemo(() => ({ user }), [user]);
  const collapsed = useLayoutStore((s) => s.sidebarCollapsed);
  return (
    <div className="min-h-screen bg-slate-50">
      {/* The first thing a keyboard reaches: past the navigation to the page's own content. */}
      <a
        href="#main"
        className="sr-only focus-visible:not-sr-only focus-visible:fixed focus-visible:left-4 focus-visible:top-4 focus-visible:z-[70] focus-visible:rounded-md focus-visible:bg-white focus-visible:px-4 focus-visible:py-2 focus-visible:text-sm focus-visible:font-medium focus-visible:text-slate-900 focus-visible:shadow-lg focus-visible:outline-2 focus-visible:outline-slate-900"
      >
        Skip to main content
      </a>
      <Sidebar />
      <MobileMenu />
      <div className={clsx('flex min-h-screen flex-col transition-[padding] duration-200', collapsed ? 'md:pl-20' : 'md:pl-72')}>
        {/* At least a screen tall: the footer starts below the fold, so a page whose data arrives late grows
            downwards without pushing a visible footer away (a layout shift). */}
        <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
          {user?.notice && (
            <Suspense fallback={null}>
              <AccountNotice />
            </Suspense>
          )}
          <Suspense fallback={<Spinner />}>
            <Outlet context={viewer} />
          </Suspense>
        </main>
        <Footer />
      </div>
    </div>
  );
}
