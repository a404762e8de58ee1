import { expect, test } from '@playwright/test';
import type { BillingRedirectDto } from '@touchline/shared';
import { billingMailUrl } from '../support/env';
import { signUpCoach } from '../support/journey';

test.describe.configure({ timeout: 120_000 });

/**
 * Billing on (BILLING_PROVIDER=stripe, the API talking to stripe-mock): Pricing's "Change plan" asks the API for a
 * Checkout Session and sends the browser to the page Stripe answered. Stripe's own page is not reachable from here,
 * so the browser's visit to it is answered by the test, which records where the browser went.
 */
test('a coach changes plan on Pricing and is sent to the Stripe Checkout page the API asked for', async ({ page }) => {
  const email = `checkout-${Date.now()}@club.example`;
  await signUpCoach(page, billingMailUrl, email, 'checkout-secret');

  const visited: string[] = [];
  await page.route('https://checkout.stripe.com/**', (route) => {
    visited.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Checkout</h1>' });
  });

  await page.getByTestId('sidebar').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  const coachPlus = page.getByRole('listitem', { name: 'Coach Plus' });
  // With billing on, prices show and each interval has its own button.
  await expect(coachPlus.getByRole('button', { name: 'Change plan to Coach Plus, paid yearly' })).toBeVisible();

  // The API's answer passes through unchanged; the test keeps a copy (the page leaves before it could be read).
  const asked: { body: unknown; status: number; url: string }[] = [];
  await page.route('**/api/billing/checkout', async (route) => {
    const response = await route.fetch();
    const { url } = (await response.json()) as BillingRedirectDto;
    asked.push({ body: route.request().postDataJSON(), status: response.status(), url });
    await route.fulfill({ response });
  });
  await coachPlus.getByRole('button', { name: 'Change plan to Coach Plus, paid monthly' }).click();

  await expect(page).toHaveTitle('Stripe Checkout');
  expect(asked).toEqual([{ body: { plan: 'Coach Plus', interval: 'month' }, status: 200, url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) }]);
  expect(visited).toEqual([asked[0]!.url]);
});
