import { CAPABILITY_LABELS, PLAN_MESSAGES, type PaidSubscriptionDto, type SubscriptionDto } from '@touchline/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PlanBadge } from '@/components/ui/plan-badge';
import { Spinner } from '@/components/ui/spinner';
import { UploadAllowance } from '@/components/upload-allowance';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { openBillingPortal } from '@/lib/billing';
import { useSubscription } from '@/lib/subscription-api';
import { formatDay } from '@/lib/format';

export default function SubscriptionScreen() {
  const subscription = useSubscription();
  return (
    <Page title="Subscription">
      {subscription.isPending ? (
        <Spinner />
      ) : subscription.isError ? (
        <FormAlert>{readApiError(subscription.error)?.message ?? 'Your plan cannot be shown right now. Please try again later.'}</FormAlert>
      ) : (
        <div className="max-w-2xl space-y-6">
          <section aria-labelledby="current-plan" className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 id="current-plan" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              Current plan
            </h2>
            <p className="mt-2 flex items-center gap-3 text-2xl font-semibold text-slate-900" data-testid="current-plan">
              {subscription.data.plan} <PlanBadge plan={subscription.data.plan} />
            </p>
            <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-slate-500">Since</dt>
              <dd className="text-slate-900">{formatDay(subscription.data.planStartedAt)}</dd>
              {subscription.data.trialEndsAt && (
                <>
                  <dt className="text-slate-500">{subscription.data.trialEnded ? 'Trial ended' : 'Trial ends'}</dt>
                  <dd className="text-slate-900">{formatDay(subscription.data.trialEndsAt)}</dd>
                </>
              )}
              <dt className="text-slate-500">Includes</dt>
              <dd className="text-slate-900">
                {subscription.data.opens.length ? subscription.data.opens.map((c) => CAPABILITY_LABELS[c]).join(', ') : 'Session overview and reports'}
              </dd>
            </dl>
            <UploadAllowance className="mt-4" />
          </section>
          {subscription.data.billing === 'stripe' && <PaidSubscription subscription={subscription.data} />}
          {subscription.data.billing === 'none' && (
            <section aria-labelledby="managed" className="rounded-xl border border-slate-200 bg-white p-6">
              <h2 id="managed" className="font-semibold text-slate-900">
                Managed by your club
              </h2>
              <p className="mt-1 text-sm text-slate-600">{PLAN_MESSAGES.managedByClub}</p>
              <Link to={paths.pricing} className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
                Compare plans
              </Link>
            </section>
          )}
        </div>
      )}
    </Page>
  );
}

/** What the renewal line says for each state of a paid subscription. */
function renewal(paid: PaidSubscriptionDto): { label: string; date: string | null } {
  if (paid.status === 'trialing') return { label: 'Trial ends', date: paid.trialEnd ?? paid.currentPeriodEnd };
  if (paid.status === 'canceled' || paid.status === 'unpaid') return { label: 'Ended', date: paid.currentPeriodEnd };
  if (paid.cancelAtPeriodEnd) return { label: 'Ends', date: paid.currentPeriodEnd };
  return { label: 'Renews', date: paid.currentPeriodEnd };
}

/** The paid subscription when the club bills through Stripe: its state, renewal, and the ways to change it. */
function PaidSubscription({ subscription }: { subscription: SubscriptionDto }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const paid = subscription.paid;
  const portal = (flow?: 'cancel') => {
    setPending(true);
    setFailure(null);
    openBillingPortal(flow ? { flow } : {}).catch((error: unknown) => {
      setPending(false);
      setFailure(readApiError(error)?.message ?? 'Billing cannot be opened right now. Please try again later.');
    });
  };
  const ended = paid?.status === 'canceled' || paid?.status === 'unpaid';
  const when = paid && renewal(paid);
  return (
    <section aria-labelledby="billing" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="billing" className="font-semibold text-slate-900">
        Billing
      </h2>
      {!paid ? (
        <p className="mt-1 text-sm text-slate-600">You have no paid subscription yet. Choose a plan on the Pricing page.</p>
      ) : (
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">Status</dt>
          <dd className="text-slate-900" data-testid="billing-status">
            {STATUS_LABELS[paid.status]}
          </dd>
          {paid.interval && (
            <>
              <dt className="text-slate-500">Billed</dt>
              <dd className="text-slate-900">{paid.interval === 'month' ? 'Monthly' : 'Yearly'}</dd>
            </>
          )}
          <dt className="text-slate-500">Add-on</dt>
          <dd className="text-slate-900">{paid.addOn ? 'Included' : 'Not included'}</dd>
          {when?.date && (
            <>
              <dt className="text-slate-500">{when.label}</dt>
              <dd className="text-slate-900">{formatDay(when.date)}</dd>
            </>
          )}
        </dl>
      )}
      {paid?.status === 'past_due' && (
        <div className="mt-4">
          <FormAlert>Your last payment failed. Update your card under Manage billing to keep your {subscription.plan} plan.</FormAlert>
        </div>
      )}
      {ended && (
        <div className="mt-4">
          <FormAlert>Your subscription has ended. Your sessions and reports are kept; choose a plan to upload new sessions.</FormAlert>
        </div>
      )}
      {paid?.cancelAtPeriodEnd && !ended && (
        <p className="mt-4 text-sm text-slate-700" role="status">
          Your subscription is cancelled and ends on {when?.date ? formatDay(when.date) : 'the end of the period'}.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={paths.pricing} className={buttonVariants({ variant: 'outline' })}>
          Change plan
        </Link>
        {paid && (
          <Button type="button" variant="outline" disabled={pending} onClick={() => portal()}>
            Manage billing
          </Button>
        )}
        {paid && !ended && !paid.cancelAtPeriodEnd && (
          <Button type="button" variant="outline" disabled={pending} onClick={() => portal('cancel')}>
            Cancel subscription
          </Button>
        )}
      </div>
      {failure && (
        <div className="mt-4">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}
    </section>
  );
}

const STATUS_LABELS: Record<PaidSubscriptionDto['status'], string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
};
