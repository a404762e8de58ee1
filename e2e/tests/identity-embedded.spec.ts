import { IDENTITY_ERROR_MESSAGES, PLAN_MESSAGES } from '@touchline/shared';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, mailUrl } from '../support/env';
import { enterEmailedResetCode, logOut, openAccountMenu, setResetPassword } from '../support/journey';
import { linkIn, waitForMail } from '../support/mail';

/** The whole identity journey against the embedded provider, one account, in order. */
test.describe.configure({ mode: 'serial' });

const email = `coach-${Date.now()}@club.example`;
let password = 'first-secret';

async function signInOnProvider(page: Page, secret: string) {
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign up, verify by email, land on the overview with the Free Trial menu', async ({ page }) => {
  await page.goto('/signup?plan=Free%20Trial');
  await expect(page.getByLabel('Plan')).toHaveValue('Free Trial');
  await page.getByLabel('Username').fill('Alex Coach');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pendingRegistration')!))).toMatchObject({
    username: 'Alex Coach',
    email,
    plan: 'Free Trial',
  });

  const mail = await waitForMail(mailUrl, email, /Verify your email/);
  await page.goto(linkIn(mail.text));

  await expect(page).toHaveURL('/dashboard/overview');
  const sidebar = page.getByTestId('sidebar');
  for (const item of ['Overview', 'Sessions', 'Compare']) await expect(sidebar.getByRole('link', { name: item, exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Development' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('pendingRegistration'))).toBeNull();
  const menu = await openAccountMenu(page);
  await expect(menu).toContainText('Alex Coach');
  await expect(menu).toContainText(email);
  await expect(menu).toContainText('Free Trial');
});

test('logout ends the provider session and returns to /', async ({ page }) => {
  await page.goto('/login');
  await signInOnProvider(page, password);
  await expect(page).toHaveURL('/dashboard/overview');

  await logOut(page);
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth-storage'))).not.toContain(email);

  // The provider's session is over too: signing in asks for the password again.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a wrong password shows the catalogue text', async ({ page }) => {
  await page.goto('/login');
  await signInOnProvider(page, 'not-my-password');
  await expect(page.getByRole('alert')).toHaveText(IDENTITY_ERROR_MESSAGES['invalid-credential']);
});

test('a deep link to a protected page comes back to it after login', async ({ page }) => {
  await page.goto('/dashboard/compare');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await signInOnProvider(page, password);
  await expect(page).toHaveURL('/dashboard/compare');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare');
});

test('password reset with the emailed code', async ({ page }) => {
  await enterEmailedResetCode(page, mailUrl, email);
  await setResetPassword(page, '12345');
  // The form checks the length itself and shows the catalogue's text with the field.
  await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(IDENTITY_ERROR_MESSAGES['weak-password'])).toBeVisible();

  password = 'reset-secret';
  await setResetPassword(page, password);
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  await page.getByRole('link', { name: 'Log in' }).last().click();
  await signInOnProvider(page, password);
  await expect(page).toHaveURL('/dashboard/overview');
});

test('password change on /profile asks for the current password first', async ({ page }) => {
  await page.goto('/profile');
  await signInOnProvider(page, password);
  await expect(page).toHaveURL('/profile');
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await page.getByLabel('Current password').fill('wrong-current');
  await page.getByLabel('New password').fill('changed-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText(IDENTITY_ERROR_MESSAGES['wrong-password']);

  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password').fill('changed-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'Password updated' }),
  ).toBeVisible();
  password = 'changed-secret';

  await logOut(page);
  await page.goto('/login');
  await signInOnProvider(page, password);
  await expect(page).toHaveURL('/dashboard/overview');
});

test('sign up in one browser, verify in another: signing in there finishes registration with the chosen username', async ({ browser }) => {
  const who = `phone-${Date.now()}@club.example`;
  const laptop = await browser.newContext({ baseURL });
  const first = await laptop.newPage();
  await first.goto('/signup?plan=Coach%20Plus');
  await first.getByLabel('Username').fill('Sam Phone');
  await first.getByLabel('Email').fill(who);
  await first.getByRole('button', { name: 'Continue' }).click();
  await first.getByLabel('Password').fill('phone-secret');
  await first.getByRole('button', { name: 'Create account' }).click();
  await expect(first.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await laptop.close();

  // The phone: a fresh browser with nothing in its storage opens the link from the email.
  const phone = await browser.newContext({ baseURL });
  const page = await phone.newPage();
  const mail = await waitForMail(mailUrl, who, /Verify your email/);
  await page.goto(linkIn(mail.text));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingRegistration'))).toBeNull();
  await page.getByRole('link', { name: 'Continue to sign in' }).click();

  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(who);
  await page.getByLabel('Password').fill('phone-secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard/overview');
  const menu = await openAccountMenu(page);
  await expect(menu).toContainText('Sam Phone');
  await expect(menu).toContainText(who);
  // The plan chosen on the laptop came along too, as a request the club answers: the coach starts on Free Trial.
  await expect(menu).toContainText('Free Trial');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('plan-request')).toHaveText(PLAN_MESSAGES.planRequestPending('Coach Plus', 'Free Trial'));
  await phone.close();
});
