import { PLAN_MESSAGES } from '@touchline/shared';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePlanCatalogue } from '@/lib/plans-api';

/** How the API's refusal by plan (PLAN_MESSAGES.capabilityRequired) ends; the link below says it instead. */
const PRICING_POINTER = ' Choose a plan on the Pricing page.';

/**
 * A refusal by plan, with where a plan comes from: on a club's installation (billing off) the club's admin, with
 * a link to compare the plans; with billing on, a link to Pricing where the coach chooses one.
 */
export function PlanRefusal({ message }: { message: string }) {
  const catalogue = usePlanCatalogue();
  const reason = message.endsWith(PRICING_POINTER) ? message.slice(0, -PRICING_POINTER.length) : message;
  if (catalogue.data?.billing === 'none') {
    return (
      <>
        {reason} {PLAN_MESSAGES.managedByClub}{' '}
        <Link to={paths.pricing} className="font-semibold underline">
          Compare plans
        </Link>
      </>
    );
  }
  return (
    <>
      {reason}{' '}
      <Link to={paths.pricing} className="font-semibold underline">
        Choose a plan on the Pricing page
      </Link>
      .
    </>
  );
}
