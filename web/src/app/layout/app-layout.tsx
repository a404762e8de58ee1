import { brandThemeFor } from '@touchline/shared';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { cn } from '@/lib/cn';
import { Footer } from './footer';
import { useLayoutStore } from './layout-store';
import { MobileMenu } from './mobile-menu';
import { Sidebar } from './sidebar';

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
  const collapsed = useLayoutStore((s) => s.sidebarCollapsed);
  return (
    <div className="min-h-screen bg-slate-50">
      <Sidebar />
      <MobileMenu />
      <div className={cn('flex min-h-screen flex-col transition-[padding] duration-200', collapsed ? 'md:pl-20' : 'md:pl-72')}>
        <main className="flex-1">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </div>
  );
}
