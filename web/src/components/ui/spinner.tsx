import { clsx } from 'clsx';

/**
 * A loading indicator. `inline` sits at the start of its line without padding; `className` only adds classes
 * that do not conflict with these (plain joining keeps tailwind-merge out of the first page's download).
 */
export function Spinner({ className, label = 'Loading', inline = false }: { className?: string; label?: string; inline?: boolean }) {
  return (
    <div role="status" aria-live="polite" className={clsx('flex items-center', inline ? 'justify-start' : 'justify-center p-8', className)}>
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}
