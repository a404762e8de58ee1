import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isLoggingOut } from '@/features/auth/auth-actions';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { decideAccess, type Requirement } from './access';
import { paths } from '@/config/paths';
import { STORAGE_KEYS } from '@/config/constants';

export function RouteGuard({ requirement, children }: { requirement: Requirement; children: ReactNode }) {
  const user = useAuthStore((s) => s.user);
  const location = useLocation();
  const decision = decideAccess(requirement, user, location.pathname + location.search);

  if (decision.kind === 'login') {
    if (isLoggingOut()) return null;
    sessionStorage.setItem(STORAGE_KEYS.redirectAfterLogin, decision.returnPath);
    return <Navigate to={decision.redirectTo} replace />;
  }
  if (decision.kind === 'notFound') return <Navigate to={paths.notFound} replace />;
  return children;
}
