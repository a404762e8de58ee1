import { Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { canManageSubscription } from '@touchline/shared';
import { paths, signupWithPlan } from '@/config/paths';
import { Page } from '@/components/layout/page';
import { useViewer } from '@/components/layout/viewer';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { planDescriptions } from '../plans';

export default function PricingScreen() {
  const user = useViewer();
  return (
    <Page
      title="Pricing"
      lead="Choose the plan that fits your coaching. Your club sets the prices of its own installation; ask your club admin for yours."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {planDescriptions.map((plan) => (
          <li
            key={plan.name}
            aria-label={plan.name}
            className={cn('flex flex-col rounded-xl border bg-white p-6', plan.highlighted ? 'border-brand-500 ring-2 ring-brand-500' : 'border-slate-200')}
          >
            <h2 className="text-xl font-semibold text-slate-900">{plan.name}</h2>
            <p className="mt-1 text-sm text-slate-600">{plan.summary}</p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
            {!user ? (
              <Link
                to={signupWithPlan(plan.name)}
                className={cn(buttonVariants({ variant: plan.highlighted ? 'primary' : 'outline' }), 'mt-6')}
              >
                {plan.name === 'Free Trial' ? 'Start Free Trial' : `Choose ${plan.name}`}
              </Link>
            ) : user.plan === plan.name ? (
              // A coach with an account is not offered a sign-up: their plan is marked, and changes go through Subscription.
              <p className="mt-6 text-center text-sm font-semibold text-brand-800">Your current plan</p>
            ) : (
              plan.name !== 'Free Trial' &&
              canManageSubscription(user) && (
                <Link to={paths.subscription} className={cn(buttonVariants({ variant: 'outline' }), 'mt-6')}>
                  Switch to {plan.name}
                </Link>
              )
            )}
          </li>
        ))}
      </ul>
    </Page>
  );
}
