import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { mailUrl } from '../support/env';
import { grantPlan, signUpCoach } from '../support/journey';
import { countMails, waitForMail } from '../support/mail';
import { generateSession } from '@touchline/tooling';

test.describe.configure({ timeout: 240_000 });

test('a coach shares a report, a reviewer without an account comments at 0:42, the coach seeks to it and revokes the link', async ({ browser }) => {
  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  const email = `reviewed-${Date.now()}@club.example`;
  await signUpCoach(coach, mailUrl, email, 'review-secret', '', 'Pro');
  await grantPlan(coach, email, 'Pro');

  const file = path.join(await mkdtemp(path.join(tmpdir(), 'touchline-review-')), 'Rondo review.wav');
  generateSession({
    file,
    seconds: 60,
    script: [
      { text: 'Look up before you pass.', at: 5 },
      { text: 'What did you see there?', at: 40 },
    ],
  });
  await coach.goto('/upload');
  await coach.getByLabel('Recording file').setInputFiles(file);
  await coach.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(coach.getByTestId('upload-state')).toHaveText('Upload complete', { timeout: 120_000 });
  await coach.getByRole('link', { name: 'Open its report' }).click();
  await expect(coach.getByTestId('coaching-style')).toBeVisible({ timeout: 120_000 });

  // The coach makes a link for one reviewer.
  await coach.getByLabel('Reviewer').fill('Alex from the academy');
  await coach.getByRole('button', { name: 'Create review link' }).click();
  const url = await coach.getByTestId('review-link-url').inputValue();
  expect(url).toMatch(/\/external-review\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/);
  await expect(coach.getByTestId('review-link')).toContainText('Alex from the academy');

  // A second browser, no account: the report, and a comment pinned at 0:42.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await reviewer.goto(url);
  await expect(reviewer.getByRole('heading', { name: 'Rondo review' })).toBeVisible();
  await expect(reviewer.getByTestId('review-player')).toBeVisible();
  await reviewer.getByLabel('Your name').fill('Alex');
  await reviewer.getByRole('button', { name: 'Start commenting' }).click();
  const mailsBefore = await countMails(mailUrl, email, /New review of/);
  await reviewer.getByLabel('At', { exact: true }).fill('0:42');
  await reviewer.getByLabel('Comment', { exact: true }).fill('Good open question <b>here</b>: let them answer.');
  await reviewer.getByRole('button', { name: 'Add comment' }).click();
  const posted = reviewer.getByTestId('comment');
  await expect(posted).toContainText('0:42');
  await expect(posted).toContainText('Good open question <b>here</b>: let them answer.');

  // The coach is emailed, sees the comment on the report, and a click plays from 0:42.
  const mail = await waitForMail(mailUrl, email, /New review of "Rondo review"/, mailsBefore);
  expect(mail.text).toContain('Alex left a comment');
  await coach.reload();
  const comment = coach.getByTestId('review-comment');
  await expect(comment).toContainText('Alex · via Alex from the academy');
  await comment.getByRole('button', { name: 'Play from 0:42' }).click();
  await expect.poll(() => coach.getByTestId('player').evaluate((el) => (el as HTMLMediaElement).currentTime)).toBeGreaterThanOrEqual(42);
  expect(await coach.getByTestId('player').evaluate((el) => (el as HTMLMediaElement).currentTime)).toBeLessThan(46);
  await comment.getByRole('button', { name: 'Resolve' }).click();
  await expect(comment).toContainText('resolved');

  // Revoked: the reviewer's next visit finds one page saying so.
  await coach.getByRole('button', { name: 'Revoke the link for Alex from the academy' }).click();
  await expect(coach.getByTestId('review-link')).toContainText('Revoked');
  await reviewer.reload();
  await expect(reviewer.getByText('This review link is no longer available.')).toBeVisible();
  await expect(reviewer.getByText('Rondo review')).toHaveCount(0);

  await reviewerContext.close();
  await coachContext.close();
});
