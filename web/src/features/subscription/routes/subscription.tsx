import { CAPABILITY_LABELS, PLAN_MESSAGES } from '@touchline/shared';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PlanBadge } from '@/components/ui/plan-badge';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { useSubscription } from '../api/subscription-api';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

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
              <dd className="text-slate-900">{day.format(new Date(subscription.data.planStartedAt))}</dd>
              {subscription.data.trialEndsAt && (
                <>
                  <dt className="text-slate-500">{subscription.data.trialEnded ? 'Trial ended' : 'Trial ends'}</dt>
                  <dd className="text-slate-900">{day.format(new Date(subscription.data.trialEndsAt))}</dd>
                </>
              )}
              <dt className="text-slate-500">Includes</dt>
              <dd className="text-slate-900">
                {subscription.data.opens.length ? subscription.data.opens.map((c) => CAPABILITY_LABELS[c]).join(', ') : 'Session overview and reports'}
              </dd>
            </dl>
          </section>
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
