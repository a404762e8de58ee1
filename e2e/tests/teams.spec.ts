import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { TEAM_MESSAGES } from '@touchline/shared';
import { setPlan } from '../support/admin';
import { baseURL, mailUrl } from '../support/env';
import { signUpCoach } from '../support/journey';
import { linkIn, waitForMail } from '../support/mail';
import { generateSession } from '@touchline/tooling';

test.describe.configure({ timeout: 300_000 });

test('an Elite Admin invites a coach, who signs up from the email and uploads; the admin reads the session in Team Sessions', async ({ page, browser }) => {
  const stamp = Date.now();
  const adminEmail = `team-admin-${stamp}@club.example`;
  const coachEmail = `team-coach-${stamp}@club.example`;

  // The installation admin puts a coach on Elite: the coach becomes the Elite Admin of a new team.
  await signUpCoach(page, mailUrl, adminEmail, 'admin-secret');
  expect(await setPlan(adminEmail, 'Elite')).toBe(`${adminEmail} is now on Elite.`);
  // plans.spec.ts follows the change live; here a reload is enough to pick it up.
  await page.reload();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Coach Management' })).toBeVisible({ timeout: 15_000 });

  // The admin invites a coach by email.
  await sidebar.getByRole('link', { name: 'Coach Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coach Management' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(coachEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('Elite Coach');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent' })).toContainText(`Invitation sent to ${coachEmail}`);
  await expect(page.getByTestId('invitation-row')).toContainText(coachEmail);

  // The invitee, in a browser of their own, opens the emailed link and signs up with the address filled in.
  const invitee = await (await browser.newContext({ baseURL })).newPage();
  const invitation = await waitForMail(mailUrl, coachEmail, /You are invited to join/);
  const link = linkIn(invitation.text);
  expect(link).toMatch(/\/invite\?token=[A-Za-z0-9_-]{43}$/);
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible();
  await expect(invitee.getByLabel('Email')).toHaveValue(coachEmail);
  await invitee.getByLabel('Username').fill('Invited Coach');
  await invitee.getByRole('button', { name: 'Sign up and join' }).click();
  await invitee.getByLabel('Password').fill('coach-secret');
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const verification = await waitForMail(mailUrl, coachEmail, /Verify your email/);
  await invitee.goto(linkIn(verification.text));

  // Verified, the new coach is back on the invitation and accepts it: plan Elite, the coach's menus, at once.
  await expect(invitee).toHaveURL(/\/invite\?token=/);
  await invitee.getByRole('button', { name: /^Accept and join / }).click();
  await expect(invitee.getByRole('status').filter({ hasText: 'You have joined' })).toBeVisible();
  await invitee.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(invitee).toHaveURL(/\/dashboard\/overview$/);
  await expect(invitee.getByTestId('sidebar').getByRole('region', { name: 'Dashboard' }).getByRole('link')).toHaveText([
    'Overview',
    'Sessions',
    'Compare',
    'Development',
  ]);
  expect(await invitee.evaluate(() => document.documentElement.dataset.theme)).toBe('purple');

  // The link is single use.
  await invitee.goto(link);
  await expect(invitee.getByRole('alert')).toHaveText(TEAM_MESSAGES.invitationUsed);

  // The admin sees the new member, and the invitation is gone.
  await page.reload();
  const member = page.getByTestId('member-row').filter({ hasText: coachEmail });
  await expect(member).toContainText('Invited Coach');
  await expect(member.getByLabel('Role of Invited Coach')).toHaveValue('Elite Coach');
  await expect(page.getByText('No pending invitations.')).toBeVisible();

  // The coach uploads a recording.
  const dir = await mkdtemp(path.join(tmpdir(), 'touchline-teams-'));
  const file = path.join(dir, 'Team rondo.wav');
  generateSession({ file, seconds: 16, snrDb: 20, script: [{ text: 'What did you see there? Switch the play.', at: 1 }] });
  await invitee.goto('/upload');
  await invitee.getByLabel('Recording file').setInputFiles(file);
  await expect(invitee.getByLabel('Title')).toHaveValue('Team rondo');
  await invitee.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(invitee.getByTestId('upload-state')).toHaveText('Upload complete');

  // The admin finds it in Team Sessions (no polling, §9: the admin reloads) and opens its report, read-only.
  await page.goto('/dashboard/team-sessions?status=completed');
  const row = page.getByTestId('team-session-row').filter({ hasText: 'Team rondo' });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 150_000 });
  await expect(row).toContainText('Invited Coach');
  await expect(row).toContainText('Analysed');
  await row.getByRole('link', { name: 'Team rondo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team rondo' })).toBeVisible();
  await expect(page.getByText(/Invited Coach’s session of .*Read-only\./)).toBeVisible();
  await expect(page.getByTestId('coaching-style')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Share for review' })).toHaveCount(0);
  // The member's recording plays for the admin, and a click on a stretch of speech seeks to it.
  const player = page.getByTestId('player');
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const speech = page.getByTestId('timeline').getByRole('button');
  const [, minutes, seconds] = /^Speech from (\d+):(\d\d)/.exec((await speech.last().getAttribute('aria-label')) ?? '') ?? [];
  const start = Number(minutes) * 60 + Number(seconds);
  expect(start).toBeGreaterThan(0);
  await speech.last().click();
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThanOrEqual(start - 0.5);

  await invitee.context().close();
});
