import { Check } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PLAN_MESSAGES, type BillingInterval, type PaidPlan, type PlanDto } from '@touchline/shared';
import { signupWithPlan } from '@/config/paths';
import { Page } from '@/components/layout/page';
import { PlanRequestNotice } from '@/components/layout/plan-request-notice';
import { useViewer } from '@/components/layout/viewer';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { readApiError } from '@/lib/api-client';
import { startCheckout } from '@/lib/billing';
import { cn } from '@/lib/cn';
import { usePlanCatalogue } from '@/lib/plans-api';
import { formatPrice, HIGHLIGHTED_PLAN, planLimits } from '../plans';

export default function PricingScreen() {
  const catalogue = usePlanCatalogue();
  const billing = catalogue.data?.billing ?? 'none';
  const user = useViewer();
  return (
    <Page
      title="Pricing"
      lead={
        billing === 'none'
          ? 'Choose the plan that fits your coaching. Your club sets the plans of its own installation; ask your club admin for yours.'
          : 'Choose the plan that fits your coaching.'
      }
    >
      <PlanRequestNotice user={user} className="mb-6" />
      {catalogue.isPending ? (
        <Spinner />
      ) : catalogue.isError ? (
        <FormAlert>The plans cannot be shown right now. Please try again later.</FormAlert>
      ) : (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {catalogue.data.plans
              .filter((plan) => !plan.addOn)
              .map((plan) => (
                <PlanCard key={plan.name} plan={plan} billing={billing} />
              ))}
          </ul>
          {catalogue.data.plans
            .filter((plan) => plan.addOn)
            .map((addOn) => (
              <section key={addOn.name} aria-label={addOn.name} className="mt-8 rounded-xl border border-slate-200 bg-white p-6">
                <h2 className="text-xl font-semibold text-slate-900">{addOn.name}</h2>
                <p className="mt-1 text-sm text-slate-600">{addOn.summary}</p>
                <Features plan={addOn} />
              </section>
            ))}
        </>
      )}
    </Page>
  );
}

function Features({ plan }: { plan: PlanDto }) {
  return (
    <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
      {[...plan.features, ...planLimits(plan)].map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
          {feature}
        </li>
      ))}
    </ul>
  );
}

function PlanCard({ plan, billing }: { plan: PlanDto; billing: 'none' | 'stripe' }) {
  const user = useViewer();
  const [asked, setAsked] = useState(false);
  const highlighted = plan.name === HIGHLIGHTED_PLAN;
  return (
    <li
      aria-label={plan.name}
      className={cn('flex flex-col rounded-xl border bg-white p-6', highlighted ? 'border-brand-500 ring-2 ring-brand-500' : 'border-slate-200')}
    >
      <h2 className="text-xl font-semibold text-slate-900">{plan.name}</h2>
      {billing !== 'none' && plan.prices.length > 0 && <p className="mt-1 text-lg font-semibold text-slate-900">{plan.prices.map(formatPrice).join(' or ')}</p>}
      <p className="mt-1 text-sm text-slate-600">{plan.summary}</p>
      <Features plan={plan} />
      {!user ? (
        <Link to={signupWithPlan(plan.name)} className={cn(buttonVariants({ variant: highlighted ? 'primary' : 'outline' }), 'mt-6')}>
          {plan.name === 'Free Trial' ? 'Start Free Trial' : `Choose ${plan.name}`}
        </Link>
      ) : user.plan === plan.name ? (
        <p className="mt-6 text-center text-sm font-semibold text-brand-800">Your current plan</p>
      ) : billing === 'none' && user.requestedPlan === plan.name ? (
        <p className="mt-6 text-center text-sm font-semibold text-amber-800">Requested: waiting for your club’s admin</p>
      ) : billing === 'stripe' ? (
        plan.name !== 'Free Trial' && <CheckoutButtons plan={plan} />
      ) : (
        // A coach with an account is never offered a trial again; a club installation assigns plans itself.
        plan.name !== 'Free Trial' && (
          <div className="mt-6 space-y-2">
            <Button type="button" variant="outline" className="w-full" aria-label={`Change plan to ${plan.name}`} onClick={() => setAsked(true)}>
              Change plan
            </Button>
            {asked && (
              <p role="status" className="text-sm text-slate-700">
                {PLAN_MESSAGES.managedByClub}
              </p>
            )}
          </div>
        )
      )}
    </li>
  );
}

/** One "Change plan" per price: the API answers Stripe's checkout page, where the coach pays or changes plan. */
function CheckoutButtons({ plan }: { plan: PlanDto }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const choose = (interval: BillingInterval) => {
    setPending(true);
    setFailure(null);
    startCheckout({ plan: plan.name as PaidPlan, interval }).catch((error: unknown) => {
      setPending(false);
      setFailure(readApiError(error)?.message ?? 'The checkout cannot be opened right now. Please try again later.');
    });
  };
  return (
    <div className="mt-6 space-y-2">
      {plan.prices.map((price) => (
        <Button
          key={price.interval}
          type="button"
          variant="outline"
          className="w-full"
          disabled={pending}
          aria-label={`Change plan to ${plan.name}, paid ${price.interval === 'month' ? 'monthly' : 'yearly'}`}
          onClick={() => choose(price.interval)}
        >
          Change plan · {formatPrice(price)}
        </Button>
      ))}
      {failure && <FormAlert>{failure}</FormAlert>}
    </div>
  );
}
