import { SIGNUP_PLANS } from '@touchline/shared';
import { Menu, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths, signupWithPlan } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
// Plain class joining: these classes never conflict, so tailwind-merge (cn) stays out of the first load.
import { clsx } from 'clsx';
import { AccountMenu } from './account-menu';
import { Brand } from './brand';
import { NavMenu } from './nav-menu';
import { LAYOUT } from '@/config/constants';

type OverlayState = 'closed' | 'open' | 'closing';

/**
 * The phone layout's menu button and its full-screen overlay. The overlay closes with a 300 ms animation
 * on Escape, on a tap on the backdrop, with its close button or after a navigation; the page behind it
 * cannot scroll while it is open.
 */
export function MobileMenu() {
  const [state, setState] = useState<OverlayState>('closed');
  const signedIn = useAuthStore((s) => s.user !== null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const close = useCallback(() => {
    setState((current) => (current === 'open' ? 'closing' : current));
  }, []);

  useEffect(() => {
    if (state !== 'closing') return;
    timer.current = setTimeout(() => setState('closed'), LAYOUT.mobileMenuCloseMs);
    return () => clearTimeout(timer.current);
  }, [state]);

  const visible = state !== 'closed';
  useEffect(() => {
    if (!visible) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [visible, close]);

  return (
    <>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 md:hidden">
        {/* The name gives way to Login and Start Free Trial on a narrow phone; it stays readable to screen readers. */}
        <Brand compact={!signedIn} />
        <div className="flex items-center gap-2">
          {/* A visitor reaches sign-in and sign-up from the header itself, as on a wide screen. */}
          {!signedIn && (
            <>
              <Link to={paths.login} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                Login
              </Link>
              <Link to={signupWithPlan(SIGNUP_PLANS[0])} className={buttonVariants({ size: 'sm' })}>
                Start Free Trial
              </Link>
            </>
          )}
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={state === 'open'}
            aria-controls="mobile-menu"
            onClick={() => setState('open')}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
          >
            <Menu className="h-6 w-6" aria-hidden />
          </button>
        </div>
      </header>
      {visible && (
        <div id="mobile-menu" role="dialog" aria-modal="true" aria-label="Menu" data-state={state} className="fixed inset-0 z-50 md:hidden">
          <div
            data-testid="mobile-menu-backdrop"
            onClick={close}
            className={clsx(
              'absolute inset-0 bg-slate-900/60',
              state === 'open' ? 'animate-[fade-in_300ms_ease-out]' : 'animate-[fade-out_300ms_ease-in_forwards]',
            )}
          />
          <div
            className={clsx(
              'absolute inset-y-0 left-0 flex w-full max-w-xs flex-col bg-white shadow-xl',
              state === 'open' ? 'animate-[slide-in_300ms_ease-out]' : 'animate-[slide-out_300ms_ease-in_forwards]',
            )}
          >
            <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
              <Brand onNavigate={close} />
              <button type="button" aria-label="Close menu" onClick={close} className="rounded-md p-2 text-slate-700 hover:bg-slate-100">
                <X className="h-6 w-6" aria-hidden />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto p-3">
              <NavMenu onNavigate={close} />
            </div>
            <div className="border-t border-slate-200 p-3">
              <AccountMenu onNavigate={close} />
            </div>
          </div>
        </div>
      )}
    </>
  );
}
