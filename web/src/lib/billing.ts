import type { BillingRedirectDto, CheckoutRequestDto, PortalRequestDto } from '@touchline/shared';
import { apiRequest } from './api-client';

/** Leaving the app for the provider's page (an object, so tests can watch where the browser is sent). */
export const billingNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** Sends the browser to the payment provider's page; the answer comes back through the provider's webhook. */
function go({ url }: BillingRedirectDto): void {
  billingNavigation.go(url);
}

/** Subscribe, or change plan, on the provider's checkout page. */
export async function startCheckout(request: CheckoutRequestDto): Promise<void> {
  go(await apiRequest<BillingRedirectDto>('POST', '/api/billing/checkout', request));
}

/** Cards, invoices and cancelling on the provider's portal. */
export async function openBillingPortal(request: PortalRequestDto = {}): Promise<void> {
  go(await apiRequest<BillingRedirectDto>('POST', '/api/billing/portal', request));
}
