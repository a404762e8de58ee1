import type { Plan } from '@touchline/shared';
import { cn } from '@/lib/cn';

export function PlanBadge({ plan, className }: { plan: Plan; className?: string }) {
  return <span className={cn('inline-flex rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800', className)}>{plan}</span>;
}
