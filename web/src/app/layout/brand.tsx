import { Link } from 'react-router-dom';
// Plain class joining: these classes never conflict, so tailwind-merge (cn) stays out of the first load.
import { clsx } from 'clsx';
import { paths } from '@/config/paths';

export function Brand({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  return (
    <Link to={paths.home} onClick={onNavigate} className="flex items-center gap-2 font-bold text-slate-900">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white" aria-hidden>
        T
      </span>
      <span className={clsx('text-lg', compact && 'sr-only')}>Touchline</span>
    </Link>
  );
}
