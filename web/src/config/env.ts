import { missingSettingMessage } from '@touchline/shared';

/** Build settings, checked once when the app starts. A missing one stops the app with an error naming it. */
function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(missingSettingMessage(name));
  return value;
}

function email(name: string, value: string): string {
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new Error(`${name} must be an email address`);
  return value;
}

function publishableKey(name: string, value: string | undefined, mode: 'live' | 'test'): string | null {
  if (!value) return null;
  if (!value.startsWith(`pk_${mode}_`)) throw new Error(`${name} must be a Stripe publishable key (pk_${mode}_…)`);
  return value;
}

/**
 * The card-payment public keys, live and test (docs/product-spec.md §3); a production build uses the live one,
 * any other build the test one. Both are optional: a club without billing sets neither, and the API's
 * BILLING_PROVIDER decides whether plans are sold at all.
 */
export function readEnv(source: Record<string, string | undefined>) {
  const live = publishableKey('VITE_STRIPE_PUBLISHABLE_KEY_LIVE', source.VITE_STRIPE_PUBLISHABLE_KEY_LIVE, 'live');
  const test = publishableKey('VITE_STRIPE_PUBLISHABLE_KEY_TEST', source.VITE_STRIPE_PUBLISHABLE_KEY_TEST, 'test');
  return {
    supportEmail: email('VITE_SUPPORT_EMAIL', required('VITE_SUPPORT_EMAIL', source.VITE_SUPPORT_EMAIL)),
    stripePublishableKeys: { live, test },
    stripePublishableKey: source.MODE === 'production' ? live : test,
  };
}

export const env = readEnv(import.meta.env);
