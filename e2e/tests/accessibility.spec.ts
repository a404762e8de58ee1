import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Response } from '@playwright/test';
import { mailUrl } from '../support/env';
import { linkIn, waitForMail } from '../support/mail';
import { generateSession } from '@touchline/tooling';

/**
 * Every route through axe-core in a desktop window and on a 390 px phone: signed out for the public routes,
 * signed in (an Elite Admin, whom every protected route admits) for the protected ones. Serious and critical
 * violations fail the test; the keyboard and layout details axe cannot judge are checked beside it.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const PUBLIC_ROUTES = [
  '/',
  '/pricing',
  '/help/chatbot',
  '/help/guides',
  '/help/guides/scores',
  '/help/faq',
  '/help/contact',
  '/demo',
  '/terms',
  '/privacy',
  '/pro-external-review-demo',
  '/signup',
  '/reset-password',
  '/invite',
  '/external-review/00000000-0000-4000-8000-000000000000/not-a-token',
  '/404',
];

const PROTECTED_ROUTES = [
  '/dashboard/overview',
  '/dashboard/sessions',
  '/dashboard/compare',
  '/dashboard/development',
  '/dashboard/management',
  '/dashboard/team-sessions',
  '/upload',
  '/profile',
  '/subscription',
];

const email = `a11y-${Date.now()}@club.example`;
const password = 'a11y-secret';
let reportPath = '';
// The signed-in tests share one page: tokens live in memory, and the provider's session cookie in this context.
let coach: Page;

/** Opens a route and waits until its screen (not the loading spinner) is there. */
async function open(page: Page, route: string) {
  await page.goto(route);
  // Screens load on demand; on a busy machine the first load of one can take a while.
  await expect(page.getByRole('heading', { level: 1 }).first(), `the page at ${route}`).toBeVisible({ timeout: 30_000 });
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

async function expectNoSeriousViolations(page: Page, routes: string[]) {
  const found: Record<string, unknown> = {};
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const route of routes) {
      await open(page, route);
      const violations = await seriousViolations(page);
      if (violations.length) found[`${viewport.name} ${route}`] = violations;
    }
  }
  expect(found).toEqual({});
}

/** The outline a focused control draws, as the browser computes it. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor, background: style.backgroundColor };
  });

test('public routes have no serious or critical accessibility violations, on desktop and phone', async ({ page }) => {
  await expectNoSeriousViolations(page, PUBLIC_ROUTES);
});

test('every page has its own title, and the skip link is the first stop of the keyboard', async ({ page }) => {
  await open(page, '/pricing');
  await expect(page).toHaveTitle('Pricing · Touchline');
  await open(page, '/help/faq');
  await expect(page).toHaveTitle('FAQ · Touchline');

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  // Visible once focused, not a one-pixel screen-reader box.
  expect((await skip.boundingBox())!.width).toBeGreaterThan(50);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('primary buttons show a focus ring that stands out from their fill', async ({ page }) => {
  await open(page, '/signup');
  await page.getByLabel('Username').focus();
  await page.keyboard.press('Tab'); // Email
  await page.keyboard.press('Tab'); // Plan
  await page.keyboard.press('Tab'); // Continue, the primary button
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
  const ring = await focusRing(page);
  expect(ring.style).not.toBe('none');
  expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
  expect(ring.color).not.toBe(ring.background);
});

test('the phone header offers Login and Start Free Trial to a visitor', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
  // Nothing in the header spills past the phone's width.
  expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test('a signed-in coach: sign-up, an analysed session, and no trial offered', async ({ browser }) => {
  coach = await (await browser.newContext()).newPage();
  const page = coach;
  await page.goto('/signup?plan=Elite');
  await page.getByLabel('Username').fill('Axe Admin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.goto(linkIn((await waitForMail(mailUrl, email, /Verify your email/)).text));
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  for (const route of ['/', '/pricing', '/dashboard/overview']) {
    await open(page, route);
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveCount(0);
  }

  const file = path.join(await mkdtemp(path.join(tmpdir(), 'touchline-a11y-')), 'Axe session.wav');
  generateSession({
    file,
    seconds: 12,
    script: [
      { text: 'Look up before you pass.', at: 1 },
      { text: 'Well done everybody.', at: 7 },
    ],
  });
  await open(page, '/upload');
  await page.getByLabel('Recording file').setInputFiles(file);
  // Focus moves on to the title, not back to the page.
  await expect(page.getByLabel('Title')).toBeFocused();
  const ring = await focusRing(page);
  expect(ring.style).not.toBe('none');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete');
  await page.getByRole('link', { name: 'Open its report' }).click();
  await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]{36}$/);
  reportPath = new URL(page.url()).pathname;
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('coaching-style')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 90_000 });
  await expect(page).toHaveTitle('Session report · Touchline');

  // Once there are sessions, the overview still offers the next upload.
  await open(page, '/dashboard/overview');
  await expect(page.getByRole('main').getByRole('link', { name: 'Upload a session' })).toBeVisible();
});

test("keyboard focus stays where the coach put it while the page's data arrives late", async () => {
  test.skip(!reportPath, 'needs the signed-in coach of the test before');
  const page = coach;
  await page.setViewportSize({ width: 1280, height: 800 });
  // The API answers the page's data late, as on a slow connection, until released.
  let release = () => {};
  let gate = Promise.resolve();
  const hold = () => (gate = new Promise<void>((resolve) => (release = resolve)));
  await page.route(
    (url) => url.pathname === '/api/sessions' || url.pathname === '/api/sessions/usage',
    async (route) => {
      await gate;
      await route.continue();
    },
  );
  // A page kept signed in from before the reload asks for its data at once: those requests wait for the identity
  // client's token, never go without it (a 401 answered late, after the live stream's catch-up, left the page saying
  // "Authentication required").
  const refused: string[] = [];
  const onResponse = (response: Response) => {
    if (response.status() === 401) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  };
  page.on('response', onResponse);
  try {
    // Sessions: the coach tabs to the page's first action before the list is there; it arrives; focus stays.
    hold();
    await open(page, '/dashboard/sessions');
    const upload = page.getByRole('main').getByRole('link', { name: 'Upload a session' });
    await page.getByRole('main').focus();
    await page.keyboard.press('Tab');
    await expect(upload).toBeFocused();
    release();
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    await expect(upload).toBeFocused();

    // Upload: Enter on "Choose a file" at once, before the allowance is known, opens the file dialog.
    hold();
    await open(page, '/upload');
    await page.getByRole('main').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Choose a file' })).toBeFocused();
    const chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
    await page.keyboard.press('Enter');
    expect((await chooser).isMultiple()).toBe(false);
    expect(refused).toEqual([]);
  } finally {
    page.off('response', onResponse);
    release();
    await page.unrouteAll({ behavior: 'wait' });
  }
});

test('the report: an audio player without a dark frame, and score chart labels that neither overlap nor crowd on a phone', async () => {
  test.skip(!reportPath, 'needs the analysed session of the test before');
  const page = coach;
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, reportPath);
  const player = page.getByTestId('player');
  await expect(player).toBeVisible();
  expect(await player.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');

  // No two of the chart's texts (axis labels, category names, score captions) overlap, and none runs off the chart.
  const chart = page.getByTestId('score-chart');
  const texts = chart.locator('svg text');
  await expect(texts.filter({ hasText: /^\d+$/ }).first()).toBeVisible();
  const frame = (await chart.boundingBox())!;
  const boxes = await texts.evaluateAll((els) =>
    els.map((el) => {
      const b = el.getBoundingClientRect();
      return { text: el.textContent, left: b.left, right: b.right, top: b.top, bottom: b.bottom };
    }),
  );
  expect(boxes.filter((b) => /^\d+$/.test(b.text ?? '')).length).toBeGreaterThanOrEqual(2);
  const overlaps = boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
      .map((b) => `${a.text} / ${b.text}`),
  );
  expect(overlaps).toEqual([]);
  // The score axis's numbers stand apart enough to read as separate numbers: five of them on a phone stood 6 px apart.
  const axis = boxes.filter((b) => /^\d+$/.test(b.text ?? '')).sort((a, b) => a.left - b.left);
  for (let i = 1; i < axis.length; i += 1)
    expect(axis[i]!.left - axis[i - 1]!.right, `space between ${axis[i - 1]!.text} and ${axis[i]!.text}`).toBeGreaterThanOrEqual(8);
  for (const b of boxes) expect(b.right, `${b.text} inside the chart`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
});

test('protected routes have no serious or critical accessibility violations, on desktop and phone', async () => {
  test.skip(!reportPath, 'needs the signed-in coach of the test before');
  await expectNoSeriousViolations(coach, [...PROTECTED_ROUTES, reportPath]);
  await coach.context().close();
});
