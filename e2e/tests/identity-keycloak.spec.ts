import { IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { expect, test, type Page } from '@playwright/test';
import { keycloakMailUrl as mailUrl, keycloakListenURL, keycloakProductURL, keycloakURL } from '../support/env';
import { enterEmailedResetCode, logOut, openAccountMenu, setResetPassword } from '../support/journey';
import { linkIn, waitForMail } from '../support/mail';

/** The identity journey against Keycloak with the project's realm and theme, one account, in order. */
test.describe.configure({ mode: 'serial' });

const email = `kc-coach-${Date.now()}@club.example`;
let password = 'first-secret';

async function signInOnKeycloak(page: Page, secret: string) {
  await expect(page).toHaveURL(new RegExp(`^${keycloakURL}/realms/touchline/`));
  await page.locator('input[name=password]').waitFor();
  // When re-authenticating, Keycloak already knows the account and asks for the password only.
  const username = page.locator('input[name=username]');
  if ((await username.count()) > 0 && (await username.isEditable())) await username.fill(email);
  await page.locator('input[name=password]').fill(secret);
  await page.locator('input[name=password]').press('Enter');
}

async function setNewPassword(page: Page, secret: string) {
  await page.locator('input[name=password-new]').fill(secret);
  await page.locator('input[name=password-confirm]').fill(secret);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Uncaught script errors on Keycloak's own pages. */
function keycloakPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    if (page.url().startsWith(keycloakURL)) errors.push(`${page.url()}: ${error.message}`);
  });
  return errors;
}

/** Seconds an emailed Keycloak link works, from its action token (the `key` parameter, a JWT). */
function linkLifetimeSeconds(link: string): number {
  const token = new URL(link).searchParams.get('key')!;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
  return claims.exp - Date.now() / 1000;
}

test("the README's addresses: the product and Keycloak both on localhost, on ports of their own", () => {
  expect(new URL(keycloakProductURL).hostname).toBe('localhost');
  expect(new URL(keycloakURL).hostname).toBe('localhost');
  expect(new URL(keycloakProductURL).port).not.toBe('8080');
  expect(new URL(keycloakURL).port).not.toBe('8081');
});

test('sign up on Keycloak, verify by email, land on the overview with the Free Trial menu', async ({ page }) => {
  const scriptErrors = keycloakPageErrors(page);
  await page.goto('/signup?plan=Free%20Trial');
  await page.getByLabel('Username').fill('Kim Coach');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Create your Touchline account')).toBeVisible();
  await expect(page.locator('input[name=email]')).toHaveValue(email);
  await page.locator('input[name=firstName]').fill('Kim');
  await page.locator('input[name=lastName]').fill('Coach');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('You need to verify your email address')).toBeVisible();
  await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible();
  expect(scriptErrors).toEqual([]);

  const mail = await waitForMail(mailUrl, email, /Verify email/);
  await page.goto(linkIn(mail.text));
  // With verification on, Keycloak asks for the password once the address is proven.
  await page.locator('input[name=password-new]').fill('12345');
  await page.locator('input[name=password-confirm]').fill('12345');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(IDENTITY_ERROR_MESSAGES['weak-password'])).toBeVisible();
  await setNewPassword(page, password);

  await expect(page).toHaveURL('/dashboard/overview');
  const sidebar = page.getByTestId('sidebar');
  for (const item of ['Overview', 'Sessions', 'Compare']) await expect(sidebar.getByRole('link', { name: item, exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Development' })).toHaveCount(0);
  const menu = await openAccountMenu(page);
  await expect(menu).toContainText('Kim Coach');
  await expect(menu).toContainText('Free Trial');
});

test('the verification email speaks for the product, its link works 24 hours, and a used one says so plainly', async ({ browser }) => {
  const mail = await waitForMail(mailUrl, email, /Verify email/);
  expect(mail.subject).toBe('Verify email for your Touchline account');
  expect(mail.text).toContain('Welcome to Touchline!');
  expect(mail.text).toContain('The link works for 1 day.');
  expect(linkLifetimeSeconds(linkIn(mail.text))).toBeGreaterThan(23.9 * 3600);

  // The link again, used already, opened where no sign-up started.
  const other = await browser.newPage();
  await other.goto(linkIn(mail.text));
  // Verified already: Keycloak says so in the product's words, not "We are sorry…".
  await expect(other.locator('body')).not.toContainText('We are sorry');
  await expect(other.locator('body')).toContainText(/no longer valid|already confirmed|has expired/);
  await other.close();
});

test.describe('Keycloak on another site', () => {
  test.use({ bypassCSP: true });

  test('signed-out pages render without leaving the product, even when Keycloak is on another site (127.0.0.1)', async ({ page }) => {
    // The product as started with KEYCLOAK_URL=http://127.0.0.1:<port> while it is opened at localhost: its pages get
    // Keycloak's address from /api/auth/config (and would allow it in their Content-Security-Policy, bypassed here).
    const site = (u: string) => new URL(u).origin;
    await page.route(`${keycloakProductURL}/api/auth/config`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replaceAll(keycloakURL, keycloakListenURL) });
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });

    for (const [path, shown] of [
      ['/', page.getByTestId('sidebar').getByRole('link', { name: 'Login' })],
      ['/pricing', page.getByTestId('sidebar').getByRole('link', { name: 'Login' })],
      ['/signup', page.getByLabel('Username')],
      ['/reset-password', page.getByRole('button', { name: 'Send code' })],
    ] as const) {
      // The silent check answers in its hidden frame (no session: Keycloak's cookies do not reach it across sites).
      const silentCheck = page.waitForRequest((r) => r.url().startsWith(`${keycloakProductURL}/silent-check-sso.html`), { timeout: 20_000 });
      await page.goto(path);
      await silentCheck;
      await expect(shown).toBeVisible();
      await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Login' })).toBeVisible();
      await page.waitForTimeout(500);
      expect(page.url(), `${path} stays in the product`).toBe(`${keycloakProductURL}${path}`);
    }
    expect(visited.filter((u) => site(u) !== keycloakProductURL)).toEqual([]);
  });
});

test('a second sign-up with the same email shows the catalogue text', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Username').fill('Twin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('input[name=firstName]').fill('Twin');
  await page.locator('input[name=lastName]').fill('Coach');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(IDENTITY_ERROR_MESSAGES['email-already-in-use'])).toBeVisible();
});

test('logout ends the Keycloak session and returns to /', async ({ page }) => {
  await page.goto('/login');
  await signInOnKeycloak(page, password);
  await expect(page).toHaveURL('/dashboard/overview');
  await logOut(page);
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL('/');
  await page.goto('/login');
  await expect(page.locator('input[name=password]')).toBeVisible();
});

test('a wrong password shows the catalogue text', async ({ page }) => {
  await page.goto('/login');
  await signInOnKeycloak(page, 'not-my-password');
  await expect(page.getByText(IDENTITY_ERROR_MESSAGES['invalid-credential'])).toBeVisible();
});

test('a deep link to a protected page comes back to it after login', async ({ page }) => {
  await page.goto('/dashboard/compare');
  await signInOnKeycloak(page, password);
  await expect(page).toHaveURL('/dashboard/compare');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare');
});

test('password reset with the emailed code', async ({ page }) => {
  await enterEmailedResetCode(page, mailUrl, email);
  password = 'reset-secret';
  await setResetPassword(page, password);
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  await page.getByRole('link', { name: 'Log in' }).last().click();
  await signInOnKeycloak(page, password);
  await expect(page).toHaveURL('/dashboard/overview');
});

test('password change on /profile re-authenticates first', async ({ page }) => {
  await page.goto('/profile');
  await signInOnKeycloak(page, password);
  await expect(page).toHaveURL('/profile');
  await page.getByRole('button', { name: 'Change password' }).click();

  await signInOnKeycloak(page, password);
  password = 'changed-secret';
  await setNewPassword(page, password);
  await expect(page).toHaveURL('/profile');
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'Password updated' }),
  ).toBeVisible();

  await logOut(page);
  await page.goto('/login');
  await signInOnKeycloak(page, password);
  await expect(page).toHaveURL('/dashboard/overview');
});

test('five wrong passwords make the account wait, and the right one then says so', async ({ page }) => {
  await page.goto('/login');
  for (let failure = 1; failure <= 5; failure++) {
    await signInOnKeycloak(page, `wrong-${failure}`);
    await expect(page.locator('input[name=password]')).toBeVisible();
  }
  await signInOnKeycloak(page, password);
  await expect(page.getByText(IDENTITY_ERROR_MESSAGES['too-many-requests'])).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${keycloakURL}/realms/touchline/`));
});
