import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { mailUrl } from '../support/env';
import { grantPlan, signUpCoach } from '../support/journey';
import { generateSession } from '@touchline/tooling';

/** Three analysed sessions of one coach: compare two of them, then follow all three on the Development page. */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const SESSIONS = [
  {
    title: 'Monday rondo',
    script: [
      { text: 'Keep the ball moving, two touch.', at: 1 },
      { text: 'Good, now switch the play.', at: 8 },
    ],
  },
  {
    title: 'Wednesday pressing',
    script: [
      { text: 'What did you see there?', at: 1 },
      { text: 'Press together.', at: 6 },
      { text: 'Brilliant work everybody.', at: 11 },
    ],
  },
  { title: 'Friday finishing', script: [{ text: 'Hit the target, follow through.', at: 2 }] },
];

async function upload(page: Page, dir: string, session: (typeof SESSIONS)[number]) {
  const file = path.join(dir, `${session.title}.wav`);
  generateSession({ file, seconds: 16, snrDb: 20, script: session.script });
  await page.goto('/upload');
  await page.getByLabel('Recording file').setInputFiles(file);
  await expect(page.getByLabel('Title')).toHaveValue(session.title);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete');
}

test('three uploads, two compared side by side, and the development of all three with a goal turning met', async ({ page }) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'touchline-compare-'));
  const email = `comparer-${Date.now()}@club.example`;
  await signUpCoach(page, mailUrl, email, 'compare-secret');
  await grantPlan(page, email, 'Coach');

  // Before any analysed session, Compare explains what it needs.
  await page.getByRole('link', { name: 'Compare' }).click();
  await expect(page).toHaveURL(/\/dashboard\/compare$/);
  await expect(page.getByTestId('compare-empty')).toContainText('Comparing needs at least two analysed sessions.');

  for (const session of SESSIONS) await upload(page, dir, session);

  // No polling (docs/product-spec.md §9): the coach reloads the list until all three are analysed.
  await page.goto('/dashboard/sessions?status=completed');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('session-total')).toHaveText('3 sessions match', { timeout: 2000 });
  }).toPass({ timeout: 150_000 });

  // Compare: pick two from the searchable picker; the choice is in the URL.
  await page.goto('/dashboard/compare');
  const picker = page.getByRole('list', { name: 'Analysed sessions' });
  await expect(picker.getByRole('checkbox')).toHaveCount(3);
  await expect(page.getByTestId('compare-prompt')).toHaveText('Choose at least 2 sessions to compare.');
  await page.getByLabel('Search analysed sessions').fill('monday');
  await expect(page).toHaveURL(/search=monday/);
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  // The box follows the URL, which changes as the navigation completes.
  await picker.getByRole('checkbox').click();
  await expect(picker.getByRole('checkbox')).toBeChecked();
  await page.getByLabel('Search analysed sessions').fill('');
  await expect(picker.getByRole('checkbox')).toHaveCount(3);
  await picker.getByRole('listitem').filter({ hasText: 'Wednesday pressing' }).getByRole('checkbox').click();
  await expect(picker.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await expect(page).toHaveURL(/ids=[0-9a-f-]{36},[0-9a-f-]{36}/);

  const table = page.getByTestId('compare-table');
  await expect(table.getByRole('columnheader', { name: /Monday rondo/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Wednesday pressing/ })).toBeVisible();
  for (const label of [
    'Session length',
    'Talk ratio',
    'Interventions per minute',
    'Mean intervention',
    'Longest intervention',
    'Longest silence',
    'Questioning',
    'Praise',
    'Coaching style',
    'Communication score',
  ]) {
    await expect(table.getByRole('rowheader', { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  // Differences are marked, in words as well as colour.
  // A figure with an ideal band is marked by its distance to the band, any other by more or less.
  await expect(table.locator('td[data-verdict="best"]').first()).toContainText(/▲ (best|nearest the ideal)/);
  await expect(table.locator('td[data-verdict="worst"]').first()).toContainText(/▼ (worst|furthest from the ideal)/);

  // The shared link shows the same comparison after a reload.
  const shared = page.url();
  await page.goto(shared);
  await expect(table.getByRole('columnheader', { name: /Wednesday pressing/ })).toBeVisible();

  // The speech timelines on one axis; a stretch of speech plays that session from there.
  const timelines = page.getByTestId('compare-timeline');
  await expect(timelines).toHaveCount(2);
  const wednesday = timelines.filter({ hasText: 'Wednesday pressing' });
  await expect(wednesday.getByRole('button')).toHaveCount(3);
  await wednesday.getByRole('button').nth(2).click();
  await expect(page.getByTestId('compare-playing')).toHaveText(/^Playing Wednesday pressing from 0:1\d$/);
  const player = page.getByTestId('compare-player');
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThanOrEqual(10);

  // Development: one point per analysed session.
  await page.getByRole('link', { name: 'Development' }).click();
  await expect(page).toHaveURL(/\/dashboard\/development$/);
  await expect(page.getByTestId('development-count')).toContainText('3 analysed sessions');
  await expect(page.getByTestId('development-row')).toHaveCount(3);
  await expect(page.getByTestId('development-chart').locator('.recharts-line-dots').first().locator('circle, path')).toHaveCount(3);
  await page.getByRole('button', { name: 'Show as a table' }).click();
  await expect(page.getByTestId('development-table').getByRole('rowheader', { name: 'Friday finishing' })).toBeVisible();
  await expect(page.getByTestId('level-reached')).toHaveCount(5);
  await expect(page.getByTestId('suggestions').getByRole('listitem').first()).toBeVisible();

  // A goal the sessions miss, then the same goal with a target they meet.
  const goalForm = page.getByRole('form', { name: 'Set a goal' });
  await goalForm.getByLabel('Figure').selectOption({ label: 'Longest intervention' });
  await goalForm.getByLabel('Should be').selectOption('atMost');
  await goalForm.getByLabel('Target (s)').fill('0.5');
  await goalForm.getByLabel('By').fill('2099-12-31');
  await goalForm.getByRole('button', { name: 'Add goal' }).click();
  const goal = page.getByTestId('goal');
  await expect(goal).toContainText('Longest intervention ≤ 0.5 s');
  await expect(goal.getByTestId('goal-status')).toHaveText('Not met');
  await expect(page.getByTestId('development-row').filter({ hasText: 'Not met' })).toHaveCount(3);

  await goal.getByRole('button', { name: /^Change the goal/ }).click();
  const change = page.getByRole('form', { name: 'Change the goal' });
  await change.getByLabel('Target (s)').fill('30');
  await change.getByRole('button', { name: 'Save goal' }).click();
  await expect(goal).toContainText('Longest intervention ≤ 30.0 s');
  await expect(goal.getByTestId('goal-status')).toHaveText('Met');
  await expect(goal.getByRole('progressbar')).toHaveAttribute('value', '1');
  await expect(page.getByTestId('development-row').filter({ hasText: 'Met' }).filter({ hasNotText: 'Not met' })).toHaveCount(3);

  // A bad target is refused with the API's message and nothing is added.
  await goalForm.getByLabel('Figure').selectOption({ label: 'Questioning' });
  await goalForm.getByLabel('Target (%)').fill('150');
  await goalForm.getByRole('button', { name: 'Add goal' }).click();
  await expect(goalForm.getByRole('alert')).toHaveText('target must be a number from 0 to 1 for this figure');
  await expect(goal).toHaveCount(1);

  // The chart is reachable from the keyboard.
  await page.getByTestId('development-chart').locator('[tabindex="0"]').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('development-chart').locator('.recharts-tooltip-wrapper')).toBeVisible();
});
