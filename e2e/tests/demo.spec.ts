import { expect, test } from '@playwright/test';

test.describe.configure({ timeout: 180_000 });

const currentTime = (page: import('@playwright/test').Page) => page.getByTestId('review-player').evaluate((el) => (el as HTMLMediaElement).currentTime);

test('/demo walks a visitor through the demo report and offers the free trial', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { name: 'Demo', exact: true })).toBeVisible();
  // The product analyses its generated recording in the background at start; a visit that comes first waits for it.
  await expect(page.getByRole('heading', { name: 'Demo: U12 passing and receiving' })).toBeVisible({ timeout: 150_000 });
  const steps = page.getByRole('list', { name: 'What the report shows' });
  for (const step of ['The timeline', 'Talk metrics', 'Coded transcript', 'Scores']) await expect(steps).toContainText(step);
  await expect(page.getByTestId('review-timeline')).toBeVisible();
  await expect(page.getByRole('definition').first()).toBeVisible();
  await expect(page.getByText('Session length')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scores' })).toBeVisible();
  // `npm start` installs pocketsphinx, so the demo carries a coded transcript.
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Play from / }).first()).toBeVisible();
  // The recording plays from where the timeline is clicked.
  await expect(page.getByTestId('review-player')).toBeVisible();
  const box = (await page.getByTestId('review-timeline').boundingBox())!;
  await page.getByTestId('review-timeline').click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect.poll(() => currentTime(page)).toBeGreaterThan(20);
  const trial = page.getByRole('link', { name: 'Start Free Trial' }).first();
  await expect(trial).toHaveAttribute('href', '/signup?plan=Free%20Trial');
});

test('/pro-external-review-demo shows the external review of the demo session with sample comments, read-only', async ({ page }) => {
  await page.goto('/pro-external-review-demo');
  await expect(page.getByRole('heading', { name: 'Professional external review' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Demo: U12 passing and receiving' })).toBeVisible({ timeout: 150_000 });
  const comments = page.getByTestId('comment');
  await expect(comments.first()).toBeVisible();
  await expect(comments.filter({ hasText: 'A good open question' })).toContainText('0:17');
  await expect(comments.filter({ hasText: 'A good open question' })).toContainText('replied');
  await expect(comments.filter({ hasText: 'Praise with a name' })).toContainText('resolved by the coach');
  // Read-only: no name, no comment form, no replies.
  await expect(page.getByRole('button', { name: 'Add comment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await expect(page.getByLabel('Your name')).toHaveCount(0);
  await comments.filter({ hasText: 'A good open question' }).getByRole('button', { name: 'Play from 0:17' }).click();
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(17);
});
