import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { setPlan } from '../support/admin';
import { mailUrl } from '../support/env';
import { signUpCoach } from '../support/journey';
import { generateSession } from '@touchline/tooling';

/** Every screen reads on a phone (390 px) as on a desktop (1280 px): no sideways scrolling, no table cut off. */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const WIDTHS = [390, 1280];

const PUBLIC = [
  '/',
  '/pricing',
  '/help/chatbot',
  '/help/guides',
  '/help/faq',
  '/help/contact',
  '/demo',
  '/terms',
  '/privacy',
  '/pro-external-review-demo',
  '/signup',
  '/404',
];

/** What is wider than the window: the page itself, or a table wider than the box that shows it. */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const page = document.scrollingElement!;
    if (page.scrollWidth > window.innerWidth) problems.push(`the page is ${page.scrollWidth} px wide in a ${window.innerWidth} px window`);
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const box = table.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden, for screen readers
      for (let parent = table.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        // A table in a visually hidden box is there for screen readers only.
        if (parent.getBoundingClientRect().width <= 1) break;
        if (table.scrollWidth > parent.clientWidth + 1) {
          const name = table.querySelector('caption')?.textContent ?? table.getAttribute('data-testid') ?? 'a table';
          problems.push(`${name}: ${table.scrollWidth} px in a ${parent.clientWidth} px box`);
        }
        break;
      }
    }
    return problems;
  });
}

async function checkRoutes(page: Page, routes: string[]) {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const route of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
      // Not networkidle: the live session events keep a request open.
      await page.waitForTimeout(1000);
      for (const problem of await overflows(page)) found.push(`${route} at ${width} px: ${problem}`);
    }
  }
  expect(found).toEqual([]);
}

test('signed out', async ({ page }) => {
  await checkRoutes(page, PUBLIC);
});

test('signed in: an Elite Admin with a team and an analysed session, then the same coach on Coach Plus', async ({ page }) => {
  const email = `layout-${Date.now()}@club.example`;
  await signUpCoach(page, mailUrl, email, 'layout-secret');
  expect(await setPlan(email, 'Elite')).toBe(`${email} is now on Elite.`);

  const file = path.join(await mkdtemp(path.join(tmpdir(), 'touchline-layout-')), 'Tuesday drills with a long title for small screens.wav');
  generateSession({
    file,
    seconds: 16,
    snrDb: 20,
    script: [
      { text: 'What did you see there? Keep the ball moving.', at: 1 },
      { text: 'Brilliant work everybody.', at: 8 },
    ],
  });
  await page.goto('/upload');
  await page.getByLabel('Recording file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete', { timeout: 60_000 });
  await page.goto('/dashboard/sessions?status=completed');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('session-total')).toHaveText(/^1 session/, { timeout: 2000 });
  }).toPass({ timeout: 150_000 });
  const report = await page
    .getByRole('link', { name: /Tuesday drills/ })
    .first()
    .getAttribute('href');

  await page.reload();
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Coach Management' })).toBeVisible({ timeout: 15_000 });
  await checkRoutes(page, [
    '/dashboard/overview',
    '/dashboard/sessions',
    '/dashboard/management',
    '/dashboard/team-sessions',
    '/upload',
    '/profile',
    '/subscription',
    report!,
  ]);

  expect(await setPlan(email, 'Coach Plus')).toBe(`${email} is now on Coach Plus.`);
  // On a dashboard route the sidebar's Dashboard group is open.
  await page.goto('/dashboard/overview');
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Development' })).toBeVisible({ timeout: 15_000 });
  await checkRoutes(page, ['/dashboard/overview', '/dashboard/compare', '/dashboard/development', report!]);
});
