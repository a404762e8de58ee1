import { PLAN_MESSAGES, type UserDto } from '@touchline/shared';
import { Clock } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The plan a coach asked for at sign-up while the club's admin has not answered (billing off); nothing otherwise. */
export function PlanRequestNotice({ user, className }: { user: UserDto | null; className?: string }) {
  if (!user?.requestedPlan) return null;
  return (
    <p
      role="status"
      data-testid="plan-request"
      className={cn('flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900', className)}
    >
      <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {PLAN_MESSAGES.planRequestPending(user.requestedPlan, user.plan)}
    </p>
  );
}
