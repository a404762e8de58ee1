import { expect, type Page } from '@playwright/test';
import { codeIn, countMails, waitForMail } from './mail';

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
