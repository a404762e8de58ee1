import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { paths } from '@/config/paths';

export function Brand({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  return (
    <Link to={paths.home} onClick={onNavigate} className="flex items-center gap-2 font-bold text-slate-900">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white" aria-hidden>
        T
      </span>
      <span className={cn('text-lg', compact && 'sr-only')}>Touchline</span>
    </Link>
  );
}
