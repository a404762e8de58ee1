import { expect, type Page } from '@playwright/test';
import { codeIn, countMails, linkIn, waitForMail } from './mail';
import { setPlan } from './admin';

/** Steps of the identity journey that read the same whichever provider signs people in. */

export async function openAccountMenu(page: Page) {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu');
}

export async function logOut(page: Page) {
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
}

/** Asks /reset-password for a code, reads it from the mail catcher, and fills it in; leaves the password step open. */
export async function enterEmailedResetCode(page: Page, mailUrl: string, email: string) {
  const before = await countMails(mailUrl, email, /password reset code/);
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists');
  const mail = await waitForMail(mailUrl, email, /password reset code/, before);
  await page.getByLabel('Code from the email').fill(codeIn(mail.text));
}

export async function setResetPassword(page: Page, password: string) {
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
}

/** Signs a new coach up on the embedded provider through the product's pages and lands on the overview. */
export async function signUpCoach(page: Page, mailUrl: string, email: string, password: string, baseUrl = '', plan = 'Coach') {
  await page.goto(`${baseUrl}/signup?plan=${encodeURIComponent(plan)}`);
  await page.getByLabel('Username').fill('Upload Coach');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const mail = await waitForMail(mailUrl, email, /Verify your email/);
  await page.goto(linkIn(mail.text));
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
}

/**
 * The club's admin gives a signed-in coach a plan (`npm run admin -- set-plan`), and the open app follows: sign-up
 * alone starts every account on Free Trial, the plan chosen there being a request.
 */
export async function grantPlan(page: Page, email: string, plan: string) {
  expect(await setPlan(email, plan)).toBe(`${email} is now on ${plan}.`);
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('auth-storage') ?? '{}') as { state?: { user?: { plan?: string } } }).state?.user?.plan), {
      timeout: 15_000,
    })
    .toBe(plan);
}

/** Signs an existing coach in on the embedded provider. */
export async function signInCoach(page: Page, email: string, password: string, baseUrl = '') {
  await page.goto(`${baseUrl}/login`);
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
}
