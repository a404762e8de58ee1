import type { BillingRedirectDto, CheckoutRequestDto, PortalRequestDto } from '@touchline/shared';
import type { UserEntity } from '../../users';

/** Where the payment provider posts its events, under the API prefix; its body is kept raw (see create-app). */
export const BILLING_WEBHOOK_ROUTE = 'billing/stripe/webhook';

/**
 * How coaches pay for plans, behind one interface: `none` (the club's admins assign plans, nothing is charged)
 * or `stripe`. BILLING_PROVIDER chooses the adapter at start.
 */
export interface BillingPort {
  /** The provider's page where the coach subscribes, or moves to another plan. */
  checkout(user: UserEntity, request: CheckoutRequestDto): Promise<BillingRedirectDto>;
  /** The provider's page for cards, invoices and cancelling. */
  portal(user: UserEntity, request: PortalRequestDto): Promise<BillingRedirectDto>;
  /** Applies one event the provider posted, after checking its signature over the raw body. */
  webhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
}

export const BILLING_PORT = Symbol('BILLING_PORT');
