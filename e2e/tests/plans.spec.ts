import { expect, test } from '@playwright/test';
import { PLAN_MESSAGES } from '@touchline/shared';
import { listRequests, setPlan } from '../support/admin';
import { mailUrl } from '../support/env';
import { signUpCoach } from '../support/journey';

test.describe.configure({ timeout: 120_000 });

test('a coach who chose Coach at sign-up waits on Free Trial until the club grants it, then is moved onto Elite live', async ({ page }) => {
  const email = `promoted-${Date.now()}@club.example`;
  await signUpCoach(page, mailUrl, email, 'promote-secret', '', 'Coach');
  const dashboard = page.getByTestId('sidebar').getByRole('region', { name: 'Dashboard' });
  // Choosing a plan gives nobody a plan: the account starts on Free Trial and says the request is with the club.
  await expect(dashboard.getByRole('link')).toHaveText(['Overview', 'Sessions', 'Compare']);
  await expect(page.getByTestId('plan-request')).toHaveText(PLAN_MESSAGES.planRequestPending('Coach', 'Free Trial'));
  expect(await listRequests()).toContain(`${email}\tUpload Coach\tasks for Coach (on Free Trial)`);

  // The club grants it: the open app follows, and the notice goes.
  expect(await setPlan(email, 'Coach')).toBe(`${email} is now on Coach.`);
  await expect(dashboard.getByRole('link')).toHaveText(['Overview', 'Sessions', 'Compare', 'Development'], { timeout: 15_000 });
  await expect(page.getByTestId('plan-request')).toHaveCount(0);
  expect(await listRequests()).not.toContain(email);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('teal');

  // Pricing offers a plan change, which on a club installation is the club's to make (followed in the app, no reload).
  await page.getByTestId('sidebar').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole('button', { name: 'Change plan to Elite' }).click();
  await expect(page.getByRole('listitem', { name: 'Elite' }).getByRole('status')).toHaveText(PLAN_MESSAGES.managedByClub);

  expect(await setPlan(email, 'Elite')).toBe(`${email} is now on Elite.`);

  // No reload, no new sign-in: the live stream tells the app, which refreshes the user (docs/product-spec.md §4).
  await expect(dashboard.getByRole('link')).toHaveText(['Team Overview', 'Sessions', 'Coach Management', 'Team Sessions'], { timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('purple');
  await expect(page.getByRole('listitem', { name: 'Elite' })).toContainText('Your current plan');

  await page.getByTestId('sidebar').getByRole('link', { name: 'Coach Management' }).click();
  await expect(page).toHaveURL(/\/dashboard\/management$/);
  // A reload too shows Elite: the page finds the session again with a silent sign-in (an iframe to the provider,
  // which oidc-client-ts gives up to 10 s), then asks the API.
  await page.goto('/subscription');
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan')).toContainText('Elite', { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Managed by your club' })).toContainText(PLAN_MESSAGES.managedByClub);
});
