import { Hourglass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSubscription } from '@/lib/subscription-api';
import { formatDay } from '@/lib/format';

const DAY_MS = 86_400_000;

/** Whole days from `now` until `end`, counting a day begun as a day left: 0 once it has passed. */
export function daysLeft(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/**
 * A Free Trial coach's days left and the day the trial ends (or ended), where they look: the overview, the upload
 * page and the profile. Subscription, which shows it too, is closed to Free Trial; nothing shows on another plan.
 */
export function TrialStatus({ plan, className }: { plan: string | undefined; className?: string }) {
  const subscription = useSubscription(plan === 'Free Trial');
  const data = subscription.data;
  if (plan !== 'Free Trial' || !data?.trialEndsAt || data.plan !== 'Free Trial') return null;
  const end = new Date(data.trialEndsAt);
  const left = daysLeft(end, new Date());
  const next =
    data.billing === 'none' ? (
      ' Your plan is managed by your club: ask your club’s admin for a plan to keep uploading.'
    ) : (
      <>
        {' '}
        <Link to={paths.pricing} className="font-semibold underline">
          Choose a plan
        </Link>{' '}
        to keep uploading.
      </>
    );
  return (
    <p
      role="status"
      data-testid="trial-status"
      className={cn(
        'flex items-start gap-2 rounded-lg border p-3 text-sm',
        data.trialEnded || left <= 3 ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-brand-200 bg-brand-50 text-brand-900',
        className,
      )}
    >
      <Hourglass className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        {data.trialEnded ? (
          <>Your Free Trial ended on {formatDay(end)}. Your sessions and reports are kept.</>
        ) : (
          <>
            Free Trial: <strong>{left === 1 ? '1 day' : `${left} days`} left</strong>. It ends on {formatDay(end)}.
          </>
        )}
        {next}
      </span>
    </p>
  );
}
